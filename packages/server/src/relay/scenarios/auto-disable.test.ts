// Auto-disable end to end (behaviour spec §8.1): with AutomaticDisableChannelEnabled an upstream 401, or an
// error whose message holds a DisableChannelKeywords line, sets the channel to status 3 in the database and
// takes it out of routing; with the option off the channel stays enabled and keeps being routed.
// RetryCooldownSeconds=0 so "no longer routed" is the disable at work, not a cooldown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { channelStatus, chatOnce, countByKey, waitFor } from './test-support/scenario-helpers.js';

const AUTO_DISABLED = 3;
const ENABLED = 1;

describe('automatic channel disable', () => {
  let r: RelayTestApp;
  let caller: RelayCallerHandle;
  const extraUpstreams: FakeUpstream[] = [];

  /** A priority-10 channel on a fake that always fails as scripted, over a healthy priority-0 channel. */
  async function failingTopTier(model: string, failure: Parameters<FakeUpstream['script']>[0]) {
    const failing = await startFakeUpstream();
    failing.script({ times: 1_000, ...failure });
    extraUpstreams.push(failing);
    const high = await r.addChannel({
      key: `sk-high-${model}`,
      priority: 10,
      base_url: failing.url,
      models: model,
    });
    await r.addChannel({ key: `sk-low-${model}`, priority: 0, models: model });
    return { failing, high };
  }

  beforeAll(async () => {
    r = await startRelayApp();
    await r.setOptions({ RetryTimes: '1', RetryCooldownSeconds: '0' });
    caller = await r.newCaller({ quota: 1_000_000 });
  });
  afterAll(async () => {
    await r?.close();
    for (const upstream of extraUpstreams) await upstream.close();
  });

  it('leaves the channel enabled after a 401 while the option is off, and keeps routing to it', async () => {
    await r.setOptions({ AutomaticDisableChannelEnabled: 'false' });
    const model = 'disable-off';
    const { failing, high } = await failingTopTier(model, { status: 401 });
    for (let index = 0; index < 3; index++) expect((await chatOnce(r, caller.key, model)).status).toBe(200);
    // No cooldown and no disable: every request tries the failing top channel first.
    expect(failing.requests).toHaveLength(3);
    expect(await channelStatus(r, high)).toBe(ENABLED);
  });

  describe('with AutomaticDisableChannelEnabled=true', () => {
    beforeAll(async () => r.setOptions({ AutomaticDisableChannelEnabled: 'true' }));

    it('disables a channel whose upstream answers 401 and stops routing to it', async () => {
      const model = 'disable-401';
      const { failing, high } = await failingTopTier(model, { status: 401 });
      r.upstream.reset();
      expect((await chatOnce(r, caller.key, model)).status).toBe(200);
      expect(failing.requests).toHaveLength(1);
      // The database write runs beside the reply: wait for it.
      expect(await waitFor(async () => (await channelStatus(r, high)) === AUTO_DISABLED, 2_000)).toBe(true);
      for (let index = 0; index < 5; index++) expect((await chatOnce(r, caller.key, model)).status).toBe(200);
      expect(failing.requests).toHaveLength(1);
      expect(Object.fromEntries(countByKey(r.upstream.requests))).toEqual({ [`sk-low-${model}`]: 6 });
    });

    it('disables on the keyword "You exceeded your current quota" in the upstream message', async () => {
      const model = 'disable-keyword';
      // A 429 with a type and code that no other rule knows: only the keyword can disable it.
      const { failing, high } = await failingTopTier(model, {
        status: 429,
        body: {
          error: {
            message: 'You exceeded your current quota, please check your plan and billing details.',
            type: 'requests',
            param: null,
            code: null,
          },
        },
      });
      expect((await chatOnce(r, caller.key, model)).status).toBe(200);
      expect(await waitFor(async () => (await channelStatus(r, high)) === AUTO_DISABLED, 2_000)).toBe(true);
      for (let index = 0; index < 3; index++) expect((await chatOnce(r, caller.key, model)).status).toBe(200);
      expect(failing.requests).toHaveLength(1);
    });

    it('keeps a channel whose 500 carries no disabling sign', async () => {
      const model = 'disable-none';
      const { failing, high } = await failingTopTier(model, { status: 500, message: 'temporary overload' });
      for (let index = 0; index < 3; index++) expect((await chatOnce(r, caller.key, model)).status).toBe(200);
      expect(failing.requests).toHaveLength(3);
      expect(await channelStatus(r, high)).toBe(ENABLED);
    });
  });
});
