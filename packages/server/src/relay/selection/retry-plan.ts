// The attempt order of the retry loop (behaviour spec §7.2) as logic over the routing table and the
// cooldowns: the first pick, then up to `retryTimes` re-picks that start again from the highest
// priority tier, skipping every channel this request already tried and every frozen one.
import type { ChannelCooldowns } from './cooldown.js';
import { nextChannel, type PickChannelRequest, routableChannelIds } from './pick-channel.js';
import type { RoutingChannel, RoutingTable } from './routing-table.js';

/** Options of one request's retry plan. */
export interface RetryPlanOptions
  extends Pick<PickChannelRequest, 'model' | 'accept' | 'modelAllowed' | 'random'> {
  /** The effective group (spec §4). */
  group: string;
  /** Tried when the group has no usable channel, if non-empty and different (spec §4 step 3). */
  backupGroup?: string;
  /** Option RetryTimes: retries after the first attempt (default 0). */
  retryTimes: number;
  /** Option RetryCooldownSeconds: how long a failed channel stays frozen; 0 disables freezing. */
  cooldownSeconds: number;
  /** Channels never to use (a `#!id` pin). */
  exclude?: Iterable<number>;
}

/** One attempt the relay should make. */
export interface PlannedAttempt {
  channel: RoutingChannel;
  /** The group the channel was found in. */
  group: string;
  /** True when the channel came from the backup group (bill with its ratio, log is_backup_group). */
  isBackupGroup: boolean;
  /** 0 for the first attempt, 1.. for retries. */
  attempt: number;
}

/** Why a plan has nothing more to offer. */
export type RetryPlanEnd = 'no_channel' | 'retries_exhausted';

/** A request's attempt sequence; call `next()`, and `failed()` after each failed attempt. */
export interface RetryPlan {
  /** The next attempt, or why there is none. */
  next(): Promise<PlannedAttempt | { end: RetryPlanEnd; group: string }>;
  /** Records a failed attempt: skipped for the rest of this request and frozen for the cooldown. */
  failed(attempt: PlannedAttempt): Promise<void>;
  /** The channel ids that failed for this request so far, in order. */
  readonly tried: readonly number[];
}

/** Creates the plan for one request. */
export function createRetryPlan(
  table: RoutingTable,
  cooldowns: ChannelCooldowns,
  options: RetryPlanOptions,
): RetryPlan {
  const skip = new Set<number>(options.exclude ?? []);
  const tried: number[] = [];
  let attempts = 0;
  const groups = [options.group];
  if (options.backupGroup && options.backupGroup !== options.group) groups.push(options.backupGroup);

  async function pickIn(group: string): Promise<RoutingChannel | undefined> {
    const ids = routableChannelIds(table, group, options.model).filter((id) => !skip.has(id));
    const frozen = ids.length > 0 ? await cooldowns.frozenAmong(ids, options.model) : new Set<number>();
    const request = {
      group,
      model: options.model,
      exclude: skip,
      accept: options.accept,
      modelAllowed: options.modelAllowed,
      random: options.random,
    };
    // A cooldown moves traffic to other channels; when every channel left is cooling down, one of them
    // is still tried rather than refusing the request outright.
    return (
      nextChannel(table, { ...request, frozen: (id) => frozen.has(id) }) ??
      (frozen.size > 0 ? nextChannel(table, request) : undefined)
    );
  }

  return {
    tried,
    async next() {
      if (attempts > Math.max(0, options.retryTimes)) {
        return { end: 'retries_exhausted', group: groups[groups.length - 1] ?? options.group };
      }
      for (const [index, group] of groups.entries()) {
        const channel = await pickIn(group);
        if (channel) {
          const attempt = attempts;
          attempts += 1;
          return { channel, group, isBackupGroup: index > 0, attempt };
        }
      }
      return { end: 'no_channel', group: groups[groups.length - 1] ?? options.group };
    },
    async failed(attempt) {
      skip.add(attempt.channel.id);
      tried.push(attempt.channel.id);
      // Frozen under the requested model, the name picks read (fixes the §7.2 step 3 quirk).
      await cooldowns.freeze(attempt.channel.id, options.model, options.cooldownSeconds);
    },
  };
}

/** True when `next()` gave an attempt rather than an end. */
export function isPlannedAttempt(
  step: PlannedAttempt | { end: RetryPlanEnd; group: string },
): step is PlannedAttempt {
  return 'channel' in step;
}
