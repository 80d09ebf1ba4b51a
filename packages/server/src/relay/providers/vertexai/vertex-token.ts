// Vertex AI's credential (spec §19 row "vertexai"): the channel key is a Google service-account JSON; a
// JWT signed with its private key (RS256) is exchanged at its token_uri for an OAuth access token
// (RFC 7523 assertion grant). Tokens are cached per key until shortly before they expire, and only one
// exchange per key runs at a time: concurrent requests wait for the same one. With Redis configured (the
// processes of `gw serve --workers N`) a token is also shared there until it is due for renewal, so one
// exchange serves every process; a Redis failure only costs that sharing.
import { createHash, createSign } from 'node:crypto';
import type { Redis } from '../../../redis/connection.js';
import type { CredentialFetch } from '../provider.js';
import { UpstreamFailure } from '../provider.js';

/** The scope every Vertex AI call needs. */
export const VERTEX_SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
/** Google's token endpoint, when the JSON names none. */
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** A cached token is renewed this long before it expires, so no request goes out with a dying one. */
export const TOKEN_RENEW_MARGIN_SECONDS = 300;
/** The lifetime asked for in the assertion (Google's maximum). */
const ASSERTION_LIFETIME_SECONDS = 3600;

/** The fields of a service-account JSON the exchange reads. */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string;
  tokenUri: string;
}

function credentialFailure(message: string, status = 401): UpstreamFailure {
  return new UpstreamFailure({ status, message, type: 'vertex_ai_error', code: 'invalid_credentials' });
}

/** Reads the channel key; a key that is not a usable service-account JSON fails as the channel's fault. */
export function parseServiceAccount(key: string): ServiceAccount {
  let value: unknown;
  try {
    value = JSON.parse(key);
  } catch {
    throw credentialFailure('Vertex AI channel key is not a service-account JSON');
  }
  const record = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (name: string) => (typeof record[name] === 'string' ? (record[name] as string) : '');
  const clientEmail = text('client_email');
  const privateKey = text('private_key');
  if (!clientEmail || !privateKey) {
    throw credentialFailure('Vertex AI service-account JSON lacks client_email or private_key');
  }
  return {
    clientEmail,
    privateKey,
    privateKeyId: text('private_key_id'),
    tokenUri: text('token_uri') || GOOGLE_TOKEN_URI,
  };
}

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/** The signed JWT assertion (RS256) for an account at a time (unix seconds). */
export function signedAssertion(account: ServiceAccount, nowSeconds: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(account.privateKeyId ? { kid: account.privateKeyId } : {}) };
  const claims = {
    iss: account.clientEmail,
    scope: VERTEX_SCOPE,
    aud: account.tokenUri,
    iat: nowSeconds,
    exp: nowSeconds + ASSERTION_LIFETIME_SECONDS,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  let signature: Buffer;
  try {
    signature = createSign('RSA-SHA256').update(unsigned).sign(account.privateKey);
  } catch {
    throw credentialFailure('Vertex AI service-account private_key is not a usable RSA key');
  }
  return `${unsigned}.${base64url(signature)}`;
}

export interface CachedToken {
  token: string;
  /** Unix milliseconds after which the token is renewed. */
  renewAt: number;
}

/** Tokens by a hash of the key (the key itself is never a map key that could end up in a dump). */
const tokens = new Map<string, CachedToken>();
const pending = new Map<string, Promise<CachedToken>>();

/** Tokens shared between processes, each kept until it is due for renewal. */
export interface SharedVertexTokens {
  get(id: string): Promise<CachedToken | undefined>;
  set(id: string, token: CachedToken, now: number): Promise<void>;
}

let shared: SharedVertexTokens | undefined;

/** Shares this process's tokens through `store` from now on; the returned function stops it. */
export function shareVertexTokens(store: SharedVertexTokens): () => void {
  shared = store;
  return () => {
    if (shared === store) shared = undefined;
  };
}

export function vertexTokenRedisKey(prefix: string, id: string): string {
  return `${prefix}vertex_token:${id}`;
}

/** The tokens in Redis under `<prefix>vertex_token:<sha256 of the key>`, expiring when due for renewal. */
export function redisVertexTokens(redis: Redis, keyPrefix = ''): SharedVertexTokens {
  return {
    async get(id) {
      const text = await redis.get(vertexTokenRedisKey(keyPrefix, id));
      if (!text) return undefined;
      const value = JSON.parse(text) as Partial<CachedToken>;
      return typeof value.token === 'string' && typeof value.renewAt === 'number'
        ? { token: value.token, renewAt: value.renewAt }
        : undefined;
    },
    async set(id, token, now) {
      const ttl = Math.floor(token.renewAt - now);
      if (ttl <= 0) return;
      await redis.set(vertexTokenRedisKey(keyPrefix, id), JSON.stringify(token), 'PX', ttl);
    },
  };
}

/** A token from the shared store, else a fresh exchange put there for the other processes. */
async function obtain(id: string, key: string, fetch: CredentialFetch, now: number): Promise<CachedToken> {
  const store = shared;
  if (store) {
    const hit = await store.get(id).catch(() => undefined);
    if (hit && hit.renewAt > now) return hit;
  }
  const fresh = await exchange(parseServiceAccount(key), fetch, now);
  if (store) await store.set(id, fresh, now).catch(() => undefined);
  return fresh;
}

async function exchange(account: ServiceAccount, fetch: CredentialFetch, now: number): Promise<CachedToken> {
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    // Signed at the real time: the token service checks iat and exp against its own clock.
    assertion: signedAssertion(account, Math.floor(Date.now() / 1000)),
  });
  const reply = await fetch({
    method: 'POST',
    url: account.tokenUri,
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form.toString(),
  });
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(reply.text);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // not JSON: handled below as a refusal
  }
  const token = typeof body.access_token === 'string' ? body.access_token : '';
  if (reply.status < 200 || reply.status >= 300 || !token) {
    const reason =
      typeof body.error_description === 'string'
        ? body.error_description
        : typeof body.error === 'string'
          ? body.error
          : `HTTP ${reply.status}`;
    // A refused account is an auth failure (401, may auto-disable); a broken token service is a 5xx.
    throw credentialFailure(
      `Vertex AI token exchange failed: ${reason}`,
      reply.status >= 500 ? reply.status : 401,
    );
  }
  const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : 3600;
  const renewIn = Math.max(0, lifetime - TOKEN_RENEW_MARGIN_SECONDS);
  return { token, renewAt: now + renewIn * 1000 };
}

/** An access token for the channel key: cached, else exchanged (one exchange per key at a time). */
export async function vertexAccessToken(
  key: string,
  fetch: CredentialFetch,
  now = Date.now(),
): Promise<string> {
  const id = createHash('sha256').update(key).digest('hex');
  const cached = tokens.get(id);
  if (cached && cached.renewAt > now) return cached.token;
  let running = pending.get(id);
  if (!running) {
    // A key that is no service account fails here, before any shared-store or token call.
    parseServiceAccount(key);
    running = obtain(id, key, fetch, now).finally(() => pending.delete(id));
    pending.set(id, running);
  }
  const fresh = await running;
  tokens.set(id, fresh);
  return fresh.token;
}
