// The relay pipeline (behaviour spec §6–§9): authenticate, rate-limit, read the body, pick a channel,
// estimate and hold quota, try channels in the retry plan's order, then settle — billing and the log row
// go to the ledger, so the reply never waits on a database write.
import { performance } from 'node:perf_hooks';
import { nowSeconds, ROLES, translate as translateKey } from '@gw/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { GwDb } from '../../db/database.js';
import type { ApiRateLimiter } from '../../rate-limit/limiters.js';
import type { RelaySurface } from '../auth/extract-key.js';
import { checkTokenModel } from '../auth/check-token.js';
import { pinnedChannelRefusal } from '../auth/pinning.js';
import type { RelayRefusal } from '../auth/refusal.js';
import {
  applyCompletionLimit,
  completionLimit,
  LEAST_COMPLETION_TOKENS,
  planClaim,
} from '../billing/completion-budget.js';
import { requestedCompletionTokens } from '../billing/in-flight-bound.js';
import type { InFlightStore } from '../billing/in-flight.js';
import { preConsumeQuota, refusalBeforeCounting, settlementDeltas } from '../billing/pre-consume.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';
import type {
  GeminiPath,
  MidjourneyPath,
  ProviderCall,
  RelayOperation,
  TaskPath,
  TranslatedReply,
} from '../providers/provider.js';
import { totalQuota } from '../billing/total-quota.js';
import { freeRatios, type RequestRatios } from '../billing/request-ratios.js';
import { providerForChannel } from '../providers/registry.js';
import type { ChannelCooldowns } from '../selection/cooldown.js';
import { requestChannelFilter } from '../selection/pick-channel.js';
import { createRetryPlan, isPlannedAttempt, type PlannedAttempt } from '../selection/retry-plan.js';
import type { RoutingChannel } from '../selection/routing-table.js';
import { countTextTokensOffLoop, estimatePromptTokens, type ImageFetcher } from '../tokens/index.js';
import type { RelayAuthenticator, RelayCaller } from './authenticate.js';
import { type AttemptSuccess, runAttempt } from './relay-attempt.js';
import { checkContentSafety } from './content-safety.js';
import { type WebSearch, withSearchResults } from './web-search.js';
import { takeTurn } from './big-body-turns.js';
import { admitRequest, endClaim } from './relay-admission.js';
import { maskRelayError, maskUpstreamText } from './upstream-text-mask.js';
import { createReplyOutput, type ReplyOutput } from './reply-output.js';
import type { RelayChannel } from './relay-channel.js';
import {
  type ErrorDialect,
  localError,
  newRequestId,
  type RelayError,
  relayErrorBody,
  shapeRelayError,
} from './relay-error.js';
import {
  applyModelArg,
  formTextFields,
  mergeCustomParameters,
  type RelayRequest,
  readRelayRequest,
} from './relay-request.js';
import { settleRelay } from './relay-settle.js';
import { balancesNow, callerStoredBalances } from './stored-balances.js';
import { createStreamBudget, type StreamBudget } from './stream-budget.js';
import type { RelayState } from './relay-state.js';
import { shouldRetry } from './retry-rules.js';
import type { UpstreamHttp } from './upstream-http.js';

export interface RelayDeps {
  db: GwDb;
  state: RelayState;
  auth: RelayAuthenticator;
  ledger: SettlementLedger;
  http: UpstreamHttp;
  cooldowns: ChannelCooldowns;
  limiter: ApiRateLimiter;
  /** Called after a failed attempt with its full text (auto-disable, spec §8.1; the log); must not throw. */
  onAttemptFailed: (channel: RelayChannel, error: RelayError, requestId: string) => void;
  /** Called with a mid-stream error frame as the upstream sent it (the log); must not throw. */
  onStreamError: (channel: RelayChannel, frames: string, requestId: string) => void;
  /** Marks a token exhausted (spec §3.3 step 3). */
  onTokenExhausted: (tokenId: number) => void;
  clientIp: (request: FastifyRequest) => string;
  /** Reads the head of a remote chat image to count its tokens (public addresses only). */
  fetchImage: ImageFetcher;
  /** Every running request's claim on its user's and key's balance (all processes with Redis). */
  inFlight: InFlightStore;
  /** The engine `model#search` chat requests ask first (undefined: none configured, the suffix is ignored). */
  webSearch?: WebSearch | undefined;
}

