// The retry loop end to end (behaviour spec §7.2, docs/relay-decisions.md): a failing top channel hands the
// request to the next tier and is frozen for RetryCooldownSeconds, disabled channels are never tried,
// RetryTimes bounds the attempts, a 400 is the caller's fault (no retry) while a 401 is retried.
// Every scenario uses its own model so cooldowns (kept per channel and requested model) do not leak.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { chatOnce, countByKey, errorMessage, putChannelStatus } from './test-support/scenario-helpers.js';

describe('retries, cooldowns and disabled channels', () => {
  let r: RelayTestApp;
  let caller: RelayCallerHandle;
  const extraUpstreams: FakeUpstream[] = [];

  /** A second fake upstream that answers every request with `status`. */
  async function failingUpstream(status: number, message?: string): Promise<FakeUpstream> {
    const upstream = await startFakeUpstream();
    upstream.script({ status, times: 1_000, ...(message ? { message } : {}) });
    extraUpstreams.push(upstream);
    return upstream;
  }

  /** A top channel on `failing` (priority 10) and a healthy one on the main fake (priority 0). */
  async function twoTiers(model: string, failing: FakeUpstream) {
    const high = await r.addChannel({
      key: `sk-high-${model}`,
      priority: 10,
      base_url: failing.url,
      models: model,
    });
    const low = await r.addChannel({ key: `sk-low-${model}`, priority: 0, models: model });
    return { high, low };
  }

  beforeAll(async () => {
    r = await startRelayApp();
    await r.setOptions({ RetryTimes: '2', RetryCooldownSeconds: '60' });
    caller = await r.newCaller({ quota: 1_000_000 });
  });
  afterAll(async () => {
    await r?.close();
    for (const upstream of extraUpstreams) await upstream.close();
  });

  it('answers from the lower tier when the top channel fails with 500, then skips the frozen channel', async () => {
    const model = 'retry-500';
    const failing = await failingUpstream(500);
    await twoTiers(model, failing);
    r.upstream.reset();

    const first = await chatOnce(r, caller.key, model);
    expect(first.status).toBe(200);
    expect(failing.requests).toHaveLength(1);
    expect(Object.fromEntries(countByKey(r.upstream.requests))).toEqual({ [`sk-low-${model}`]: 1 });

    // Frozen for 60 s under this model: the next requests go straight to the lower tier.
    for (let index = 0; index < 5; index++) expect((await chatOnce(r, caller.key, model)).status).toBe(200);
    expect(failing.requests).toHaveLength(1);
    expect(r.upstream.requests).toHaveLength(6);
  });

  it('never tries a disabled channel, whatever its priority', async () => {
    const model = 'retry-disabled';
    const disabledUpstream = await startFakeUpstream();
    extraUpstreams.push(disabledUpstream);
    const manual = await r.addChannel({
      key: 'sk-manual',
      priority: 30,
      base_url: disabledUpstream.url,
      models: model,
    });
    const auto = await r.addChannel({
      key: 'sk-auto',
      priority: 20,
      base_url: disabledUpstream.url,
      models: model,
    });
    await r.addChannel({ key: `sk-low-${model}`, priority: 0, models: model });
    await putChannelStatus(r, manual, 2);
    await putChannelStatus(r, auto, 3);
    r.upstream.reset();

    for (let index = 0; index < 10; index++) expect((await chatOnce(r, caller.key, model)).status).toBe(200);
    expect(disabledUpstream.requests).toHaveLength(0);
    expect(Object.fromEntries(countByKey(r.upstream.requests))).toEqual({ [`sk-low-${model}`]: 10 });
  });

  it('makes one attempt only with RetryTimes=0', async () => {
    const model = 'retry-none';
    const failing = await failingUpstream(500, 'the top tier is down');
    await twoTiers(model, failing);
    await r.setOptions({ RetryTimes: '0' });
    r.upstream.reset();
    try {
      const reply = await chatOnce(r, caller.key, model);
      expect(reply.status).toBe(500);
      expect(errorMessage(reply.body)).toContain('the top tier is down');
      expect(failing.requests).toHaveLength(1);
      expect(r.upstream.requests).toHaveLength(0);
    } finally {
      await r.setOptions({ RetryTimes: '2' });
    }
  });

  it('stops after RetryTimes+1 attempts when every tier fails, and charges nothing', async () => {
    const model = 'retry-exhausted';
    const failing = await failingUpstream(502);
    for (const priority of [40, 30, 20, 10, 0]) {
      await r.addChannel({ key: `sk-${priority}`, priority, base_url: failing.url, models: model });
    }
    const poor = await r.newCaller({ quota: 20_000 });
    const reply = await chatOnce(r, poor.key, model);
    expect(reply.status).toBe(502);
    // RetryTimes=2: the first attempt and two retries, each on a different channel, highest tier first.
    expect(failing.requests.map((request) => request.headers.authorization)).toEqual([
      'Bearer sk-40',
      'Bearer sk-30',
      'Bearer sk-20',
    ]);
    await r.flush();
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', poor.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: 20_000, used_quota: 0, request_count: 0 });
  });

  it('does not retry an upstream 400 (the request is at fault) and does not freeze the channel', async () => {
    const model = 'retry-400';
    const failing = await failingUpstream(400, 'bad parameter');
    await twoTiers(model, failing);
    r.upstream.reset();

    const reply = await chatOnce(r, caller.key, model);
    expect(reply.status).toBe(400);
    expect(errorMessage(reply.body)).toContain('bad parameter');
    expect(r.upstream.requests).toHaveLength(0);
    const again = await chatOnce(r, caller.key, model);
    expect(again.status).toBe(400);
    expect(failing.requests).toHaveLength(2);
    expect(r.upstream.requests).toHaveLength(0);
  });

  it('retries an upstream 401 on the next tier (auto-disable off: the channel stays enabled)', async () => {
    const model = 'retry-401';
    const failing = await failingUpstream(401);
    const { high } = await twoTiers(model, failing);
    r.upstream.reset();

    const reply = await chatOnce(r, caller.key, model);
    expect(reply.status).toBe(200);
    expect(failing.requests).toHaveLength(1);
    expect(Object.fromEntries(countByKey(r.upstream.requests))).toEqual({ [`sk-low-${model}`]: 1 });
    const row = await r.t.app.gw.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', high)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);
  });
});
