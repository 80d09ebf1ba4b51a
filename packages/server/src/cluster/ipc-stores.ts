// What the workers of `gw serve --workers N` share when no Redis is configured (issue 13): the primary
// process keeps the in-memory rate limiters and sign-in back-off counts and answers the workers over the cluster's IPC channel, so a
// limit of 5 rpm is 5 rpm across every worker. Channel cooldowns and invalidations are broadcast: a worker
// that freezes a channel or publishes a topic tells the primary, which tells every other worker, and each
// worker answers "which channels are frozen" from its own copy (a freeze is rare, that question is asked on
// every request). The in-flight claims of running requests are the primary's too (a ClaimTable, the rule
// of the Redis store), so a balance covers the requests running on every worker together. Each call waits
// at most IPC_TIMEOUT_MS for the primary. Messages of one event-loop turn travel together (ipc-outbox.ts).
import type { Worker } from 'node:cluster';
import { type IpcOutbox, ipcOutbox, unpackMessages } from './ipc-outbox.js';
import { createMemoryInvalidationBus, type InvalidationBus } from '../redis/invalidation-bus.js';
import type { SharedStores } from '../redis/shared-stores.js';
import type { ApiRateLimiter, IpRateLimiter } from '../rate-limit/limiters.js';
import { MemoryApiRateLimiter } from '../rate-limit/memory-api-limiter.js';
import { MemoryIpRateLimiter } from '../rate-limit/memory-ip-limiter.js';
import { ClaimTable } from '../relay/billing/claim-table.js';
import {
  type ClaimKeeper,
  type ClaimStep,
  type ClaimWrite,
  SharedInFlightStore,
} from '../relay/billing/shared-in-flight.js';
import { type ChannelCooldowns, MemoryChannelCooldowns } from '../relay/selection/cooldown.js';
import { memoryThrottleStore, type ThrottleStore } from '../sign-in/login-throttle.js';

/** The longest wait for the primary's answer; a limiter then denies, a cooldown read sees none frozen. */
export const IPC_TIMEOUT_MS = 5_000;

/** A worker's call of one of the primary's stores. */
interface StoreCall {
  gwStoreCall: number;
  method:
    | 'api.allow'
    | 'ip.allow'
    | 'ip.retryAfter'
    | 'throttle.lockedFor'
    | 'throttle.fail'
    | 'throttle.lock'
    | 'throttle.clear'
    | 'inflight.claim';
  args: unknown[];
}
/** The primary's answer. */
interface StoreAnswer {
  gwStoreAnswer: number;
  value?: unknown;
  error?: string;
}
/** An invalidation: worker → primary, then primary → every other worker. */
interface Invalidation {
  gwInvalidate: string;
}
/** A channel frozen: worker → primary, then primary → every other worker (and to workers started later). */
interface Freeze {
  gwFreeze: { channelId: number; model: string | null; until: number };
}

/** Writes to the in-flight claim tables (worker → primary, no answer; applied in the order sent). */
interface ClaimWrites {
  gwClaimWrites: ClaimWrite[];
}
/** A running claim's expiry extended. */
interface ClaimRefresh {
  gwClaimRefresh: { keys: string[]; claimId: string; expires: number };
}

/** How often the primary drops expired claim fields (Redis expires them itself). */
const CLAIM_SWEEP_MS = 60_000;

function isClaimWrites(message: unknown): message is ClaimWrites {
  return typeof message === 'object' && message !== null && 'gwClaimWrites' in message;
}
function isClaimRefresh(message: unknown): message is ClaimRefresh {
  return typeof message === 'object' && message !== null && 'gwClaimRefresh' in message;
}

function isFreeze(message: unknown): message is Freeze {
  return typeof message === 'object' && message !== null && 'gwFreeze' in message;
}

function isCall(message: unknown): message is StoreCall {
  return typeof message === 'object' && message !== null && 'gwStoreCall' in message;
}
function isAnswer(message: unknown): message is StoreAnswer {
  return typeof message === 'object' && message !== null && 'gwStoreAnswer' in message;
}
function isInvalidation(message: unknown): message is Invalidation {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as Invalidation).gwInvalidate === 'string'
  );
}

