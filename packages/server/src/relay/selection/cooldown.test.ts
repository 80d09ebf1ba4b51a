import { describe, expect, it } from 'vitest';
import { cooldownKey, MemoryChannelCooldowns } from './cooldown.js';

function fakeClock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('MemoryChannelCooldowns (behaviour spec §7.2 step 3)', () => {
  it('Given a channel frozen for a model for 5 s, Then it is frozen until the clock passes 5 s', async () => {
    const clock = fakeClock();
    const cooldowns = new MemoryChannelCooldowns(clock.now);
    await cooldowns.freeze(3, 'gpt-4o', 5);
    expect(cooldowns.isFrozen(3, 'gpt-4o')).toBe(true);
    expect(cooldowns.isFrozen(3, 'o1')).toBe(false);
    expect(cooldowns.isFrozen(4, 'gpt-4o')).toBe(false);
    clock.advance(4_999);
    expect(cooldowns.isFrozen(3, 'gpt-4o')).toBe(true);
    clock.advance(1);
    expect(cooldowns.isFrozen(3, 'gpt-4o')).toBe(false);
    expect(cooldowns.size).toBe(0);
  });

  it('Given a freeze without a model, Then the channel is frozen for every model', async () => {
    const clock = fakeClock();
    const cooldowns = new MemoryChannelCooldowns(clock.now);
    await cooldowns.freeze(8, undefined, 2);
    expect(cooldowns.isFrozen(8, 'gpt-4o')).toBe(true);
    expect(cooldowns.isFrozen(8, 'claude-3')).toBe(true);
    clock.advance(2_000);
    expect(cooldowns.isFrozen(8, 'claude-3')).toBe(false);
  });

  it('Given a cooldown of 0 seconds, Then nothing is frozen (0 disables cooldowns)', async () => {
    const cooldowns = new MemoryChannelCooldowns(fakeClock().now);
    await cooldowns.freeze(1, 'gpt-4o', 0);
    expect(cooldowns.isFrozen(1, 'gpt-4o')).toBe(false);
    expect(cooldowns.size).toBe(0);
  });

  it('Given a longer then a shorter freeze, Then the later expiry is kept', async () => {
    const clock = fakeClock();
    const cooldowns = new MemoryChannelCooldowns(clock.now);
    await cooldowns.freeze(1, 'gpt-4o', 10);
    await cooldowns.freeze(1, 'gpt-4o', 1);
    clock.advance(5_000);
    expect(cooldowns.isFrozen(1, 'gpt-4o')).toBe(true);
  });

  it('Given several candidates, Then frozenAmong returns only the frozen ones; expired entries are swept', async () => {
    const clock = fakeClock();
    const cooldowns = new MemoryChannelCooldowns(clock.now);
    await cooldowns.freeze(1, 'gpt-4o', 1);
    await cooldowns.freeze(2, 'gpt-4o', 60);
    expect([...(await cooldowns.frozenAmong([1, 2, 3], 'gpt-4o'))].sort()).toEqual([1, 2]);
    clock.advance(1_500);
    await cooldowns.freeze(5, 'o1', 60);
    expect(cooldowns.size).toBe(2);
    expect([...(await cooldowns.frozenAmong([1, 2, 3], 'gpt-4o'))]).toEqual([2]);
  });

  it('Given the key format, Then it is `<id>:<model>` or `<id>:*` for every model', () => {
    expect(cooldownKey(4, 'gpt-4o')).toBe('4:gpt-4o');
    expect(cooldownKey(4)).toBe('4:*');
  });
});
