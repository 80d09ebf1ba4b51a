// Overdraft under concurrency (issue: "overdraft grows with concurrency"): every running request counts
// against its user's and key's balance, so however many arrive at once a balance ends no lower than minus
// one request's settled excess. With InFlightQuotaCheckEnabled off, one-hub's per-request rule is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const MODEL = 'overdraft-model';
const CONCURRENCY = 40;
const UPSTREAM_DELAY_MS = 150;

/** Sends `count` chats at once; `maxTokens` is the completion limit each asks for, if any. */
async function burst(r: RelayTestApp, key: string, count: number, maxTokens?: number): Promise<number[]> {
  r.upstream.script({ delayMs: UPSTREAM_DELAY_MS, times: count });
  const body = JSON.stringify({
    model: MODEL,
    messages: [{ role: 'user', content: 'hello there' }],
    ...(maxTokens === undefined ? {} : { max_tokens: maxTokens }),
  });
  const tasks = Array.from({ length: count }, () =>
    fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    }).then(async (response) => {
      await response.arrayBuffer();
      return response.status;
    }),
  );
  const statuses = await Promise.all(tasks);
  r.upstream.reset();
  return statuses;
}

async function balances(r: RelayTestApp, who: RelayCallerHandle) {
  await r.flush();
  const row = await r.t.app.gw.db
    .selectFrom('users')
    .innerJoin('tokens', 'tokens.user_id', 'users.id')
    .select(['users.quota as quota', 'tokens.remain_quota as remain'])
    .where('tokens.id', '=', who.tokenId)
    .executeTakeFirstOrThrow();
  const logs = await r.t.app.gw.db
    .selectFrom('logs')
    .select(['quota'])
    .where('user_id', '=', who.userId)
    .where('type', '=', 2)
    .execute();
  return {
    quota: Number(row.quota),
    remain: Number(row.remain),
    charges: logs.map((log) => Number(log.quota)),
  };
}

describe.each(TEST_DIALECTS)('overdraft under concurrency (%s)', (kind) => {
  let r: RelayTestApp;

  beforeAll(async () => {
    r = await startRelayApp(kind);
    await r.addChannel({ models: MODEL });
    // Input 1, output 1000 points per token: a hold of about 510 points, a settled charge of about 5,000.
    await r.setPrice({ model: MODEL, type: 'tokens', channel_type: 1, input: 1, output: 1000 });
  });
  afterAll(async () => r?.close());

  it('a user holding less than one request ends no lower than minus that request', async () => {
    const who = await r.newCaller({ quota: 3_000 });
    const statuses = await burst(r, who.key, CONCURRENCY);
    const after = await balances(r, who);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const charge = after.charges[0] as number;
    expect(charge).toBeGreaterThan(3_000);
    // Exact: the user paid what the logs say, and no more than one request went past the balance.
    expect(after.quota).toBe(3_000 - charge);
    expect(
      statuses.filter((status) => status !== 200).every((status) => status === 429 || status === 402),
    ).toBe(true);
  });

  it('a trusted user (no database hold) ends no lower than minus one request', async () => {
    const who = await r.newCaller({ quota: 60_000 });
    const statuses = await burst(r, who.key, CONCURRENCY);
    const after = await balances(r, who);
    const succeeded = statuses.filter((status) => status === 200).length;
    expect(succeeded).toBeGreaterThan(0);
    expect(after.charges).toHaveLength(succeeded);
    const total = after.charges.reduce((sum, charge) => sum + charge, 0);
    expect(after.quota).toBe(60_000 - total);
    expect(after.quota).toBeGreaterThanOrEqual(-Math.max(...after.charges));
  });

  it('requests asking for few completion tokens still run side by side, within the balance', async () => {
    const who = await r.newCaller({ quota: 60_000 });
    // max_tokens 5: each counts about 510 + 5 × 1000 points, so about ten fit in 60,000 at once.
    const statuses = await burst(r, who.key, CONCURRENCY, 5);
    const after = await balances(r, who);
    const succeeded = statuses.filter((status) => status === 200).length;
    expect(succeeded).toBeGreaterThan(1);
    expect(after.quota).toBe(60_000 - after.charges.reduce((sum, charge) => sum + charge, 0));
    expect(after.quota).toBeGreaterThanOrEqual(-Math.max(...after.charges));
  });

  it('a limited key ends no lower than minus one request, whatever its owner holds', async () => {
    const who = await r.newCaller({
      quota: 10_000_000,
      token: { unlimited_quota: false, remain_quota: 3_000 },
    });
    const statuses = await burst(r, who.key, CONCURRENCY);
    const after = await balances(r, who);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(after.remain).toBe(3_000 - (after.charges[0] as number));
  });

  it("keeps one-hub's rule when the check is turned off: the overdraft grows with concurrency", async () => {
    await r.setOptions({ InFlightQuotaCheckEnabled: 'false' });
    try {
      const who = await r.newCaller({ quota: 3_000 });
      const statuses = await burst(r, who.key, CONCURRENCY);
      const after = await balances(r, who);
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(1);
      expect(after.quota).toBeLessThan(-Math.max(...after.charges));
    } finally {
      await r.setOptions({ InFlightQuotaCheckEnabled: 'true' });
    }
  });
});
