// Cache invalidation between processes (spec §14): a process that changes channels, groups, prices, options or
// tokens publishes the topic, and every process (itself included) drops or reloads what it caches for it.
// one-hub's slaves instead reload on a timer (sync_frequency); a message makes other processes current at once.
import { randomUUID } from 'node:crypto';
import { closeRedis, openRedis, type Redis } from './connection.js';

/** The topics the relay publishes; any string works, these are the ones with listeners. */
export type InvalidationTopic = 'channels' | 'groups' | 'prices' | 'options' | 'tokens';

export interface InvalidationBus {
  /** Runs every listener of `topic` in every process sharing the bus, once; this process's before resolving. */
  publish(topic: string): Promise<void>;
  /** Adds a listener for `topic`; it must not throw (errors go to the bus's onError). */
  subscribe(topic: string, listener: () => void): void;
  /** Stops listening and closes connections; publish and subscribe must not be called afterwards. */
  close(): Promise<void>;
}

export interface InvalidationBusOptions {
  /** Reports a listener that threw (the other listeners still run), or a lost Redis connection (topic ''). */
  onError?: (error: unknown, topic: string) => void;
}

export interface RedisInvalidationBusOptions extends InvalidationBusOptions {
  /** The pub/sub channel (default `gw:invalidate`); tests use their own to stay apart. */
  channel?: string;
  /** The subscriber connection's CLIENT LIST name (default `gw-invalidate`). */
  connectionName?: string;
}

export const INVALIDATION_CHANNEL = 'gw:invalidate';

/** Listeners by topic, run synchronously; shared by both buses. */
class ListenerTable {
  readonly #listeners = new Map<string, Set<() => void>>();

  constructor(private readonly onError: InvalidationBusOptions['onError']) {}

  add(topic: string, listener: () => void): void {
    let set = this.#listeners.get(topic);
    if (!set) {
      set = new Set();
      this.#listeners.set(topic, set);
    }
    set.add(listener);
  }

  run(topic: string): void {
    for (const listener of this.#listeners.get(topic) ?? []) {
      try {
        listener();
      } catch (error) {
        this.onError?.(error, topic);
      }
    }
  }

  runAll(): void {
    for (const topic of this.#listeners.keys()) this.run(topic);
  }
}

/** One process alone: publish runs the local listeners. */
export function createMemoryInvalidationBus(options: InvalidationBusOptions = {}): InvalidationBus {
  const listeners = new ListenerTable(options.onError);
  return {
    publish: async (topic) => listeners.run(topic),
    subscribe: (topic, listener) => listeners.add(topic, listener),
    close: async () => {},
  };
}

/** The message on the channel: who sent it, so the sender does not run its listeners a second time. */
interface InvalidationMessage {
  origin: string;
  topic: string;
}

/**
 * Several processes over Redis pub/sub. The publisher runs its own listeners before publish resolves (so
 * its next read is fresh) and skips its own message when it comes back; every other subscriber runs them on
 * receipt. Pub/sub does not keep messages for a disconnected subscriber, so after a reconnect every listener
 * runs once: whatever was missed is reloaded.
 */
export async function createRedisInvalidationBus(
  url: string,
  options: RedisInvalidationBusOptions = {},
): Promise<InvalidationBus> {
  const channel = options.channel ?? INVALIDATION_CHANNEL;
  const origin = randomUUID();
  const listeners = new ListenerTable(options.onError);
  const onError = options.onError ? (error: Error) => options.onError?.(error, '') : undefined;
  const publisher = await openRedis(url, { onError });
  let subscriber: Redis;
  try {
    // A subscribed connection can run nothing but (un)subscribe, hence the second one.
    subscriber = await openRedis(url, { onError, connectionName: options.connectionName ?? 'gw-invalidate' });
    await subscriber.subscribe(channel);
  } catch (error) {
    await closeRedis(publisher);
    throw error;
  }
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const message = parseMessage(text);
    if (message && message.origin !== origin) listeners.run(message.topic);
  });
  let closing = false;
  let connected = true;
  subscriber.on('close', () => {
    connected = false;
  });
  // ioredis resubscribes by itself on reconnect; 'ready' follows the resubscription.
  subscriber.on('ready', () => {
    if (connected || closing) return;
    connected = true;
    listeners.runAll();
  });
  return {
    publish: async (topic) => {
      listeners.run(topic);
      const message: InvalidationMessage = { origin, topic };
      await publisher.publish(channel, JSON.stringify(message));
    },
    subscribe: (topic, listener) => listeners.add(topic, listener),
    close: async () => {
      closing = true;
      await Promise.all([closeRedis(subscriber), closeRedis(publisher)]);
    },
  };
}

function parseMessage(text: string): InvalidationMessage | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as InvalidationMessage).origin === 'string' &&
      typeof (value as InvalidationMessage).topic === 'string'
    ) {
      return value as InvalidationMessage;
    }
  } catch {
    // not ours: ignore
  }
  return undefined;
}