/** How a route calls the pipeline. */
export interface RelayRoute {
  operation: RelayOperation;
  surface: RelaySurface;
  dialect: ErrorDialect;
  /** Channel types allowed (native routes), undefined = any. */
  types?: ReadonlySet<number>;
  /** The native API toggle this route obeys. */
  toggle?: 'claude' | 'gemini';
  /**
   * Runs on a successful reply before it is written, with what the request will be charged: task routes
   * store their task here, so the id the client receives can be fetched at once.
   */
  beforeReply?: (success: RouteSuccess) => Promise<void>;
  /**
   * After every attempt failed (the hold refunded, nothing sent yet): the path input to try the request
   * once more with, priced anew — a Midjourney fast submit the proxy refuses for want of fast accounts is
   * sent again in relax mode at the relax price. Undefined: the error goes to the client.
   */
  fallback?: (error: RelayError, path: RelayPathInput) => RelayPathInput | undefined;
}

/** A successful attempt as a route's beforeReply sees it. */
export interface RouteSuccess {
  caller: RelayCaller;
  channel: RelayChannel;
  read: RelayRequest;
  reply: TranslatedReply;
  /** The charge for the reply's usage (the settlement's figure). */
  quota: number;
}

/** Extra inputs a route reads from its path. */
export interface RelayPathInput {
  model?: string;
  gemini?: GeminiPath;
  midjourney?: MidjourneyPath;
  /** A Suno or Kling task submit. */
  task?: TaskPath;
  /** The request is never billed (see RelayRequest.free). */
  free?: boolean;
  /** The id its hold, claim and settlement go under, when not the request's own (a fallback's). */
  requestId?: string;
}

