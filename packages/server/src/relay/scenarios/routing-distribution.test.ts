// Channel selection end to end (behaviour spec §5.2–5.3): the highest priority tier serves alone, split by
// weight; a tier whose channels are all disabled through the management API hands over to the next one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { chatOnce, countByKey, putChannelStatus, runLimited } from './test-support/scenario-helpers.js';

const MODEL = 'gpt-4o-mini';
const KEY_WEIGHT_1 = 'sk-tier10-weight1';
const KEY_WEIGHT_3 = 'sk-tier10-weight3';
const KEY_LOW = 'sk-tier0';
const REQUESTS = 400;
/** The default group's api_rate (600 rpm) gives each user a bucket of 100: spread the load over callers. */
const CALLERS = 5;

describe('routing across priority tiers and weights', () => {
  let r: RelayTestApp;
  let callers: RelayCallerHandle[];
  let weight1: number;
  let weight3: number;

  beforeAll(async () => {
    r = await startRelayApp();
    weight1 = await r.addChannel({ key: KEY_WEIGHT_1, priority: 10, weight: 1, models: MODEL });
    weight3 = await r.addChannel({ key: KEY_WEIGHT_3, priority: 10, weight: 3, models: MODEL });
    await r.addChannel({ key: KEY_LOW, priority: 0, weight: 1, models: MODEL });
    callers = [];
    for (let index = 0; index < CALLERS; index++) callers.push(await r.newCaller());
  });
  afterAll(async () => r?.close());

  /** Sends `count` chat requests spread over the callers; returns the HTTP statuses. */
  async function send(count: number): Promise<number[]> {
    const tasks = Array.from({ length: count }, (_, index) => async () => {
      const caller = callers[index % CALLERS] as RelayCallerHandle;
      return (await chatOnce(r, caller.key, MODEL)).status;
    });
    return runLimited(tasks, 16);
  }

  it('serves only the priority-10 tier, about 1:3 by weight', async () => {
    r.upstream.reset();
    const statuses = await send(REQUESTS);
    expect(statuses.filter((status) => status === 200)).toHaveLength(REQUESTS);
    const counts = countByKey(r.upstream.requests);
    expect(counts.get(KEY_LOW) ?? 0).toBe(0);
    const light = counts.get(KEY_WEIGHT_1) ?? 0;
    const heavy = counts.get(KEY_WEIGHT_3) ?? 0;
    expect(light + heavy).toBe(REQUESTS);
    // Expected share 0.75; with 400 draws the standard deviation is ~0.022, so 0.65–0.85 is > 4σ wide.
    const share = heavy / REQUESTS;
    expect(share).toBeGreaterThan(0.65);
    expect(share).toBeLessThan(0.85);
  });

  it('hands everything to the priority-0 channel once the top tier is disabled', async () => {
    await putChannelStatus(r, weight1, 2);
    await putChannelStatus(r, weight3, 2);
    r.upstream.reset();
    const statuses = await send(60);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const counts = countByKey(r.upstream.requests);
    expect(Object.fromEntries(counts)).toEqual({ [KEY_LOW]: 60 });
  });

  it('routes to the top tier again when one of its channels is re-enabled', async () => {
    await putChannelStatus(r, weight1, 1);
    r.upstream.reset();
    const statuses = await send(20);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(Object.fromEntries(countByKey(r.upstream.requests))).toEqual({ [KEY_WEIGHT_1]: 20 });
  });
});
