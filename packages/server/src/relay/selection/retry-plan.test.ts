import { describe, expect, it } from 'vitest';
import { MemoryChannelCooldowns } from './cooldown.js';
import { createRetryPlan, isPlannedAttempt, type RetryPlan } from './retry-plan.js';
import { buildRoutingTable, markChannelDisabled } from './routing-table.js';
import { channelRow, seededRandom } from './test-support/test-channels.js';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

/** Runs the plan to its end, failing every attempt; returns the channel ids in attempt order. */
async function failEverything(plan: RetryPlan): Promise<{ ids: number[]; end: string }> {
  const ids: number[] = [];
  for (;;) {
    const step = await plan.next();
    if (!isPlannedAttempt(step)) return { ids, end: step.end };
    ids.push(step.channel.id);
    await plan.failed(step);
  }
}

const rows = [
  channelRow({ id: 1, priority: 10 }),
  channelRow({ id: 2, priority: 10, weight: 5 }),
  channelRow({ id: 3, priority: 0 }),
  channelRow({ id: 4, priority: -1 }),
];

describe('createRetryPlan (behaviour spec §7.2)', () => {
  it('Given RetryTimes 0, Then there is exactly one attempt', async () => {
    const plan = createRetryPlan(buildRoutingTable(rows), new MemoryChannelCooldowns(), {
      group: 'default',
      model: 'gpt-4o',
      retryTimes: 0,
      cooldownSeconds: 5,
    });
    expect(await failEverything(plan)).toMatchObject({ end: 'retries_exhausted' });
    expect(plan.tried).toHaveLength(1);
  });

  it('Given failures, Then retries use the whole top tier before any lower tier, then the lower ones in order', async () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const plan = createRetryPlan(buildRoutingTable(rows), new MemoryChannelCooldowns(), {
        group: 'default',
        model: 'gpt-4o',
        retryTimes: 10,
        cooldownSeconds: 5,
        random: seededRandom(seed),
      });
      const { ids, end } = await failEverything(plan);
      expect(new Set(ids.slice(0, 2))).toEqual(new Set([1, 2]));
      expect(ids.slice(2)).toEqual([3, 4]);
      expect(end).toBe('no_channel');
    }
  });

  it('Given a failed channel, Then it is frozen for the cooldown and other requests skip it until expiry', async () => {
    const clock = fakeClock();
    const cooldowns = new MemoryChannelCooldowns(clock.now);
    const table = buildRoutingTable([channelRow({ id: 1, priority: 1 }), channelRow({ id: 2 })]);
    const options = { group: 'default', model: 'gpt-4o', retryTimes: 1, cooldownSeconds: 5 };
    const first = createRetryPlan(table, cooldowns, options);
    const step = await first.next();
    if (!isPlannedAttempt(step)) throw new Error('expected an attempt');
    expect(step.channel.id).toBe(1);
    await first.failed(step);
    expect(cooldowns.isFrozen(1, 'gpt-4o')).toBe(true);

    // Another request while channel 1 is frozen goes to the lower tier.
    const during = await createRetryPlan(table, cooldowns, options).next();
    expect(isPlannedAttempt(during) && during.channel.id).toBe(2);

    // After the cooldown it is back at the top.
    clock.advance(5_000);
    const after = await createRetryPlan(table, cooldowns, options).next();
    expect(isPlannedAttempt(after) && after.channel.id).toBe(1);
  });

  it('Given every channel left is frozen, Then one is still tried rather than none', async () => {
    const cooldowns = new MemoryChannelCooldowns();
    const table = buildRoutingTable([channelRow({ id: 1, priority: 1 }), channelRow({ id: 2 })]);
    const options = { group: 'default', model: 'gpt-4o', retryTimes: 0, cooldownSeconds: 60 };
    await cooldowns.freeze(1, 'gpt-4o', 60);
    await cooldowns.freeze(2, 'gpt-4o', 60);
    const step = await createRetryPlan(table, cooldowns, options).next();
    // The top tier still comes first among frozen channels.
    expect(isPlannedAttempt(step) && step.channel.id).toBe(1);
    // Within one request a failed channel stays out even so.
    const plan = createRetryPlan(table, cooldowns, { ...options, retryTimes: 1 });
    expect(await failEverything(plan)).toMatchObject({ end: 'retries_exhausted' });
    expect(plan.tried).toEqual([1, 2]);
  });

  it('Given a cooldown of 0, Then failures freeze nothing but are still skipped within the request', async () => {
    const cooldowns = new MemoryChannelCooldowns();
    const plan = createRetryPlan(buildRoutingTable(rows), cooldowns, {
      group: 'default',
      model: 'gpt-4o',
      retryTimes: 3,
      cooldownSeconds: 0,
    });
    const { ids } = await failEverything(plan);
    expect(new Set(ids)).toEqual(new Set([1, 2, 3, 4]));
    expect(cooldowns.size).toBe(0);
  });

  it('Given disabled channels (by status and in memory) and a #! exclusion, Then they are never tried', async () => {
    const table = buildRoutingTable([
      channelRow({ id: 1, priority: 9, status: 2 }),
      channelRow({ id: 2, priority: 8 }),
      channelRow({ id: 3, priority: 7 }),
      channelRow({ id: 4, priority: 6 }),
      channelRow({ id: 5 }),
    ]);
    markChannelDisabled(table, 3);
    const plan = createRetryPlan(table, new MemoryChannelCooldowns(), {
      group: 'default',
      model: 'gpt-4o',
      retryTimes: 10,
      cooldownSeconds: 5,
      exclude: [4],
    });
    expect(await failEverything(plan)).toEqual({ ids: [2, 5], end: 'no_channel' });
  });

  it('Given the group has no usable channel, Then the backup group is used and flagged', async () => {
    const table = buildRoutingTable([channelRow({ id: 1 }), channelRow({ id: 2, group: 'vip' })]);
    const plan = createRetryPlan(table, new MemoryChannelCooldowns(), {
      group: 'default',
      backupGroup: 'vip',
      model: 'gpt-4o',
      retryTimes: 5,
      cooldownSeconds: 5,
    });
    const first = await plan.next();
    expect(first).toMatchObject({ channel: { id: 1 }, group: 'default', isBackupGroup: false, attempt: 0 });
    if (isPlannedAttempt(first)) await plan.failed(first);
    const second = await plan.next();
    expect(second).toMatchObject({ channel: { id: 2 }, group: 'vip', isBackupGroup: true, attempt: 1 });
    if (isPlannedAttempt(second)) await plan.failed(second);
    expect(await plan.next()).toEqual({ end: 'no_channel', group: 'vip' });
  });

  it('Given a token model limit and a channel filter, Then the plan honours both', async () => {
    const table = buildRoutingTable([channelRow({ id: 1, priority: 1, type: 14 }), channelRow({ id: 2 })]);
    const base = { group: 'default', model: 'gpt-4o', retryTimes: 0, cooldownSeconds: 5 };
    const filtered = await createRetryPlan(table, new MemoryChannelCooldowns(), {
      ...base,
      accept: (channel) => channel.type !== 14,
    }).next();
    expect(isPlannedAttempt(filtered) && filtered.channel.id).toBe(2);
    const refused = await createRetryPlan(table, new MemoryChannelCooldowns(), {
      ...base,
      modelAllowed: () => false,
    }).next();
    expect(refused).toEqual({ end: 'no_channel', group: 'default' });
  });
});
