// Composes the relay: in-memory state kept fresh by invalidations, the settlement ledger (replayed at
// start, flushed on close), the upstream HTTP client, the pipeline and its routes, and channel health.
import { CHANNEL_STATUS } from '@gw/core';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { createAbilitiesMirror } from '../db/one-hub-abilities.js';
import { clientIp } from '../plugins/ip-rate-limit.js';
import type { SharedStores } from '../redis/shared-stores.js';
import type { AppContext } from '../shared/context.js';
import { workerThreadWriter } from './ledger/batch-writer.js';
import { rejectsFile } from './ledger/ledger-rejects.js';
import { createSettlementLedger, type SettlementLedger } from './ledger/settlement-ledger.js';
import { createRelayAuthenticator } from './pipeline/authenticate.js';
import { createPublicImageFetcher } from './pipeline/public-image-fetch.js';
import { createRelayHandler } from './pipeline/relay-handler.js';
import { createWebSearch } from './pipeline/web-search.js';
import type { RelayChannel } from './pipeline/relay-channel.js';
import type { RelayError } from './pipeline/relay-error.js';
import { createRelayState, RELAY_TOPICS, type RelayState, type RelayTopic } from './pipeline/relay-state.js';
import { shouldDisableChannel } from './pipeline/retry-rules.js';
import { createUpstreamHttp, type UpstreamHttp } from './pipeline/upstream-http.js';
import { createRelayBilling } from './routes/relay-billing.js';
import { createRelayModels } from './routes/relay-models.js';
import { registerRelayRoutes } from './routes/relay-routes.js';
import { createMidjourneyPoller, type MidjourneyPoller } from './tasks/midjourney-poller.js';
import { createTaskPoller, type TaskPoller } from './tasks/task-poller.js';
import { createMemoryRealtimeSpend, createRedisRealtimeSpend } from './realtime/realtime-quota.js';
import { redisVertexTokens, shareVertexTokens } from './providers/vertexai/vertex-token.js';
import {
  createRealtimeRelay,
  REALTIME_FIRST_EVENT_SECONDS,
  type RealtimeRelay,
} from './realtime/realtime-relay.js';
import { markChannelDisabled } from './selection/routing-table.js';

export interface RelayModule {
  state: RelayState;
  ledger: SettlementLedger;
  http: UpstreamHttp;
  /** Reloads a part of the state here and tells the other processes. */
  invalidate(topic: RelayTopic): Promise<void>;
  /** Sets a channel's status (auto-disable/enable) and reloads routing everywhere. */
  setChannelStatus(channelId: number, status: number, fromStatus: number): Promise<boolean>;
  /** Polls open Midjourney tasks every 15 s while any is open (spec §2.4 step 6). */
  midjourneyPoller: MidjourneyPoller;
  /** Polls open Suno and Kling tasks every 15 s while any is open (spec §9.8). */
  taskPoller: TaskPoller;
  /** `/v1/realtime` WebSocket sessions (spec §11.5), served on the HTTP server's upgrade event. */
  realtime: RealtimeRelay;
  /** Adds the `/v1`, `/claude` and `/gemini` routes (after the management routes). */
  registerRoutes(app: FastifyInstance): Promise<void>;
}

/** Which management paths change which part of the relay state. */
function topicOf(method: string, url: string): RelayTopic | undefined {
  const path = url.split('?')[0] ?? url;
  const writes = method !== 'GET' && method !== 'HEAD';
  if (path.startsWith('/api/channel')) {
    // Tests and balance updates may switch a channel off or on (spec §8.2–8.3).
    return writes || path.startsWith('/api/channel/test') || path.startsWith('/api/channel/update_balance')
      ? 'channels'
      : undefined;
  }
  if (!writes) return undefined;
  if (path.startsWith('/api/user_group')) return 'groups';
  // Token and account edits (status, quota, group) reach the key cache at once.
  if (path.startsWith('/api/token') || path.startsWith('/api/user')) return 'tokens';
  if (path.startsWith('/api/prices')) return 'prices';
  if (path.startsWith('/api/option')) return 'options';
  return undefined;
}