/** The primary's stores, answering its workers' calls; `workers()` lists the live workers. */
export function servePrimaryStores(workers: () => Iterable<Worker>): {
  listen(worker: Worker): void;
  close(): void;
} {
  const api = new MemoryApiRateLimiter();
  const ip = new MemoryIpRateLimiter();
  const throttle = memoryThrottleStore();
  const claims = new ClaimTable();
  const sweep = setInterval(() => claims.sweep(Date.now()), CLAIM_SWEEP_MS);
  sweep.unref();
  /** Each worker's node id, as its claims name it: a worker that dies has its running claims dropped. */
  const nodes = new Map<Worker, string>();
  /** What goes to each worker, a turn's messages at once. */
  const outboxes = new Map<Worker, IpcOutbox>();
  const outboxOf = (worker: Worker): IpcOutbox => {
    let outbox = outboxes.get(worker);
    if (!outbox) {
      outbox = ipcOutbox((message) => {
        if (worker.isConnected()) worker.send(message as Parameters<Worker['send']>[0]);
      });
      outboxes.set(worker, outbox);
    }
    return outbox;
  };
  // The freezes still running, so a worker started (or restarted) later gets them too.
  const freezes = new Map<string, Freeze>();
  async function answer(worker: Worker, call: StoreCall): Promise<unknown> {
    const [a, b, c, d] = call.args as [never, never, never, never];
    switch (call.method) {
      case 'inflight.claim': {
        const step = b as ClaimStep;
        nodes.set(worker, step.node);
        return claims.claim(a, step);
      }
      case 'api.allow':
        return api.allow(a, b);
      case 'ip.allow':
        return ip.allow(a, b, c, d);
      case 'ip.retryAfter':
        return ip.retryAfterSeconds(a, b, c, d);
      case 'throttle.lockedFor':
        return throttle.lockedFor(a, b);
      case 'throttle.fail':
        return throttle.fail(a, b);
      case 'throttle.lock':
        return throttle.lock(a, b, c);
      case 'throttle.clear':
        return throttle.clear(a);
    }
  }
  return {
    close() {
      clearInterval(sweep);
    },
    listen(worker) {
      worker.once('exit', () => {
        const node = nodes.get(worker);
        nodes.delete(worker);
        outboxes.delete(worker);
        if (node !== undefined) claims.dropRunning(node);
      });
      const now = Date.now();
      for (const [key, freeze] of freezes) {
        if (freeze.gwFreeze.until <= now) freezes.delete(key);
        else outboxOf(worker).send(freeze);
      }
      worker.on('message', (received: unknown) => {
        for (const message of unpackMessages(received)) onWorkerMessage(worker, message);
      });
    },
  };

  function onWorkerMessage(worker: Worker, message: unknown): void {
    if (isFreeze(message)) {
      const { channelId, model, until } = message.gwFreeze;
      const key = `${channelId}:${model ?? ''}`;
      if ((freezes.get(key)?.gwFreeze.until ?? 0) < until) freezes.set(key, message);
    }
    if (isInvalidation(message) || isFreeze(message)) {
      for (const other of workers()) {
        if (other !== worker && other.isConnected()) outboxOf(other).send(message);
      }
      return;
    }
    // Claim writes are applied at once, in the order they came, before any later call of the worker.
    if (isClaimWrites(message)) {
      claims.write(message.gwClaimWrites);
      return;
    }
    if (isClaimRefresh(message)) {
      const { keys, claimId, expires } = message.gwClaimRefresh;
      claims.refresh(keys, claimId, expires);
      return;
    }
    if (!isCall(message)) return;
    answer(worker, message).then(
      (value) => outboxOf(worker).send({ gwStoreAnswer: message.gwStoreCall, value }),
      (error: unknown) => outboxOf(worker).send({ gwStoreAnswer: message.gwStoreCall, error: String(error) }),
    );
  }
}

/** The IPC channel to the primary (a cluster worker's `process`). */
export interface PrimaryChannel {
  send(message: unknown): unknown;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
}

