// Realtime over WebSocket (behaviour spec §11.5): `GET /v1/realtime?model=` upgraded with the `ws` library on
// the HTTP server's `upgrade` event. The key (Authorization header, or the `openai-insecure-api-key.`
// subprotocol browsers send) and the caller's checks run before the upgrade, so a bad key gets its HTTP
// refusal. Then up to max(RetryTimes, 1) channels are tried: a channel is used once its first message
// arrived as text and was not an error. Messages are relayed both ways until either side closes or both
// stay silent for two minutes; every usage event adds its cost to the user's unsettled realtime spend, the
// session ends once that reaches the user's balance, and the merged usage is settled as one consume on close.
// With InFlightQuotaCheckEnabled the session also holds an in-flight claim beside the user's other running
// requests, grown as it spends (realtime-claim), so a session and concurrent chats cannot overspend together.
import type { IncomingMessage } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { LOG_TYPE, nowSeconds, ROLES } from '@gw/core';
import WebSocket, { type RawData, WebSocketServer } from 'ws';
import type { ApiRateLimiter } from '../../rate-limit/limiters.js';
import { checkTokenModel } from '../auth/check-token.js';
import { pinnedChannelRefusal } from '../auth/pinning.js';
import type { RelayRefusal } from '../auth/refusal.js';
import { LEAST_COMPLETION_TOKENS } from '../billing/completion-budget.js';
import type { BillingUsage } from '../billing/extra-usage.js';
import type { InFlightStore } from '../billing/in-flight.js';
import { consumeLogMetadata } from '../billing/log-metadata.js';
import type { RequestRatios } from '../billing/request-ratios.js';
import { totalQuota } from '../billing/total-quota.js';
import type { SettlementLedger } from '../ledger/settlement-ledger.js';
import type { AuthenticateInput, RelayCaller } from '../pipeline/authenticate.js';
import type { RelayChannel } from '../pipeline/relay-channel.js';
import {
  localError,
  newRequestId,
  type RelayError,
  relayErrorBody,
  shapeRelayError,
} from '../pipeline/relay-error.js';
import { billedModel, groupRatioOf } from '../pipeline/relay-handler.js';
import type { RelayState } from '../pipeline/relay-state.js';
import { balancesNow, callerStoredBalances } from '../pipeline/stored-balances.js';
import { maskUpstreamText } from '../pipeline/upstream-text-mask.js';
import { azureProvider } from '../providers/azure/azure-provider.js';
import { openAiCompatibleProvider, openAiProvider } from '../providers/openai/openai-provider.js';
import { providerForChannel } from '../providers/registry.js';
import type { ChannelCooldowns } from '../selection/cooldown.js';
import { createRetryPlan, isPlannedAttempt, type PlannedAttempt } from '../selection/retry-plan.js';
import type { RelayAuthResult } from '../auth/refusal.js';
import type { GwDb } from '../../db/database.js';
import { admitRealtimeClaim, type RealtimeClaim } from './realtime-claim.js';
import type { RealtimeSpend } from './realtime-quota.js';
import { mergeUsage, realtimeEventUsage } from './realtime-usage.js';
import {
  connectRealtimeUpstream,
  REALTIME_MAX_PAYLOAD,
  type RealtimeUpstream,
  rawText,
  realtimeUpstreamTarget,
} from './realtime-upstream.js';

export const REALTIME_PATH = '/v1/realtime';
/** Both sides silent this long end the session (spec §11.5; REALTIME_IDLE_TIMEOUT). */
export const REALTIME_IDLE_MS = 2 * 60 * 1000;
/** The longest wait for an upstream's first event after its handshake (UPSTREAM_HEADERS_TIMEOUT if shorter). */
export const REALTIME_FIRST_EVENT_SECONDS = 30;
/** Client messages kept while the upstream is being connected; more ends the session. */
const MAX_EARLY_MESSAGES = 256;
const MAX_EARLY_BYTES = 16 * 1024 * 1024;