export async function createRelayModule(
  app: FastifyInstance,
  context: AppContext,
  shared: SharedStores,
  log: FastifyBaseLogger,
): Promise<RelayModule> {
  const { config, db } = context;
  const state = createRelayState(db, context.options);
  await state.load();
  for (const topic of RELAY_TOPICS) {
    shared.invalidation.subscribe(topic, () => {
      state
        .reload(topic)
        .catch((error: unknown) => log.error({ err: error, topic }, 'relay state reload failed'));
    });
  }
  const ledger = createSettlementLedger({
    db,
    dbKind: context.dbKind,
    journalDir: config.dataDir,
    nodeId: config.nodeId,
    flushIntervalMs: config.batchFlushMs,
    // Under load a batch is written every 250 settlements, so a balance read a moment ago stays exact and
    // no write grows long.
    maxBatch: 250,
    // Batches are written by a thread with a connection of its own (batch-writer.ts): on the event loop a
    // batch held every other request for milliseconds (issue 13). An in-memory SQLite database is this
    // connection's alone, so it is written here.
    ...(config.database.kind !== 'sqlite' || config.database.file !== ':memory:'
      ? {
          writer: workerThreadWriter({
            database: config.database,
            nodeId: config.nodeId,
            rejectsPath: rejectsFile(config.dataDir, config.nodeId),
          }),
        }
      : {}),
    onError: (error) => log.error({ err: error }, 'the relay ledger could not write a batch; it will retry'),
    onApplied: (ids) => {
      auth.invalidate();
      shared.inFlight.written(ids);
    },
    onRejected: (reject) =>
      log.error(
        {
          request: reject.requestId,
          applied: reject.applied,
          keptIn: reject.keptIn,
          reason: reject.error,
          // Written out in full only when neither the table nor the file took it: the log is all that is left.
          ...(reject.keptIn === 'lost' ? { entry: reject.entry } : {}),
        },
        reject.applied
          ? 'the relay ledger charged a request but the database refused its consume log; the log row is set aside (GET /api/ledger/rejects)'
          : 'the relay ledger set aside a settlement the database refused (GET /api/ledger/rejects)',
      ),
  });
  const auth = createRelayAuthenticator(db, context.secrets.userToken, ledger);
  state.onTokensChanged(() => auth.invalidate());
  const replayed = await ledger.replay();
  if (replayed.applied + replayed.refundedHolds + replayed.rejected > 0)
    log.warn(replayed, 'relay journal replayed after an unclean stop');
  const http = createUpstreamHttp(config);
  const images = createPublicImageFetcher();
  app.addHook('onClose', async () => {
    await ledger.close();
    await http.close();
    await images.close();
  });

  const abilities = createAbilitiesMirror(db);
  async function invalidate(topic: RelayTopic): Promise<void> {
    // Only the process that made the change rewrites one-hub's routing table (docs/moving-from-one-hub.md).
    if (topic === 'channels') {
      await abilities
        .sync()
        .catch((error: unknown) =>
          log.error({ err: error }, "one-hub's abilities table could not be updated"),
        );
    }
    await state.reload(topic);
    await shared.invalidation.publish(topic);
  }
  // The process that made a change reloads before its reply goes out, so its next request sees it.
  app.addHook('onSend', (request, _reply, payload, done) => {
    const topic = topicOf(request.method, request.url);
    // Most replies change nothing: they pass on at once, without a promise per request.
    if (!topic) return done(null, payload);
    invalidate(topic).then(
      () => done(null, payload),
      (error: unknown) => {
        log.error({ err: error }, 'relay reload failed');
        done(null, payload);
      },
    );
  });

  async function setChannelStatus(channelId: number, status: number, fromStatus: number): Promise<boolean> {
    const result = await db
      .updateTable('channels')
      .set({ status })
      .where('id', '=', channelId)
      .where('status', '=', fromStatus)
      .executeTakeFirst();
    const changed = Number(result.numUpdatedRows) > 0;
    if (changed) await invalidate('channels');
    return changed;
  }

  function onAttemptFailed(channel: RelayChannel, error: RelayError, requestId: string): void {
    // The full upstream text, for admins: callers who are not admins read it masked (upstream-text-mask).
    // In the message itself: the system log API shows a line's message, not its fields.
    log.warn(
      { requestId, channel: channel.id, status: error.status, code: error.code },
      `relay attempt on channel "${channel.name}" (#${channel.id}) failed with ${error.status} (request id: ${requestId}): ${error.message}`,
    );
    const options = state.options();
    if (!options.autoDisable || !shouldDisableChannel(error, channel.type, options.disableKeywords)) return;
    markChannelDisabled(state.routing(), channel.id);
    setChannelStatus(channel.id, CHANNEL_STATUS.autoDisabled, CHANNEL_STATUS.enabled).then(
      (changed) => {
        if (changed)
          log.warn(
            { channel: channel.id, reason: error.message },
            `channel "${channel.name}" (#${channel.id}) disabled`,
          );
      },
      (failure: unknown) => log.error({ err: failure }, 'auto-disable failed'),
    );
  }

  const ipOf = (request: FastifyRequest) => clientIp(request, config.trustedHeader);
  const onTokenExhausted = (tokenId: number) => {
    db.updateTable('tokens')
      .set({ status: 4 })
      .where('id', '=', tokenId)
      .where('status', '=', 1)
      .execute()
      .catch((error: unknown) => log.error({ err: error }, 'could not mark a token exhausted'));
  };
  const handler = createRelayHandler({
    db,
    state,
    auth,
    ledger,
    http,
    cooldowns: shared.cooldowns,
    limiter: shared.rateLimiters.api,
    onAttemptFailed,
    onStreamError: (channel, frames, requestId) =>
      log.warn(
        { requestId, channel: channel.id },
        `relay stream on channel "${channel.name}" (#${channel.id}) failed mid-way (request id: ${requestId}): ${frames.trim()}`,
      ),
    onTokenExhausted,
    clientIp: ipOf,
    fetchImage: images.fetch,
    inFlight: shared.inFlight,
    webSearch: createWebSearch({ searxngUrl: config.searchSearxngUrl, tavilyKey: config.searchTavilyKey }),
  });
  const models = createRelayModels(state, auth, ipOf, context.startTime);
  // Open Midjourney tasks left by the last run are polled from the start; the poller idles once none is open.
  const midjourneyPoller = createMidjourneyPoller({ db, state, http, ledger, log });
  midjourneyPoller.kick();
  const taskPoller = createTaskPoller({ db, state, http, ledger, log });
  taskPoller.kick();
  // Stopped before the ledger closes: a refund it records is then still flushed.
  app.addHook('preClose', (done) => {
    midjourneyPoller.stop();
    taskPoller.stop();
    done();
  });
  const realtime = createRealtimeRelay({
    state,
    ledger,
    db,
    inFlight: shared.inFlight,
    cooldowns: shared.cooldowns,
    limiter: shared.rateLimiters.api,
    spend: shared.redis
      ? createRedisRealtimeSpend(shared.redis, config.redisKeyPrefix)
      : createMemoryRealtimeSpend(),
    authenticate: (input) => auth.authenticate(state.groups(), input, onTokenExhausted),
    clientIp: (request) => {
      const header = config.trustedHeader ? request.headers[config.trustedHeader] : undefined;
      const value = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim();
      return value || (request.socket.remoteAddress ?? '');
    },
    onAttemptFailed,
    // The handshake and the first event: an interactive session does not wait the ten minutes a reasoning
    // reply's headers may take.
    connectTimeoutMs: Math.round(
      (config.connectTimeoutSeconds +
        Math.min(config.upstreamHeadersTimeoutSeconds, REALTIME_FIRST_EVENT_SECONDS)) *
        1000,
    ),
    idleMs: Math.round(config.realtimeIdleTimeoutSeconds * 1000),
    warn: (message, fields) => log.warn(fields ?? {}, message),
  });
  app.server.on('upgrade', realtime.upgrade);
  // Vertex AI tokens are exchanged once for every process sharing this Redis.
  if (shared.redis) {
    const unshare = shareVertexTokens(redisVertexTokens(shared.redis, config.redisKeyPrefix));
    app.addHook('onClose', (_instance, done) => {
      unshare();
      done();
    });
  }
  // Before the server and the ledger close: every open session is settled into the ledger first.
  app.addHook('preClose', (done) => {
    realtime.closeAll();
    done();
  });
  return {
    state,
    ledger,
    http,
    invalidate,
    setChannelStatus,
    midjourneyPoller,
    taskPoller,
    realtime,
    registerRoutes: (target) =>
      registerRelayRoutes(
        target,
        handler,
        models,
        createRelayBilling(db, state, auth, ipOf),
        state,
        {
          db,
          http,
          limiter: shared.rateLimiters.api,
          log,
          clientIp: ipOf,
        },
        { db, poller: midjourneyPoller, http },
        { db, poller: taskPoller, limiter: shared.rateLimiters.api },
      ),
  };
}