/** A worker's stores: the primary's limiters over IPC; cooldowns and invalidations to every worker. */
export function openIpcSharedStores(
  primary: PrimaryChannel,
  options: { onError?: (error: unknown) => void; nodeId?: string } = {},
): SharedStores {
  let next = 0;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const invalidation = createMemoryInvalidationBus({ onError: options.onError });
  const frozen = new MemoryChannelCooldowns();
  // Sent at the turn's end: a channel that closed meanwhile must not throw there (an uncaught error); the
  // calls in the batch then fail by their timeout.
  const outbox = ipcOutbox((message) => {
    try {
      primary.send(message);
    } catch (error) {
      options.onError?.(error);
    }
  });
  const onMessage = (received: unknown) => {
    for (const message of unpackMessages(received)) onPrimaryMessage(message);
  };
  const onPrimaryMessage = (message: unknown) => {
    if (isFreeze(message)) {
      const { channelId, model, until } = message.gwFreeze;
      const seconds = (until - Date.now()) / 1000;
      if (seconds > 0) frozen.freezeSync(channelId, model ?? undefined, seconds);
      return;
    }
    if (isInvalidation(message)) {
      // Run here without sending it on again: the primary already told every other worker.
      void local.publish(message.gwInvalidate);
      return;
    }
    if (!isAnswer(message)) return;
    const pending = waiting.get(message.gwStoreAnswer);
    if (!pending) return;
    waiting.delete(message.gwStoreAnswer);
    if (message.error !== undefined) pending.reject(new Error(message.error));
    else pending.resolve(message.value);
  };
  const local = invalidation;
  primary.on('message', onMessage);

  function call<T>(method: StoreCall['method'], args: unknown[]): Promise<T> {
    next += 1;
    const id = next;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the primary process did not answer ${method} within ${IPC_TIMEOUT_MS} ms`));
      }, IPC_TIMEOUT_MS);
      timer.unref();
      waiting.set(id, {
        resolve: (value) => {
          clearTimeout(timer);
          resolve(value as T);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      outbox.send({ gwStoreCall: id, method, args } satisfies StoreCall);
    });
  }

  const api: ApiRateLimiter = {
    // Never rejects: without an answer the request is denied, as the Redis limiter does when Redis fails.
    allow: (userId, rpm) =>
      call<boolean>('api.allow', [userId, rpm]).catch((error: unknown) => {
        options.onError?.(error);
        return false;
      }),
  };
  const ip: IpRateLimiter = {
    allow: (mark, address, max, windowSeconds) =>
      call<boolean>('ip.allow', [mark, address, max, windowSeconds]),
    retryAfterSeconds: (mark, address, max, windowSeconds) =>
      call<number>('ip.retryAfter', [mark, address, max, windowSeconds]),
  };
  // Sign-in back-off counted by the primary; a call it does not answer fails the sign-in attempt.
  const loginThrottle: ThrottleStore = {
    lockedFor: (key, nowMs) => call<number>('throttle.lockedFor', [key, nowMs]),
    fail: (key, nowMs) => call<number>('throttle.fail', [key, nowMs]),
    lock: (key, ms, nowMs) => call<void>('throttle.lock', [key, ms, nowMs]),
    clear: (key) => call<void>('throttle.clear', [key]),
  };
  const cooldowns: ChannelCooldowns = {
    async freeze(channelId, model, seconds) {
      if (seconds <= 0) return;
      frozen.freezeSync(channelId, model, seconds);
      const until = Date.now() + seconds * 1000;
      outbox.send({ gwFreeze: { channelId, model: model ?? null, until } } satisfies Freeze);
    },
    frozenAmong: (channelIds, model) => frozen.frozenAmong(channelIds, model),
  };
  // The step is made (the balances read) as the call is sent: see SharedInFlightStore.
  const claimKeeper: ClaimKeeper = {
    claim: (keys, step) => call<unknown>('inflight.claim', [keys, step()]),
    refresh: async (keys, claimId, expires) => {
      outbox.send({ gwClaimRefresh: { keys: [...keys], claimId, expires } } satisfies ClaimRefresh);
    },
    write: async (writes) => {
      // At once, with whatever is queued before them: a settled request's running claim must be gone
      // from the primary's table before the client's next request, which may reach another worker,
      // is checked there (it was counted whole again, and refused on a tight balance).
      outbox.send({ gwClaimWrites: [...writes] } satisfies ClaimWrites);
      outbox.flush();
    },
  };
  const inFlight = new SharedInFlightStore(claimKeeper, {
    nodeId: options.nodeId ?? 'main',
    onError: options.onError,
  });
  const bus: InvalidationBus = {
    publish: async (topic) => {
      await local.publish(topic);
      outbox.send({ gwInvalidate: topic } satisfies Invalidation);
    },
    subscribe: (topic, listener) => local.subscribe(topic, listener),
    close: async () => {},
  };
  return {
    redis: undefined,
    rateLimiters: { api, ip },
    cooldowns,
    invalidation: bus,
    inFlight,
    loginThrottle,
    close: async () => {
      await inFlight.close();
      // The claims' last writes (inFlight.close) go out before the channel is left.
      outbox.flush();
      primary.off('message', onMessage);
      for (const pending of waiting.values()) pending.reject(new Error('closed'));
      waiting.clear();
    },
  };
}
