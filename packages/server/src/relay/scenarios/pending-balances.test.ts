// Balance checks count the ledger's charges and returns that are not written yet: a limited token cannot
// spend past its limit between flushes, and an unused hold waiting for the flush does not refuse its owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { chatOnce } from './test-support/scenario-helpers.js';

describe('balance checks see settlements not yet flushed', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ key: 'sk-main', models: 'gpt-4o-mini' });
  });
  afterAll(async () => r?.close());

  it('refuses a limited token once its pending spend uses up its remain (trusted owner, no hold)', async () => {
    const caller = await r.newCaller({
      quota: 10_000_000,
      token: { unlimited_quota: false, remain_quota: 1_000 },
    });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await chatOnce(r, caller.key, 'gpt-4o-mini')).status);
    await r.flush();
    const token = await r.t.app.gw.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', caller.tokenId)
      .executeTakeFirstOrThrow();
    // Each request charges 270 and holds more than that: the token stops before it would go negative.
    expect(statuses.filter((s) => s !== 200).length).toBeGreaterThan(0);
    expect(Number(token.remain_quota)).toBeGreaterThanOrEqual(0);
  });

  it('does not refuse a small-balance user whose unused hold is only waiting for the flush', async () => {
    const caller = await r.newCaller({ quota: 1_200 });
    const first = await chatOnce(r, caller.key, 'gpt-4o-mini');
    const second = await chatOnce(r, caller.key, 'gpt-4o-mini');
    expect(first.status).toBe(200);
    // HEAD: 403 用户额度不足 — DB quota 1200-hold(~620)=580 < hold, though the user holds 1200-270=930.
    expect(second.status).toBe(200);
  });
});
