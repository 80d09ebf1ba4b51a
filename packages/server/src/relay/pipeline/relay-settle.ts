// Settlement of a relayed request (behaviour spec §9.3, §9.5, §10.4, §12.1): the usage (the upstream's,
// else counted locally), the charge, the consume log row, handed to the ledger in one entry.
import { performance } from 'node:perf_hooks';
import { LOG_TYPE, nowSeconds } from '@gw/core';
import type { BillingUsage } from '../billing/extra-usage.js';
import { consumeLogMetadata } from '../billing/log-metadata.js';
import { completionCeiling } from '../billing/in-flight-bound.js';
import { totalQuota } from '../billing/total-quota.js';
import type { PlannedAttempt } from '../selection/retry-plan.js';
import { reportTextTokensOffLoop } from '../tokens/index.js';
import type { RelayCaller } from './authenticate.js';
import type { AttemptSuccess } from './relay-attempt.js';
import type { RelayChannel } from './relay-channel.js';
import { billedModel, groupRatioOf, ratiosOf, type RelayDeps } from './relay-handler.js';
import type { RelayRequest } from './relay-request.js';

export interface SettleInput {
  requestId: string;
  caller: RelayCaller;
  channel: RelayChannel;
  attempt: PlannedAttempt;
  read: RelayRequest;
  result: AttemptSuccess;
  promptEstimate: number;
  hold: number;
  clientIp: string;
  startedAt: number;
}

/** The usage to bill: the upstream's, with local counts filling what it left out (spec §10.4). */
export async function billableUsage(
  reported: BillingUsage | undefined,
  promptEstimate: number,
  countText: () => Promise<number>,
): Promise<BillingUsage> {
  if (!reported) return { prompt_tokens: promptEstimate, completion_tokens: await countText() };
  if (reported.completion_tokens === 0) {
    const counted = await countText();
    if (counted > 0) return { ...reported, completion_tokens: counted };
  }
  return reported;
}

/**
 * Computes the charge and records it (with its log row) in the ledger; resolves to the charge in points.
 * A reply the upstream sent without usage is counted like a prompt, off the event loop and bounded (issue 8
 * item 2): a long run without whitespace in the reply would otherwise hold every other request.
 */
export async function settleRelay(
  deps: Pick<RelayDeps, 'state' | 'ledger'>,
  input: SettleInput,
): Promise<number> {
  const options = deps.state.options();
  const { caller, channel, read, result } = input;
  const model = billedModel(channel, read.model);
  const ratios = ratiosOf(deps.state, read, model, groupRatioOf(input.attempt, caller, deps.state.groups()));
  const usage = await billableUsage(result.usage, input.promptEstimate, async () => {
    const text = result.text();
    if (!text) return 0;
    const { tokens, counted } = await reportTextTokensOffLoop(model, text, {
      approximate: options.approximateTokens,
    });
    // A stream gw kept within its claim is billed no more than the claim covered (see completionCovered).
    const covered = Math.min(tokens, result.completionCovered ?? tokens);
    // A length estimate (the operator's choice, a text past the count cap, a saturated pool) is billed no
    // higher than the limit the reply was sent upstream with, once per choice: read's body carries the
    // limit gw applied. A count follows the spec (§10.4): the reply's tokens as counted.
    return counted ? covered : Math.min(covered, completionCeiling(read.body) ?? covered);
  });
  const quota = totalQuota(usage, ratios, { model, quotaPerUnit: options.quotaPerUnit });
  const at = nowSeconds();
  const metadata = consumeLogMetadata(
    {
      // The caller's own group even when the backup group served: the log shows "group → backup".
      groupName: input.attempt.isBackupGroup ? caller.group : input.attempt.group,
      backupGroupName: caller.backupGroup,
      isBackupGroup: input.attempt.isBackupGroup,
    },
    ratios,
    usage,
    { model, ...(result.firstResponseMs === undefined ? {} : { firstResponseMs: result.firstResponseMs }) },
  );
  await deps.ledger.record({
    id: input.requestId,
    kind: 'settle',
    at,
    userId: caller.userId,
    tokenId: caller.tokenId,
    tokenUnlimited: caller.tokenUnlimited,
    channelId: channel.id,
    hold: input.hold,
    quota,
    log: options.logConsume
      ? {
          user_id: caller.userId,
          created_at: at,
          type: LOG_TYPE.consume,
          content: '',
          username: caller.username,
          token_name: caller.tokenName,
          model_name: model,
          quota,
          prompt_tokens: usage.prompt_tokens,
          completion_tokens: usage.completion_tokens,
          channel_id: channel.id,
          request_time: Math.round(performance.now() - input.startedAt),
          is_stream: read.stream ? 1 : 0,
          source_ip: input.clientIp,
          metadata: JSON.stringify(metadata),
        }
      : null,
  });
  return quota;
}
