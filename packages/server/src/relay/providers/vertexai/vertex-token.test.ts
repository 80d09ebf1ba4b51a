// The service-account token cache against the fake token endpoint over loopback HTTP: renewed shortly
// before expiry, never earlier; one exchange for concurrent callers; refusals are channel failures.
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openRedis } from '../../../redis/connection.js';
import {
  FAKE_TOKEN_LIFETIME_SECONDS,
  type FakeUpstream,
  fakeServiceAccountKey,
  startFakeUpstream,
} from '../../test-support/fake-upstream/index.js';
import { type CredentialFetch, UpstreamFailure } from '../provider.js';
import { vertexHost, vertexModelUrl } from './vertex-endpoint.js';
import {
  redisVertexTokens,
  shareVertexTokens,
  TOKEN_RENEW_MARGIN_SECONDS,
  vertexAccessToken,
  vertexTokenRedisKey,
} from './vertex-token.js';

let fake: FakeUpstream;
beforeAll(async () => {
  fake = await startFakeUpstream();
});
afterAll(async () => fake.close());

const send: CredentialFetch = async (request) => {
  const response = await fetch(request.url, {
    method: request.method,
    headers: request.headers,
    body: request.body as string,
  });
  return { status: response.status, text: await response.text() };
};
const tokenCalls = () => fake.requests.filter((request) => request.path === '/token').length;

describe('vertexAccessToken', () => {
  it('keeps a token until the renew margin before expiry, then exchanges again', async () => {
    fake.reset();
    const key = fakeServiceAccountKey(fake.url, 'cache-project');
    const start = Date.now();
    const first = await vertexAccessToken(key, send, start);
    const renewAt = start + (FAKE_TOKEN_LIFETIME_SECONDS - TOKEN_RENEW_MARGIN_SECONDS) * 1000;
    expect(await vertexAccessToken(key, send, renewAt - 1)).toBe(first);
    expect(tokenCalls()).toBe(1);
    const second = await vertexAccessToken(key, send, renewAt);
    expect(second).not.toBe(first);
    expect(tokenCalls()).toBe(2);
  });

  it('runs one exchange for concurrent callers of one key', async () => {
    fake.reset();
    fake.script({ delayMs: 100 });
    const key = fakeServiceAccountKey(fake.url, 'concurrent-project');
    const tokens = await Promise.all(Array.from({ length: 4 }, () => vertexAccessToken(key, send)));
    expect(new Set(tokens).size).toBe(1);
    expect(tokenCalls()).toBe(1);
  });

  it('refuses a key that is not a service-account JSON without calling anyone', async () => {
    fake.reset();
    await expect(vertexAccessToken('not json', send)).rejects.toBeInstanceOf(UpstreamFailure);
    await expect(vertexAccessToken('{"client_email":"a@b"}', send)).rejects.toThrow(/private_key/);
    expect(tokenCalls()).toBe(0);
  });

  it('a token endpoint refusal is a 401 UpstreamFailure, and is not cached', async () => {
    fake.reset();
    const key = JSON.stringify({ ...JSON.parse(fakeServiceAccountKey(fake.url, 'x')), client_email: 'x@y' });
    const failure = await vertexAccessToken(key, send).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamFailure);
    expect((failure as UpstreamFailure).error.status).toBe(401);
    await vertexAccessToken(key, send).catch(() => undefined);
    expect(tokenCalls()).toBe(2);
  });
});

describe('vertexAccessToken with a shared store', () => {
  it('still exchanges when the shared store fails', async () => {
    fake.reset();
    const failing = Promise.reject(new Error('store down'));
    failing.catch(() => undefined);
    const stop = shareVertexTokens({ get: () => failing, set: () => failing });
    try {
      const key = fakeServiceAccountKey(fake.url, 'store-down-project');
      expect(await vertexAccessToken(key, send)).toMatch(/\S/);
      expect(tokenCalls()).toBe(1);
    } finally {
      stop();
    }
  });

  const REDIS_URL = process.env.GW_TEST_REDIS_URL;
  it.runIf(REDIS_URL)(
    'one exchange serves every process sharing the Redis, kept there until due for renewal',
    async () => {
      const redis = await openRedis(REDIS_URL as string);
      const prefix = `gw-test-${randomUUID()}:`;
      const key = fakeServiceAccountKey(fake.url, 'shared-project');
      const redisKey = vertexTokenRedisKey(prefix, createHash('sha256').update(key).digest('hex'));
      fake.reset();
      const stop = shareVertexTokens(redisVertexTokens(redis, prefix));
      try {
        const first = await vertexAccessToken(key, send);
        // Another process: the module loaded afresh has a cache of its own, empty.
        vi.resetModules();
        const other = await import('./vertex-token.js');
        const stopOther = other.shareVertexTokens(other.redisVertexTokens(redis, prefix));
        expect(await other.vertexAccessToken(key, send)).toBe(first);
        expect(tokenCalls()).toBe(1);
        stopOther();
        const renewMs = (FAKE_TOKEN_LIFETIME_SECONDS - TOKEN_RENEW_MARGIN_SECONDS) * 1000;
        const ttl = await redis.pttl(redisKey);
        expect(ttl).toBeGreaterThan(renewMs - 10_000);
        expect(ttl).toBeLessThanOrEqual(renewMs);
        // A process without Redis keeps its own cache: it exchanges for itself.
        vi.resetModules();
        const alone = await import('./vertex-token.js');
        expect(await alone.vertexAccessToken(key, send)).not.toBe(first);
        expect(tokenCalls()).toBe(2);
      } finally {
        stop();
        await redis.del(redisKey);
        await redis.quit();
      }
    },
  );
});

describe('Vertex endpoint', () => {
  const channel = (other: string, baseUrl = '') => ({
    id: 1,
    type: 42,
    name: 'v',
    key: '',
    baseUrl,
    other,
    headers: {},
    plugin: {},
  });
  it('uses the regional host, the bare host for global, and the base URL when set', () => {
    expect(vertexHost(channel('us-east5|p'), 'us-east5')).toBe('https://us-east5-aiplatform.googleapis.com');
    expect(vertexModelUrl(channel('global|p'), 'google', 'gemini-2.5-pro', 'generateContent')).toBe(
      'https://aiplatform.googleapis.com/v1/projects/p/locations/global/publishers/google/models/gemini-2.5-pro:generateContent',
    );
    expect(
      vertexModelUrl(channel('europe-west1|p', 'http://h/'), 'anthropic', 'claude-x@1', 'rawPredict'),
    ).toBe('http://h/v1/projects/p/locations/europe-west1/publishers/anthropic/models/claude-x@1:rawPredict');
  });
  it('refuses an `other` that is not region|projectId', () => {
    expect(() => vertexModelUrl(channel('us-east5'), 'google', 'm', 'predict')).toThrow(UpstreamFailure);
  });
});
