// Cache invalidation: in memory publish runs the local listeners; over Redis every process, the publisher
// included, runs them once per publish.
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { closeRedis, openRedis } from './connection.js';
import {
  createMemoryInvalidationBus,
  createRedisInvalidationBus,
  type InvalidationBus,
} from './invalidation-bus.js';
import { TEST_REDIS_URL } from './test-support/redis-test-support.js';

/** Counts runs per topic. */
function counter(bus: InvalidationBus, topics: readonly string[]) {
  const counts: Record<string, number> = {};
  for (const topic of topics) {
    counts[topic] = 0;
    bus.subscribe(topic, () => {
      counts[topic] = (counts[topic] ?? 0) + 1;
    });
  }
  return counts;
}

/** Resolves once `check` holds, polling briefly; fails the test after two seconds. */
async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > 2000) throw new Error('condition not reached within 2 s');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the memory bus', () => {
  it('Given listeners on two topics, When one is published, Then only its listeners run, once', async () => {
    const bus = createMemoryInvalidationBus();
    const counts = counter(bus, ['channels', 'prices']);
    await bus.publish('channels');
    expect(counts).toEqual({ channels: 1, prices: 0 });
    await bus.close();
  });

  it('Given a listener that throws, Then the others still run and the error is reported', async () => {
    const errors: unknown[] = [];
    const bus = createMemoryInvalidationBus({ onError: (error, topic) => errors.push([topic, error]) });
    bus.subscribe('groups', () => {
      throw new Error('boom');
    });
    const counts = counter(bus, ['groups']);
    await bus.publish('groups');
    expect(counts.groups).toBe(1);
    expect(errors).toHaveLength(1);
  });
});

const buses: InvalidationBus[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

describe.each(TEST_REDIS_URL ? [TEST_REDIS_URL] : [])('the Redis bus (%s)', (url) => {
  it('Given two processes, When one publishes, Then each runs the listeners exactly once', async () => {
    // A channel of this run's own, so parallel test files never hear each other.
    const channel = `gwtest:${randomBytes(6).toString('hex')}:invalidate`;
    const a = await createRedisInvalidationBus(url, { channel });
    const b = await createRedisInvalidationBus(url, { channel });
    buses.push(a, b);
    const topics = ['channels', 'tokens', 'barrier'];
    const inA = counter(a, topics);
    const inB = counter(b, topics);

    await a.publish('channels');
    // The publisher's own listeners have run by the time publish resolves.
    expect(inA.channels).toBe(1);
    await eventually(() => inB.channels === 1);

    // Messages on one channel arrive in order: once A hears B's barrier, A's own echo of 'channels' has
    // arrived too, and must not have run A's listeners a second time.
    await b.publish('barrier');
    await eventually(() => inA.barrier === 1);
    expect(inA).toEqual({ channels: 1, tokens: 0, barrier: 1 });
    expect(inB).toEqual({ channels: 1, tokens: 0, barrier: 1 });
  });

  it('Given the subscriber connection drops, Then after it is back every listener runs once (missed messages)', async () => {
    const name = `gwtest-${randomBytes(6).toString('hex')}`;
    const bus = await createRedisInvalidationBus(url, {
      channel: `${name}:invalidate`,
      connectionName: name,
    });
    buses.push(bus);
    const counts = counter(bus, ['channels', 'prices']);
    const admin = await openRedis(url);
    try {
      const clients = String(await admin.client('LIST'));
      const id = /id=(\d+) .*name=(\S+)/
        .exec(clients.split('\n').find((line) => line.includes(`name=${name} `)) ?? '')
        ?.at(1);
      expect(id).toBeDefined();
      await admin.client('KILL', 'ID', id!);
    } finally {
      await closeRedis(admin);
    }
    await eventually(() => counts.channels === 1 && counts.prices === 1);
    // And it hears other processes again (ioredis resubscribed).
    const other = await createRedisInvalidationBus(url, { channel: `${name}:invalidate` });
    buses.push(other);
    await other.publish('prices');
    await eventually(() => counts.prices === 2);
    expect(counts.channels).toBe(1);
  });
});