export function createRelayHandler(deps: RelayDeps) {
  const { state } = deps;

  function sendError(
    reply: FastifyReply,
    dialect: ErrorDialect,
    requestId: string,
    error: RelayError,
    out: ReplyOutput | undefined,
  ) {
    const shaped = shapeRelayError(error, requestId, state.options().language);
    if (out) return out.json(shaped.status, relayErrorBody(dialect, shaped));
    void reply
      .code(shaped.status)
      .header('x-oneapi-request-id', requestId)
      .send(relayErrorBody(dialect, shaped));
  }

  function refusalError(refusal: RelayRefusal): RelayError {
    return localError(refusal.status, state.options().language, refusal.messageKey, refusal.params);
  }

  /**
   * The steps that need no body — the native API toggles, then the key (spec §3) — run by the routes'
   * onRequest hook, so a bad key is refused before the body is read or parsed (issue 8). Sends the
   * refusal and returns undefined when refused.
   */
  async function authenticateRelay(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RelayRoute,
  ): Promise<RelayCaller | undefined> {
    const requestId = request.relayRequestId || newRequestId();
    const options = state.options();
    const refuse = (error: RelayError) => {
      sendError(reply, route.dialect, requestId, error, undefined);
      return undefined;
    };
    if (route.toggle === 'claude' && !options.claudeApiEnabled)
      return refuse(localError(403, options.language, 'relay.native.claude_disabled'));
    if (route.toggle === 'gemini' && !options.geminiApiEnabled)
      return refuse(localError(403, options.language, 'relay.native.gemini_disabled'));
    const auth = await deps.auth.authenticate(
      state.groups(),
      {
        surface: route.surface,
        sources: { headers: request.headers, query: request.query as Record<string, unknown> },
        clientIp: deps.clientIp(request),
      },
      deps.onTokenExhausted,
    );
    if (!auth.ok) return refuse(refusalError(auth));
    return auth.caller;
  }

  async function handleRelay(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RelayRoute,
    path: RelayPathInput = {},
  ): Promise<void> {
    const startedAt = performance.now();
    const requestId = path.requestId ?? (request.relayRequestId || newRequestId());
    const options = state.options();
    let out: ReplyOutput | undefined;
    const fail = (error: RelayError) => sendError(reply, route.dialect, requestId, error, out);
    const failLocal = (status: number, key: string, params?: Record<string, unknown>) =>
      fail(localError(status, options.language, key, params));

    const clientIp = deps.clientIp(request);
    const authed = request.relayCaller ?? (await authenticateRelay(request, reply, route));
    if (!authed) return;
    const caller: RelayCaller = authed;

    const ownGroup = state.groups().get(caller.userGroup);
    if (!ownGroup) return failLocal(403, 'relay.rate_limit.not_allowed');
    if (!(await deps.limiter.allow(caller.userId, ownGroup.apiRate))) {
      return failLocal(429, 'relay.rate_limit.exceeded');
    }

    const read = readRelayRequest(route.operation, request.body, {
      ...(path.model ? { pathModel: path.model } : {}),
      ...(path.gemini ? { gemini: path.gemini } : {}),
      ...(path.midjourney ? { midjourney: path.midjourney } : {}),
      ...(path.task ? { task: path.task } : {}),
      ...(path.free ? { free: true } : {}),
    });
    if (!('operation' in read)) return failLocal(400, read.messageKey, read.params);
    const modelCheck = checkTokenModel(caller.setting, read.model);
    if (!modelCheck.ok) return fail(refusalError(modelCheck));

    // Channel order: a forced pin is the only candidate and is never retried (spec §3.4).
    const pinning = caller.pinning;
    const forced = pinning.mode === 'force' && !pinning.ignore ? pinning.channelId : undefined;
    if (forced !== undefined) {
      const refusal = pinnedChannelRefusal(state.channel(forced));
      if (refusal) return fail(refusalError(refusal));
    }
    const plan = createRetryPlan(state.routing(), deps.cooldowns, {
      group: caller.group,
      backupGroup: caller.backupGroup,
      model: read.model,
      retryTimes: forced === undefined ? options.retryTimes : 0,
      cooldownSeconds: options.retryCooldownSeconds,
      accept: requestChannelFilter({
        model: read.model,
        tools: read.hasTools,
        stream: read.stream,
        ...(route.types ? { types: route.types } : {}),
      }),
      ...(pinning.mode === 'exclude' ? { exclude: [pinning.channelId] } : {}),
    });
    const step = forced !== undefined ? forcedAttempt(forced, caller) : await plan.next();
    if (!isPlannedAttempt(step)) {
      return failLocal(503, 'relay.channel.none', { group: step.group, model: read.model });
    }

    // Price, prompt estimate and hold come from the first channel (spec §6 steps 4–5).
    const heartbeat = caller.setting.heartbeat;
    out = createReplyOutput(
      reply,
      requestId,
      heartbeat.enabled && HEARTBEAT_OPERATIONS.has(read.operation)
        ? {
            // A native Gemini stream without alt=sse is a JSON array: it is pinged like a JSON reply.
            stream: read.stream && read.gemini?.sse !== false,
            timeoutSeconds: clampHeartbeat(heartbeat.timeout_seconds),
          }
        : undefined,
    );
    const firstChannel = state.channel(step.channel.id);
    const billedFirst = billedModel(firstChannel, read.model);
    const firstRatios = ratiosOf(state, read, billedFirst, groupRatioOf(step, caller, state.groups()));
    // A balance that cannot pay for even an empty prompt is refused before the prompt is counted.
    // (An early look: admission checks the balances again, as they are then.)
    const known = balancesNow(deps.ledger, callerStoredBalances(caller), caller);
    const unaffordable = refusalBeforeCounting(firstRatios, options.preConsumedQuota, {
      userQuota: known?.user ?? caller.userQuota + deps.ledger.pendingUserQuota(caller.userId),
      tokenUnlimited: caller.tokenUnlimited,
      tokenRemain: known?.token ?? caller.tokenRemainQuota + deps.ledger.pendingTokenQuota(caller.tokenId),
    });
    if (unaffordable === 'user') {
      const key = 'relay.quota.user_not_enough';
      return fail(localError(402, options.language, key, undefined, 'insufficient_user_quota'));
    }
    if (unaffordable === 'token') return failLocal(403, 'relay.quota.token_not_enough');
    if (request.relayBigBody) await takeTurn();
    // `model#search`: the results go in before the prompt is counted, so the hold covers them too.
    const searched = await withSearchResults(read, deps.webSearch);
    let promptTokens: number;
    try {
      // Multipart bodies are estimated from their text fields (an image edit's size, quality and n).
      promptTokens = await estimatePromptTokens(
        searched.operation,
        searched.model,
        searched.body instanceof FormData ? formTextFields(searched.body) : searched.body,
        {
          approximate: options.approximateTokens,
          skipImages: firstChannel?.preCost === 2,
          fetchImage: deps.fetchImage,
          preCost: firstChannel?.preCost ?? 1,
        },
      );
    } catch {
      return failLocal(400, 'relay.request.invalid_json');
    }
    const pre = preConsumeQuota(firstRatios, promptTokens, options.preConsumedQuota);
    const requested = requestedCompletionTokens(searched.body);
    const claimPlan = planClaim(pre, firstRatios, {
      operation: read.operation,
      stream: read.stream,
      requested,
      countedTokens: options.inFlightCompletionTokens,
      maxTokens: options.inFlightMaxCompletionTokens,
    });
    const admission = await admitRequest(deps, { requestId, caller, pre, claim: claimPlan });
    if (!('claimed' in admission)) return fail(admission);
    const { hold, granted } = admission;
    // The completion is kept within the claim: a limit sent upstream, or a stream's claim grown as it goes.
    let budget: StreamBudget | undefined;
    if (granted !== undefined && claimPlan.bounded && !(searched.body instanceof FormData)) {
      if (read.stream) {
        budget = createStreamBudget(deps, {
          requestId,
          caller,
          pre,
          hold,
          ratios: firstRatios,
          granted,
          requested,
          step: Math.max(options.inFlightCompletionTokens, LEAST_COMPLETION_TOKENS),
          count: (text) =>
            countTextTokensOffLoop(billedFirst, text, { approximate: options.approximateTokens }),
        });
      } else {
        const limit = completionLimit(granted, pre, firstRatios, {
          requested,
          maxTokens: options.inFlightMaxCompletionTokens,
        });
        if (limit !== undefined) applyCompletionLimit(searched.body, searched.operation, limit);
      }
    }
    const output = out;
    const asked: RelayRequest = searched;
    const ownText: RelayRequest = read;
    const seesFullErrors = caller.role >= ROLES.admin;
    let attempt: PlannedAttempt = step;
    let settled: { userOwed: number; tokenOwed: number } | undefined;
    /** Whether the hold's settlement or refund reached the ledger. */
    let closed = false;
    /** The path input of a fallback request, once every attempt failed and the route asked for one. */
    let fallbackPath: RelayPathInput | undefined;
    /** Whether the claim has ended (or there is none). */
    let claimEnded = !admission.claimed;
    // The claim ends before the reply does (its settlement or its refund first): the client's next request
    // may reach another worker at once, and must not find this one's claim still counted there.
    const endClaimOnce = (owed: { userOwed: number; tokenOwed: number } | undefined) => {
      if (claimEnded) return;
      claimEnded = true;
      endClaim(deps.inFlight, requestId, owed);
    };
    try {
      settled = await relayAdmitted();
    } catch (error) {
      // An unexpected failure must not keep the hold until the next restart's journal replay.
      if (!closed) refundHold();
      throw error;
    } finally {
      endClaimOnce(settled);
    }
    // The fallback is a new request in all but its id: priced, held and logged on its own.
    // Under its own id: the ledger and the in-flight claims know the first try's id as refunded and ended.
    if (fallbackPath) {
      const again = { ...fallbackPath, requestId: newRequestId() };
      return handleRelay(request, reply, { ...route, fallback: undefined }, again);
    }

    /**
     * Tries the channels of the plan; returns what a success still owes until the ledger writes it. A
     * success is settled, and its claim ended, before the reply's last bytes go out (finishSuccess).
     */
    async function relayAdmitted(): Promise<{ userOwed: number; tokenOwed: number } | undefined> {
      // Content safety comes after the hold (spec §6 steps 5–6): a refused prompt has its hold refunded and
      // never reaches a channel. The caller's own text is checked, not the search results added to it.
      const unsafe = checkContentSafety(options.safety, ownText);
      if (unsafe) {
        refundHold();
        fail(localError(400, options.language, unsafe.messageKey, unsafe.params, unsafe.code));
        return undefined;
      }
      let lastError: RelayError | undefined;
      // Their keys, hosts and addresses are masked out of the error a non-admin caller reads.
      const tried: RelayChannel[] = [];
      for (;;) {
        const channel = state.channel(attempt.channel.id);
        if (channel) tried.push(channel);
        if (channel && request.relayBigBody) await takeTurn();
        const outcome = channel
          ? await attemptOn(
              channel,
              asked,
              request,
              output,
              requestId,
              startedAt,
              promptTokens,
              seesFullErrors,
              budget,
              route.beforeReply && beforeReplyOn(channel, route.beforeReply),
              (success) => finishSuccess(channel, success),
            )
          : undefined;
        if (outcome?.ok) {
          output.stop();
          return settled;
        }
        const error =
          outcome?.error ??
          localError(503, options.language, 'relay.channel.not_found', undefined, 'channel_not_found');
        lastError = error;
        if (channel) deps.onAttemptFailed(channel, error, requestId);
        if (forced !== undefined || !shouldRetry(error)) break;
        await plan.failed(attempt);
        if ((performance.now() - startedAt) / 1000 > options.retryTimeoutSeconds) {
          lastError = localError(429, options.language, 'relay.upstream.retry_timeout');
          break;
        }
        const next = await plan.next();
        if (!isPlannedAttempt(next)) break;
        attempt = next;
      }
      refundHold();
      fallbackPath = route.fallback?.(lastError, path);
      if (fallbackPath) return undefined;
      fail(seesFullErrors ? lastError : maskRelayError(lastError, tried));
      return undefined;
    }

    /**
     * Settles a successful attempt and ends its claim; runAttempt calls it before the reply's last bytes go
     * out. The settlement is journaled first, then the claim ends (the charge it still owes written with it).
     */
    async function finishSuccess(channel: RelayChannel, result: AttemptSuccess): Promise<void> {
      closed = true;
      const quota = await settleRelay(deps, {
        requestId,
        caller,
        channel,
        attempt: attempt,
        read: asked,
        result,
        promptEstimate: promptTokens,
        hold,
        clientIp,
        startedAt,
      });
      const deltas = settlementDeltas(quota, hold, caller.tokenUnlimited);
      settled = { userOwed: -deltas.userQuota, tokenOwed: -deltas.tokenRemainQuota };
      endClaimOnce(settled);
    }

    /** The route's beforeReply with the charge this attempt's reply will settle at. */
    function beforeReplyOn(channel: RelayChannel, hook: NonNullable<RelayRoute['beforeReply']>) {
      return (reply: TranslatedReply) => {
        const model = billedModel(channel, asked.model);
        const ratios = ratiosOf(state, asked, model, groupRatioOf(attempt, caller, state.groups()));
        const usage = reply.usage ?? { prompt_tokens: promptTokens, completion_tokens: 0 };
        const quota = totalQuota(usage, ratios, { model, quotaPerUnit: state.options().quotaPerUnit });
        return hook({ caller, channel, read: asked, reply, quota });
      };
    }

    /** The request ends without a charge: its hold is refunded, then its claim ended (before any reply). */
    function refundHold(): void {
      closed = true;
      if (hold > 0) {
        void deps.ledger.record({
          id: requestId,
          kind: 'refund',
          at: nowSeconds(),
          userId: caller.userId,
          tokenId: caller.tokenId,
          tokenUnlimited: caller.tokenUnlimited,
          channelId: attempt.channel.id,
          hold,
          quota: 0,
          log: null,
        });
      }
      endClaimOnce(undefined);
    }
  }

  function forcedAttempt(channelId: number, caller: RelayCaller): PlannedAttempt {
    const channel = state.channel(channelId) as RelayChannel;
    const routing: RoutingChannel = {
      id: channel.id,
      type: channel.type,
      name: channel.name,
      weight: 1,
      priority: 0,
      onlyChat: false,
      disabledStream: new Set(),
    };
    return { channel: routing, group: caller.group, isBackupGroup: false, attempt: 0 };
  }

  async function attemptOn(
    channel: RelayChannel,
    read: RelayRequest,
    request: FastifyRequest,
    out: ReplyOutput,
    requestId: string,
    startedAt: number,
    promptEstimate: number,
    seesFullErrors: boolean,
    budget: StreamBudget | undefined,
    beforeReply: ((reply: TranslatedReply) => Promise<void>) | undefined,
    finish: (success: AttemptSuccess) => Promise<void>,
  ) {
    const options = state.options();
    const provider = providerForChannel(channel.upstream);
    const adapter = provider?.operations[read.operation];
    if (!provider || !adapter) {
      return {
        ok: false as const,
        error: localError(
          503,
          options.language,
          'relay.channel.unsupported',
          { operation: read.operation },
          null,
        ),
      };
    }
    const mapped = channel.modelMapping[read.model];
    const upstreamModel = mapped ? mapped.replace(/^\+/, '') : read.model;
    const body =
      read.body instanceof FormData
        ? read.body
        : mergeCustomParameters(
            applyModelArg({ ...read.body, model: upstreamModel }, read.modelArg, upstreamModel, channel.type),
            channel.customParameter,
            upstreamModel,
          );
    const call: ProviderCall = {
      operation: read.operation,
      channel: channel.upstream,
      model: upstreamModel,
      body,
      stream: read.stream,
      includeUsage: read.includeUsage,
      clientHeaders: request.headers as Record<string, string | undefined>,
      ...(read.gemini ? { gemini: read.gemini } : {}),
      ...(read.midjourney ? { midjourney: read.midjourney } : {}),
      ...(read.task ? { task: read.task } : {}),
      settings: options.providerSettings,
    };
    return runAttempt({
      provider,
      adapter,
      call,
      proxy: channel.proxy,
      http: deps.http,
      out,
      startedAt,
      requestId,
      message: (key) => translateKey(options.language, key),
      promptEstimate,
      onStreamError: (frames) => deps.onStreamError(channel, frames, requestId),
      budget,
      beforeReply,
      finish,
      ...(seesFullErrors ? {} : { maskText: (text: string) => maskUpstreamText(text, [channel]) }),
    });
  }

  // The routes call the handler; their onRequest hook calls `authenticate` first (see relay-routes.ts).
  return Object.assign(handleRelay, { authenticate: authenticateRelay });
}

