import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

describe('OpenAI billing endpoints (spec §2.5)', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
  });
  afterAll(async () => r?.close());

  const get = (path: string, key: string) =>
    fetch(`${r.url}${path}`, { headers: { authorization: `Bearer ${key}` } }).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
    }));

  it('a limited token reports its own quota in dollars, an unlimited one its owner’s', async () => {
    const limited = await r.newCaller({
      quota: 1_000_000,
      token: { unlimited_quota: false, remain_quota: 250_000 },
    });
    const subscription = await get('/v1/dashboard/billing/subscription', limited.key);
    expect(subscription).toMatchObject({
      status: 200,
      body: { object: 'billing_subscription', hard_limit_usd: 0.5, soft_limit_usd: 0.5, access_until: 0 },
    });
    const unlimited = await r.newCaller({ quota: 1_500_000 });
    expect((await get('/dashboard/billing/subscription', unlimited.key)).body.hard_limit_usd).toBe(3);
    expect((await get('/v1/dashboard/billing/usage', unlimited.key)).body).toEqual({
      object: 'list',
      total_usage: 0,
    });
  });

  it('refuses a bad key in the OpenAI shape', async () => {
    const reply = await get('/v1/dashboard/billing/usage', `sk-${'y'.repeat(48)}`);
    expect(reply.status).toBe(401);
    expect(reply.body).toHaveProperty('error.message');
  });
});
