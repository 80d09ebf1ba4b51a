// Third-party sign-in and binding (console-screens §13.1, §13.5, §23; contract §1.2): the callback
// queries, the calls, which providers a site offers, the authorize URLs and the callback page's retry
// rule. Every face (and the server's routes) uses these definitions.
import { z } from 'zod';
import type { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { type User, userSchema } from './users.schema.js';

/** Providers whose authorize page sends the browser back to `/oauth/<provider>?code&state`. */
export const OAUTH_CALLBACK_PROVIDERS = ['github', 'lark', 'oidc'] as const;
export type OAuthCallbackProvider = (typeof OAUTH_CALLBACK_PROVIDERS)[number];

/** Whether a path segment names a callback provider. */
export function isOAuthCallbackProvider(value: string | undefined): value is OAuthCallbackProvider {
  return (OAUTH_CALLBACK_PROVIDERS as readonly string[]).includes(value ?? '');
}

/** An invitation code as links carry it (`?aff=`); ignored by the server when unknown. */
export const affCodeSchema = z
  .string({ message: 'validation.invalid_type' })
  .trim()
  .max(32, 'validation.max_length')
  .default('');

const providerCode = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(1024, 'validation.max_length');

/** `GET /api/oauth/github|lark|oidc` query: the provider's code, the state it echoes, the invitation code. */
export const oauthCallbackQuerySchema = z.object({
  code: providerCode,
  state: z.string({ message: 'validation.invalid_type' }).max(64, 'validation.max_length').default(''),
  aff: affCodeSchema,
});
export type OAuthCallbackQuery = z.input<typeof oauthCallbackQuerySchema>;

/** The code the WeChat official account sends (valid 3 minutes, spec §9). */
export const wechatCodeSchema = z
  .string({ message: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(64, 'validation.max_length');

/** `GET /api/oauth/wechat` query. */
export const wechatLoginQuerySchema = z.object({ code: wechatCodeSchema, aff: affCodeSchema });

/** The message a third-party callback answers when it bound the account instead of signing in (spec §4). */
export const OAUTH_BIND_MESSAGE = 'bind';

/** What a third-party callback did: bound the signed-in account, or signed someone in. */
export type OAuthOutcome = { kind: 'bound' } | { kind: 'signed_in'; user: User };

function outcomeOf(envelope: { message?: string; data?: unknown }): OAuthOutcome {
  if (envelope.message === OAUTH_BIND_MESSAGE) return { kind: 'bound' };
  const user = userSchema.safeParse(envelope.data);
  if (!user.success) {
    throw new GwApiError('FAILED', 'unexpected reply from an OAuth callback', {
      messageKey: 'errors.bad_reply',
    });
  }
  return { kind: 'signed_in', user: user.data };
}

/** Finishes a GitHub, Lark or OIDC round trip: `GET /api/oauth/<provider>?code&state&aff`. */
export async function signInWithOAuth(
  client: ApiClient,
  provider: OAuthCallbackProvider,
  query: OAuthCallbackQuery,
): Promise<OAuthOutcome> {
  const checked = oauthCallbackQuerySchema.parse(query);
  return outcomeOf(await client.send('GET', `/api/oauth/${provider}`, { query: checked }));
}

/** Signs in with the code the WeChat official account sent: `GET /api/oauth/wechat?code&aff`. */
export async function signInWithWechat(client: ApiClient, code: string, aff = ''): Promise<OAuthOutcome> {
  const checked = wechatLoginQuerySchema.parse({ code, aff });
  return outcomeOf(await client.send('GET', '/api/oauth/wechat', { query: checked }));
}

/** Binds WeChat with the code the official account sent (`GET /api/oauth/wechat/bind`). */
export async function bindWechat(client: ApiClient, code: string): Promise<void> {
  await client.send('GET', '/api/oauth/wechat/bind', { query: { code: wechatCodeSchema.parse(code) } });
}

/** A fresh OAuth `state` for a bind or sign-in round trip (`GET /api/oauth/state`). */
export function getOAuthState(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/oauth/state', z.string());
}

/** The OIDC provider's authorize URL, its state kept by the server (`GET /api/oauth/endpoint`). */
export function getOidcAuthorizeUrl(client: ApiClient): Promise<string> {
  return client.request('GET', '/api/oauth/endpoint', z.string());
}

/**
 * Where a GitHub or Lark sign-in or bind sends the browser (§0.6 OAuth helpers): GitHub's authorize
 * page with `scope=user:email`, or Feishu's with the callback `<origin>/oauth/lark`; both carry `state`.
 */
export function oauthAuthorizeUrl(
  provider: 'github' | 'lark',
  input: { clientId: string; state: string; origin: string },
): string {
  const state = encodeURIComponent(input.state);
  const clientId = encodeURIComponent(input.clientId);
  if (provider === 'github') {
    return `https://github.com/login/oauth/authorize?client_id=${clientId}&state=${state}&scope=user:email`;
  }
  const redirect = encodeURIComponent(`${input.origin.replace(/\/+$/, '')}/oauth/lark`);
  return `https://open.feishu.cn/open-apis/authen/v1/index?redirect_uri=${redirect}&app_id=${clientId}&state=${state}`;
}

/** How many times the callback page asks the server before it gives up (§13.5). */
export const OAUTH_CALLBACK_ATTEMPTS = 3;
/** The wait before the callback page asks again, and before it returns to the sign-in page. */
export const OAUTH_RETRY_DELAY_MS = 2000;

/**
 * Whether a failed callback is worth asking again: only a failure that may pass by itself (the
 * network, a rate limit, a server error) and only while attempts remain. A refusal — a state that does
 * not match, a code the provider rejected, registration closed — answers the same every time, so the
 * page shows it at once (one-hub's counter never retried at all; console-screens Appendix E).
 */
export function oauthCallbackRetries(error: unknown, attempt: number): boolean {
  if (attempt >= OAUTH_CALLBACK_ATTEMPTS) return false;
  if (!(error instanceof GwApiError)) return false;
  return error.code === 'NETWORK' || error.status === 429 || error.status >= 500;
}
