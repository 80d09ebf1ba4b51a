import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { translate } from '../../i18n/i18n.js';
import { LANGUAGES } from '../../i18n/languages.js';
import {
  isOAuthCallbackProvider,
  OAUTH_CALLBACK_ATTEMPTS,
  oauthAuthorizeUrl,
  oauthCallbackQuerySchema,
  oauthCallbackRetries,
  signInWithOAuth,
} from './oauth.js';
import { signInProviders } from './sign-in-providers.js';

/** A client whose server answers every call with `reply` and records the URLs asked. */
function clientAnswering(reply: unknown, status = 200) {
  const urls: string[] = [];
  const client = new ApiClient({
    baseUrl: 'http://gw.test',
    fetch: async (url) => {
      urls.push(url);
      return { status, text: async () => JSON.stringify(reply) };
    },
  });
  return { client, urls };
}

describe('third-party sign-in', () => {
  it('offers only the providers the status turns on, in one-hub order', () => {
    const off = { github_oauth: false, wechat_login: false, lark_login: false, oidc_auth: false };
    expect(signInProviders(undefined)).toEqual([]);
    expect(signInProviders(off)).toEqual([]);
    expect(signInProviders({ ...off, oidc_auth: true, github_oauth: true })).toEqual(['github', 'oidc']);
    expect(
      signInProviders({ github_oauth: true, wechat_login: true, lark_login: true, oidc_auth: true }),
    ).toEqual(['github', 'wechat', 'lark', 'oidc']);
  });

  it('knows the callback providers and needs a code', () => {
    expect(['github', 'lark', 'oidc'].every(isOAuthCallbackProvider)).toBe(true);
    expect(isOAuthCallbackProvider('wechat')).toBe(false);
    expect(isOAuthCallbackProvider(undefined)).toBe(false);
    expect(oauthCallbackQuerySchema.safeParse({ code: ' ', state: 's' }).success).toBe(false);
    expect(oauthCallbackQuerySchema.parse({ code: 'c', state: 's' })).toEqual({
      code: 'c',
      state: 's',
      aff: '',
    });
  });

  it('tells a bind ("bind") from a sign-in (the user) and sends code, state and aff', async () => {
    const bound = clientAnswering({ success: true, message: 'bind' });
    expect(await signInWithOAuth(bound.client, 'github', { code: 'c1', state: 's1', aff: 'AbCd' })).toEqual({
      kind: 'bound',
    });
    expect(bound.urls[0]).toBe('http://gw.test/api/oauth/github?code=c1&state=s1&aff=AbCd');
    const signed = clientAnswering({
      success: true,
      message: '',
      data: { id: 5, username: 'github_5', role: 1 },
    });
    const outcome = await signInWithOAuth(signed.client, 'oidc', { code: 'c2', state: 's2' });
    expect(outcome).toMatchObject({ kind: 'signed_in', user: { id: 5, username: 'github_5' } });
  });

  it('retries only failures that may pass by themselves, and only while attempts remain', () => {
    const network = new GwApiError('NETWORK', 'offline');
    const busy = new GwApiError('RATE_LIMITED', 'slow down', { status: 429 });
    const broken = new GwApiError('INTERNAL', 'boom', { status: 502 });
    const refused = new GwApiError('FORBIDDEN', 'state', { status: 403 });
    const failed = new GwApiError('FAILED', 'code rejected');
    for (const error of [network, busy, broken]) {
      expect(oauthCallbackRetries(error, 1)).toBe(true);
      expect(oauthCallbackRetries(error, OAUTH_CALLBACK_ATTEMPTS)).toBe(false);
    }
    expect(oauthCallbackRetries(refused, 1)).toBe(false);
    expect(oauthCallbackRetries(failed, 1)).toBe(false);
    expect(oauthCallbackRetries(new Error('plain'), 1)).toBe(false);
  });

  it('builds the GitHub and Lark authorize URLs with the state', () => {
    expect(
      oauthAuthorizeUrl('github', { clientId: 'cid', state: 's 1', origin: 'https://gw.example.com' }),
    ).toBe('https://github.com/login/oauth/authorize?client_id=cid&state=s%201&scope=user:email');
    expect(
      oauthAuthorizeUrl('lark', { clientId: 'app', state: 'st', origin: 'https://gw.example.com/' }),
    ).toBe(
      'https://open.feishu.cn/open-apis/authen/v1/index?redirect_uri=https%3A%2F%2Fgw.example.com%2Foauth%2Flark&app_id=app&state=st',
    );
  });

  it('names every provider and callback text in every language', () => {
    const keys = [
      ...['github', 'wechat', 'lark', 'oidc'].map((provider) => `account.providers.${provider}`),
      ...[
        'processing',
        'bound',
        'retrying',
        'failed',
        'failed_attempts',
        'retry',
        'bad_link',
        'state_mismatch',
      ].map((key) => `account.oauth.${key}`),
    ];
    for (const language of LANGUAGES) {
      for (const key of keys) expect(translate(language, key), `${language} ${key}`).not.toBe(key);
    }
  });
});