/** The providers that speak the Realtime protocol. */
const REALTIME_PROVIDERS = new Set([openAiProvider, azureProvider, openAiCompatibleProvider]);

export interface RealtimeRelayDeps {
  state: RelayState;
  ledger: SettlementLedger;
  cooldowns: ChannelCooldowns;
  limiter: ApiRateLimiter;
  spend: RealtimeSpend;
  /** The in-flight claims of every running request (the balance check beside them). */
  inFlight: InFlightStore;
  db: GwDb;
  authenticate(input: AuthenticateInput): Promise<RelayAuthResult<{ caller: RelayCaller }>>;
  clientIp(request: IncomingMessage): string;
  onAttemptFailed(channel: RelayChannel, error: RelayError, requestId: string): void;
  /** The longest wait for an upstream's handshake and then its first message. */
  connectTimeoutMs: number;
  idleMs?: number;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface RealtimeRelay {
  /** The HTTP server's `upgrade` listener. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Open sessions. */
  readonly open: number;
  /** The points the open sessions' in-flight claims hold. */
  readonly claimed: number;
  /** Ends every open session (server shutdown): each is settled before this returns. */
  closeAll(): void;
}

export function createRealtimeRelay(deps: RealtimeRelayDeps): RealtimeRelay {
  const { state } = deps;
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: REALTIME_MAX_PAYLOAD,
    // Any origin; the `realtime` subprotocol is echoed when offered (the key one never is).
    handleProtocols: (protocols) => (protocols.has('realtime') ? 'realtime' : false),
  });
  const sessions = new Set<() => void>();
  const claims = new Set<RealtimeClaim>();

  function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => {});
    const requestId = newRequestId();
    const language = state.options().language;
    const refuse = (error: RelayError) => {
      if (socket.destroyed) return;
      const shaped = shapeRelayError(error, requestId, language);
      const text = JSON.stringify(relayErrorBody('openai', shaped));
      socket.end(
        `HTTP/1.1 ${shaped.status} ${STATUS_CODES[shaped.status] ?? 'Error'}\r\n` +
          'Content-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(text)}\r\n` +
          `X-Oneapi-Request-Id: ${requestId}\r\n` +
          'Connection: close\r\n\r\n' +
          text,
      );
    };
    let url: URL;
    try {
      url = new URL(request.url ?? '/', 'http://gw');
    } catch {
      refuse(localError(400, language, 'relay.request.bad_url'));
      return;
    }
    if (url.pathname !== REALTIME_PATH) {
      refuse({
        ...localError(404, language, 'relay.request.invalid_url', { method: 'GET', path: url.pathname }),
        type: 'invalid_request_error',
        code: '',
      });
      return;
    }
    prepare(request, url, requestId).then(
      (prepared) => {
        if ('status' in prepared) return refuse(prepared);
        // A claim whose session never starts (the client left, or the handshake was refused) ends here.
        let started = false;
        const unstarted = () => {
          if (!started) prepared.claim?.end(undefined);
        };
        if (socket.destroyed) return unstarted();
        socket.once('close', unstarted);
        wss.handleUpgrade(request, socket, head, (client) => {
          started = true;
          runSession(client, request, prepared);
        });
      },
      (error: unknown) => {
        deps.warn('realtime upgrade failed', { err: error, requestId });
        refuse(localError(500, language, 'relay.request.internal'));
      },
    );
  }

  interface Prepared {
    requestId: string;
    caller: RelayCaller;
    model: string;
    first: PlannedAttempt;
    plan: ReturnType<typeof createRetryPlan> | undefined;
    /** The balances the session may spend: the user's, and a limited key's. */
    userLimit: number;
    tokenLimit: number | undefined;
    startedAt: number;
    clientIp: string;
    /** The session's in-flight claim (none when the check is off or the model is free). */
    claim?: RealtimeClaim;
  }

  /** Every check that needs no upstream, in the order of the HTTP relay (spec §3, §6). */
  async function prepare(
    request: IncomingMessage,
    url: URL,
    requestId: string,
  ): Promise<Prepared | RelayError> {
    const startedAt = performance.now();
    const options = state.options();
    const fromRefusal = (refusal: RelayRefusal) =>
      localError(refusal.status, options.language, refusal.messageKey, refusal.params);
    const clientIp = deps.clientIp(request);
    const auth = await deps.authenticate({
      surface: 'openai',
      sources: { headers: request.headers, query: Object.fromEntries(url.searchParams) },
      clientIp,
    });
    if (!auth.ok) return fromRefusal(auth);
    const caller = auth.caller;
    const model = url.searchParams.get('model')?.trim() ?? '';
    if (!model) return localError(400, options.language, 'relay.request.field_required', { field: 'model' });
    const modelCheck = checkTokenModel(caller.setting, model);
    if (!modelCheck.ok) return fromRefusal(modelCheck);
    const ownGroup = state.groups().get(caller.userGroup);
    if (!ownGroup) return localError(403, options.language, 'relay.rate_limit.not_allowed');
    if (!(await deps.limiter.allow(caller.userId, ownGroup.apiRate))) {
      return localError(429, options.language, 'relay.rate_limit.exceeded');
    }
    const known = balancesNow(deps.ledger, callerStoredBalances(caller), caller);
    const userLimit = known?.user ?? caller.userQuota + deps.ledger.pendingUserQuota(caller.userId);
    const tokenLimit = caller.tokenUnlimited
      ? undefined
      : (known?.token ?? caller.tokenRemainQuota + deps.ledger.pendingTokenQuota(caller.tokenId));
    if (userLimit <= 0) {
      return localError(
        402,
        options.language,
        'relay.quota.user_not_enough',
        undefined,
        'insufficient_user_quota',
      );
    }
    if (tokenLimit !== undefined && tokenLimit <= 0) {
      return localError(403, options.language, 'relay.quota.token_not_enough');
    }
    const pinning = caller.pinning;
    const forced = pinning.mode === 'force' && !pinning.ignore ? pinning.channelId : undefined;
    if (forced !== undefined) {
      const channel = state.channel(forced);
      const refusal = pinnedChannelRefusal(channel);
      if (refusal) return fromRefusal(refusal);
      const pinned = channel as RelayChannel;
      const first: PlannedAttempt = {
        channel: {
          id: pinned.id,
          type: pinned.type,
          name: pinned.name,
          weight: 1,
          priority: 0,
          onlyChat: false,
          disabledStream: new Set(),
        },
        group: caller.group,
        isBackupGroup: false,
        attempt: 0,
      };
      return withClaim({
        requestId,
        caller,
        model,
        first,
        plan: undefined,
        userLimit,
        tokenLimit,
        startedAt,
        clientIp,
      });
    }
    const plan = createRetryPlan(state.routing(), deps.cooldowns, {
      group: caller.group,
      backupGroup: caller.backupGroup,
      model,
      // Up to max(RetryTimes, 1) channels in all (spec §11.5).
      retryTimes: Math.max(options.retryTimes, 1) - 1,
      cooldownSeconds: options.retryCooldownSeconds,
      accept: (routing) => {
        const channel = state.channel(routing.id);
        const provider = channel && providerForChannel(channel.upstream);
        return provider !== undefined && REALTIME_PROVIDERS.has(provider);
      },
      ...(pinning.mode === 'exclude' ? { exclude: [pinning.channelId] } : {}),
    });
    const first = await plan.next();
    if (!isPlannedAttempt(first)) {
      return localError(503, options.language, 'relay.channel.none', { group: first.group, model });
    }
    return withClaim({ requestId, caller, model, first, plan, userLimit, tokenLimit, startedAt, clientIp });
  }

  /** The session's in-flight claim, priced on its first channel: a step of output, grown as it spends. */
  async function withClaim(prepared: Prepared): Promise<Prepared | RelayError> {
    const options = state.options();
    if (!options.inFlightCheck) return prepared;
    const { caller, model, first } = prepared;
    const billed = billedModel(state.channel(first.channel.id), model);
    const ratios = state.ratios(billed, groupRatioOf(first, caller, state.groups()));
    const tokens = Math.max(options.inFlightCompletionTokens, LEAST_COMPLETION_TOKENS);
    const step = totalQuota({ prompt_tokens: 0, completion_tokens: tokens }, ratios, {
      model: billed,
      quotaPerUnit: options.quotaPerUnit,
    });
    if (step <= 0) return prepared;
    const claim = await admitRealtimeClaim(deps, { requestId: prepared.requestId, caller, step });
    if (typeof claim === 'string') {
      return localError(
        429,
        options.language,
        'relay.quota.in_flight',
        undefined,
        'insufficient_quota_in_flight',
      );
    }
    return { ...prepared, claim };
  }

  function runSession(client: WebSocket, request: IncomingMessage, prepared: Prepared): void {
    const { requestId, caller, model } = prepared;
    const options = state.options();
    const seesFullErrors = caller.role >= ROLES.admin;
    let upstream: WebSocket | undefined;
    let channel: RelayChannel | undefined;
    let attempt = prepared.first;
    let ratios: RequestRatios | undefined;
    let billed = model;
    let usage: BillingUsage = { prompt_tokens: 0, completion_tokens: 0 };
    let spent = 0;
    let firstResponseMs: number | undefined;
    let ended = false;
    let early: Array<{ data: RawData; isBinary: boolean }> | undefined = [];
    let earlyBytes = 0;
    let idle: NodeJS.Timeout | undefined;
    const idleMs = deps.idleMs ?? REALTIME_IDLE_MS;
    const touch = () => {
      if (ended) return;
      if (idle) idle.refresh();
      else idle = setTimeout(() => end({ code: 1000, reason: 'idle timeout' }), idleMs);
    };
    const shutdown = () => end({ code: 1001, reason: 'server shutting down' });
    sessions.add(shutdown);
    const claim = prepared.claim;
    if (claim) claims.add(claim);
    /** Growths of the claim, one after another as the usage events come. */
    let covering: Promise<void> = Promise.resolve();
    touch();

    client.on('error', () => {});
    client.on('message', (data, isBinary) => {
      touch();
      if (upstream) return upstream.send(data, { binary: isBinary });
      if (!early) return;
      early.push({ data, isBinary });
      earlyBytes += rawSize(data);
      if (early.length > MAX_EARLY_MESSAGES || earlyBytes > MAX_EARLY_BYTES) {
        fail(localError(413, options.language, 'relay.realtime.too_early'), 'too_many_messages');
      }
    });
    client.on('close', () => end(undefined));

    connect().catch((error: unknown) => {
      deps.warn('realtime session failed', { err: error, requestId });
      fail(localError(500, options.language, 'relay.request.internal'), 'internal_error');
    });

    async function connect(): Promise<void> {
      const plan = prepared.plan;
      const timeout = deps.connectTimeoutMs;
      let lastError: RelayError | undefined;
      const tried: RelayChannel[] = [];
      for (;;) {
        const candidate = state.channel(attempt.channel.id);
        let outcome: RealtimeUpstream | RelayError;
        if (!candidate) {
          outcome = localError(
            503,
            options.language,
            'relay.channel.not_found',
            undefined,
            'channel_not_found',
          );
        } else {
          tried.push(candidate);
          const mapped = candidate.modelMapping[model];
          const upstreamModel = mapped ? mapped.replace(/^\+/, '') : model;
          const target = realtimeUpstreamTarget(candidate.upstream, upstreamModel, request.headers);
          const connected = await connectRealtimeUpstream(target, timeout, candidate.proxy);
          outcome =
            'socket' in connected
              ? connected
              : {
                  status: connected.status >= 400 ? connected.status : 502,
                  message: connected.message,
                  type: 'upstream_error',
                  code: 'bad_response_status_code',
                  local: false,
                };
        }
        if (ended) {
          if ('socket' in outcome) outcome.socket.terminate();
          return;
        }
        if ('socket' in outcome) return start(candidate as RelayChannel, outcome);
        lastError = outcome;
        if (candidate) deps.onAttemptFailed(candidate, outcome, requestId);
        if (!plan) break;
        await plan.failed(attempt);
        const next = await plan.next();
        if (!isPlannedAttempt(next) || ended) break;
        attempt = next;
      }
      const error = lastError ?? localError(502, options.language, 'relay.upstream.request_failed');
      const shown =
        seesFullErrors || error.local ? error : { ...error, message: maskUpstreamText(error.message, tried) };
      fail(shown, 'upstream_failed');
    }

    function start(used: RelayChannel, opened: RealtimeUpstream): void {
      channel = used;
      upstream = opened.socket;
      billed = billedModel(used, model);
      ratios = state.ratios(billed, groupRatioOf(attempt, caller, state.groups()));
      firstResponseMs = Math.round(performance.now() - prepared.startedAt);
      const socket = opened.socket;
      socket.on('message', (data, isBinary) => {
        touch();
        if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
        if (!isBinary) onUpstreamText(rawText(data));
      });
      socket.on('close', (code, reason) =>
        end({ code: sendableCode(code), reason: reason.toString('utf8') }),
      );
      socket.on('error', (error) => {
        deps.warn('realtime upstream socket failed', { err: error, requestId, channel: used.id });
        fail(localError(502, options.language, 'relay.upstream.request_failed'), 'upstream_failed');
      });
      client.send(opened.first);
      onUpstreamText(opened.first);
      const waiting = early ?? [];
      early = undefined;
      for (const message of waiting) socket.send(message.data, { binary: message.isBinary });
    }

    function onUpstreamText(text: string): void {
      // Audio deltas are most of the traffic: only events that can carry usage are parsed.
      if (!text.includes('"usage"')) return;
      let event: unknown;
      try {
        event = JSON.parse(text);
      } catch {
        return;
      }
      const more = realtimeEventUsage(event);
      if (!more || !ratios) return;
      usage = mergeUsage(usage, more);
      const cost = totalQuota(more, ratios, { model: billed, quotaPerUnit: options.quotaPerUnit });
      if (cost <= 0) return;
      spent += cost;
      if (claim) covering = covering.then(coverSpend);
      deps.spend.add(caller.userId, cost).then(
        (total) => checkBalance(total),
        (error: unknown) => {
          // Without the shared total the session still stops at its own spend.
          deps.warn('realtime spend could not be counted', { err: error, requestId });
          checkBalance(spent);
        },
      );
    }

    /** Grows the claim past what the session spent; the session ends when the balance covers no more. */
    async function coverSpend(): Promise<void> {
      if (ended || !claim) return;
      const covered = await claim.cover(spent).catch((error: unknown) => {
        deps.warn('realtime in-flight claim could not grow', { err: error, requestId });
        return false;
      });
      if (!covered) quotaExhausted('relay.quota.user_not_enough');
    }

    function checkBalance(total: number): void {
      if (ended) return;
      const overUser = total >= prepared.userLimit;
      const overToken = prepared.tokenLimit !== undefined && spent >= prepared.tokenLimit;
      if (!overUser && !overToken) return;
      quotaExhausted(overUser ? 'relay.quota.user_not_enough' : 'relay.quota.token_not_enough');
    }

    function quotaExhausted(key: string): void {
      if (ended) return;
      const error = localError(402, options.language, key, undefined, 'insufficient_user_quota');
      sendError(error, 'insufficient_user_quota', 'insufficient_user_quota');
      end({ code: 1008, reason: 'quota exhausted' });
    }

    function sendError(error: RelayError, type: string, code: string): void {
      if (client.readyState !== WebSocket.OPEN) return;
      const shaped = shapeRelayError(error, requestId, options.language);
      client.send(
        JSON.stringify({
          type: 'error',
          event_id: `event_${requestId}`,
          error: { type, code, message: shaped.message, param: null, event_id: null },
        }),
      );
    }

    function fail(error: RelayError, code: string): void {
      sendError(error, 'system_error', code);
      end({ code: 1011, reason: 'realtime relay failed' });
    }

    /** Closes both sides (a side that closed itself is left be) and settles once. */
    function end(close: { code: number; reason: string } | undefined): void {
      if (ended) return;
      ended = true;
      sessions.delete(shutdown);
      if (idle) clearTimeout(idle);
      early = undefined;
      // Settled and the claim ended before the close frame goes out, as a chat reply's last bytes wait for
      // theirs: a client that opens its next session at once, on another worker, must not find this one's
      // claim still counted there.
      const quota = channel && ratios ? settle(channel, ratios) : undefined;
      if (claim) {
        claims.delete(claim);
        claim.end(quota);
      }
      if (client.readyState === WebSocket.OPEN || client.readyState === WebSocket.CONNECTING) {
        client.close(close?.code ?? 1000, truncateReason(close?.reason ?? ''));
      }
      if (
        upstream &&
        (upstream.readyState === WebSocket.OPEN || upstream.readyState === WebSocket.CONNECTING)
      ) {
        upstream.close(1000);
      }
    }

    /** Records the session's one consume; returns its charge. */
    function settle(used: RelayChannel, billedRatios: RequestRatios): number {
      const quota = totalQuota(usage, billedRatios, { model: billed, quotaPerUnit: options.quotaPerUnit });
      const at = nowSeconds();
      const metadata = consumeLogMetadata(
        {
          groupName: attempt.isBackupGroup ? caller.group : attempt.group,
          backupGroupName: caller.backupGroup,
          isBackupGroup: attempt.isBackupGroup,
        },
        billedRatios,
        usage,
        { model: billed, ...(firstResponseMs === undefined ? {} : { firstResponseMs }) },
      );
      deps.ledger.record({
        id: requestId,
        kind: 'settle',
        at,
        userId: caller.userId,
        tokenId: caller.tokenId,
        tokenUnlimited: caller.tokenUnlimited,
        channelId: used.id,
        hold: 0,
        quota,
        log: state.options().logConsume
          ? {
              user_id: caller.userId,
              created_at: at,
              type: LOG_TYPE.consume,
              content: '',
              username: caller.username,
              token_name: caller.tokenName,
              model_name: billed,
              quota,
              prompt_tokens: usage.prompt_tokens,
              completion_tokens: usage.completion_tokens,
              channel_id: used.id,
              request_time: Math.round(performance.now() - prepared.startedAt),
              is_stream: 1,
              source_ip: prepared.clientIp,
              metadata: JSON.stringify(metadata),
            }
          : null,
      });
      // The ledger carries the charge now: the session's share leaves the unsettled total.
      if (spent > 0) {
        deps.spend
          .settled(caller.userId, spent)
          .catch((error: unknown) =>
            deps.warn('realtime spend could not be settled', { err: error, requestId }),
          );
      }
      return quota;
    }
  }

  return {
    upgrade,
    get open() {
      return sessions.size;
    },
    get claimed() {
      let points = 0;
      for (const claim of claims) points += claim.points;
      return points;
    },
    closeAll() {
      for (const end of [...sessions]) end();
      for (const client of wss.clients) client.terminate();
    },
  };
}

function rawSize(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** A close code the gateway may send on (1005, 1006 and 1015 are reserved for "none received"). */
function sendableCode(code: number): number {
  if (code >= 3000 && code <= 4999) return code;
  return [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1014].includes(code)
    ? code
    : 1000;
}

/** A close reason fits in 123 bytes. */
function truncateReason(reason: string): string {
  let text = reason;
  while (Buffer.byteLength(text) > 123) text = text.slice(0, -1);
  return text;
}