/** Operations whose clients may ask for a heartbeat (spec §6 step 3). */
const HEARTBEAT_OPERATIONS: ReadonlySet<RelayOperation> = new Set([
  'chat',
  'claude-messages',
  'gemini-generate',
]);

/** The heartbeat timeout of a token setting, at most the 90 s the setting allows (spec §3.5; the form keeps it at 30 or more). */
function clampHeartbeat(seconds: number): number {
  return Math.min(90, Math.max(1, Number.isFinite(seconds) ? seconds : 30));
}

/** The ratios a request is billed with: its model's, or none at all for a request that is never billed. */
export function ratiosOf(
  state: RelayState,
  read: RelayRequest,
  model: string,
  groupRatio: number,
): RequestRatios {
  const ratios = state.ratios(model, groupRatio);
  return read.free ? freeRatios(ratios) : ratios;
}

/** The model a request is billed under on a channel: the mapped name, or the requested one for `+` mappings. */
export function billedModel(channel: RelayChannel | undefined, model: string): string {
  const mapped = channel?.modelMapping[model];
  if (!mapped) return model;
  return mapped.startsWith('+') ? model : mapped;
}

/** The group ratio an attempt bills with: the backup group's when it served (spec §4 step 3). */
export function groupRatioOf(
  step: PlannedAttempt,
  caller: RelayCaller,
  groups?: ReadonlyMap<string, { ratio: number }>,
): number {
  if (!step.isBackupGroup) return caller.groupRatio;
  return groups?.get(step.group)?.ratio ?? caller.groupRatio;
}
