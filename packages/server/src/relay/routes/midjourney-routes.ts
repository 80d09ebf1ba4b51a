// The Midjourney-Proxy routes (spec §2.2, §2.4): `POST /mj/submit/:action` through the relay pipeline
// (key in `mj-api-secret`, price `mj_<action>` or `mj_<mode>_<action>`, one call billed, refunded when the
// proxy refuses), the task stored before its id goes back, and the fetch routes read from the local
// database, scoped to the caller. A speed mode prefix (`/mj-relax/mj/…`, `/mj-turbo/…`, `/mj-fast/…`)
// picks the mode; any other prefix is a 400.
import { Readable } from 'node:stream';
import { isAdmin } from '@gw/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GwDb } from '../../db/database.js';
import type { RelayCaller } from '../pipeline/authenticate.js';
import type { createRelayHandler, RelayRoute } from '../pipeline/relay-handler.js';
import {
  localError,
  MIDJOURNEY_GATEWAY_CODE,
  relayErrorBody,
  shapeRelayError,
} from '../pipeline/relay-error.js';
import type { RelayState } from '../pipeline/relay-state.js';
import type { MidjourneyPath } from '../providers/provider.js';
import { MIDJOURNEY_TYPES } from '../providers/registry.js';
import type { MidjourneyPoller } from '../tasks/midjourney-poller.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';
import { storeJob, submitJob } from '../tasks/job-store.js';
import { midjourneyTaskDto, storeSubmittedTask } from '../tasks/midjourney-tasks.js';
import { MIDJOURNEY_SUBMIT_KINDS, midjourneyAction } from '../tasks/midjourney-actions.js';

type Handler = ReturnType<typeof createRelayHandler>;
type Mode = MidjourneyPath['mode'];

/** The proxy's answer when no account can take a fast task (one-hub retries it in relax mode). */
const MJ_NO_FAST_CODE = 3;

/** Actions never charged whatever their price (spec §2.4 step 3). */
const UNBILLED_ACTIONS: ReadonlySet<string> = new Set(['INPAINT', 'CUSTOM_ZOOM']);

const MODES: Readonly<Record<string, Mode>> = { 'mj-fast': 'fast', 'mj-turbo': 'turbo', 'mj-relax': 'relax' };
/** The mode prefix's parameter: only `mj-…` segments, so `/api/mj/…` stays the console API's 404. */
const MODE_PREFIX = '/:mode(^mj-[a-z]+$)';

export interface MidjourneyRouteDeps {
  db: GwDb;
  state: RelayState;
  poller: MidjourneyPoller;
  http: UpstreamHttp;
}

/** How long the image proxy waits for the whole image. */
const IMAGE_TIMEOUT_SECONDS = 60;
/** Upstream headers the image proxy passes on. */
const IMAGE_HEADERS = ['content-type', 'content-length', 'cache-control', 'last-modified', 'etag'];

/** The priced model of a submit (spec §2.4 step 2): the action lower-cased, after the mode unless fast. */
export function midjourneyModel(action: string, mode: Mode): string {
  const name = action.toLowerCase();
  return mode === 'fast' ? `mj_${name}` : `mj_${mode}_${name}`;
}

export function registerMidjourneyRoutes(
  scope: FastifyInstance,
  handle: Handler,
  deps: MidjourneyRouteDeps,
): void {
  const { db, state } = deps;
  const submitRoute: RelayRoute = {
    operation: 'mj-submit',
    surface: 'midjourney',
    dialect: 'midjourney',
    types: MIDJOURNEY_TYPES,
    beforeReply: async (success) => {
      await storeJob(() => storeSubmittedTask(db, success));
      deps.poller.kick();
    },
    // No fast account free (proxy code 3): once more in relax mode, at the relax price (spec §2.4 step 3).
    fallback: (error, path) => {
      const submit = path.midjourney;
      if (error.local || error.code !== MJ_NO_FAST_CODE || !submit || submit.mode !== 'fast')
        return undefined;
      return {
        ...path,
        model: midjourneyModel(submit.action, 'relax'),
        midjourney: { ...submit, mode: 'relax' },
      };
    },
  };
  const fetchRoute: RelayRoute = { ...submitRoute, beforeReply: undefined, fallback: undefined };

  const refuse = (request: FastifyRequest, reply: FastifyReply, status: number, key: string) => {
    const language = state.options().language;
    const error = { ...localError(status, language, key), code: MIDJOURNEY_GATEWAY_CODE };
    return reply
      .code(status)
      .send(relayErrorBody('midjourney', shapeRelayError(error, request.relayRequestId, language)));
  };
  /** The mode of a path's prefix; undefined (and the 400 sent) for an unknown one. */
  const modeOf = (request: FastifyRequest, reply: FastifyReply): Mode | undefined => {
    const prefix = (request.params as { mode?: string }).mode;
    if (prefix === undefined) return 'fast';
    const mode = MODES[prefix];
    if (!mode) void refuse(request, reply, 400, 'relay.midjourney.invalid_mode');
    return mode;
  };
  const authenticated = (route: RelayRoute) => ({
    logLevel: 'warn' as const,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!modeOf(request, reply)) return reply;
      request.relayCaller = await handle.authenticate(request, reply, route);
      if (!request.relayCaller) return reply;
    },
  });

  /** A submit to `/mj/submit/<kind>` (or the face swap): its priced action read, then the pipeline. */
  const submitTo = (request: FastifyRequest, reply: FastifyReply, kind: string, path: string) => {
    const mode = modeOf(request, reply);
    if (!mode) return;
    const action = midjourneyAction(kind, request.body);
    if (!action) return refuse(request, reply, 400, 'relay.midjourney.invalid_action');
    return submitJob(request, reply, state, 'midjourney', () =>
      handle(request, reply, submitRoute, {
        model: midjourneyModel(action, mode),
        midjourney: { action, mode, path },
        // The inpaint and custom-zoom buttons only open a form; the modal submit that follows is billed.
        ...(UNBILLED_ACTIONS.has(action) ? { free: true } : {}),
      }),
    );
  };
  const submit = (request: FastifyRequest, reply: FastifyReply) => {
    const kind = (request.params as { kind: string }).kind;
    if (!MIDJOURNEY_SUBMIT_KINDS.includes(kind))
      return refuse(request, reply, 400, 'relay.midjourney.invalid_action');
    return submitTo(request, reply, kind, `/mj/submit/${kind}`);
  };

  const userTasks = (caller: RelayCaller, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('midjourneys')
          .selectAll()
          .where('user_id', '=', caller.userId)
          .where('mj_id', 'in', ids)
          .execute();

  const fetchOne = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.relayCaller as RelayCaller;
    const [row] = await userTasks(caller, [(request.params as { id: string }).id]);
    if (!row) return refuse(request, reply, 404, 'relay.midjourney.task_not_found');
    return reply.send(midjourneyTaskDto(row));
  };
  const listByCondition = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.relayCaller as RelayCaller;
    const ids = (request.body as { ids?: unknown } | undefined)?.ids;
    const wanted = Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string').slice(0, 500)
      : [];
    return reply.send((await userTasks(caller, wanted)).map(midjourneyTaskDto));
  };

  /**
   * `GET /mj/image/:id`: the task's stored image, fetched from the proxy's URL (through the channel's
   * proxy setting) and streamed back; no key, as the image links in Midjourney clients carry none.
   */
  const image = async (request: FastifyRequest, reply: FastifyReply) => {
    const id = (request.params as { id: string }).id;
    const row = await db
      .selectFrom('midjourneys')
      .select(['image_url', 'channel_id'])
      .where('mj_id', '=', id)
      .executeTakeFirst();
    if (!row || !/^https?:\/\//i.test(row.image_url)) {
      return refuse(request, reply, 404, 'relay.midjourney.task_not_found');
    }
    let response: Awaited<ReturnType<UpstreamHttp['send']>>;
    try {
      response = await deps.http.send(
        { method: 'GET', url: row.image_url, headers: {} },
        { proxy: state.channel(row.channel_id)?.proxy ?? '', timeoutSeconds: IMAGE_TIMEOUT_SECONDS },
      );
    } catch {
      return refuse(request, reply, 502, 'relay.upstream.request_failed');
    }
    reply.code(response.status);
    for (const name of IMAGE_HEADERS) {
      const value = response.headers[name];
      if (value !== undefined) reply.header(name, Array.isArray(value) ? value[0] : value);
    }
    return reply.send(Readable.from(response.body));
  };

  for (const prefix of ['', MODE_PREFIX]) {
    scope.get(`${prefix}/mj/image/:id`, { logLevel: 'warn' }, image);
  }
  /**
   * `POST /mj/notify`: the proxy's callback with one task (its notifyHook). An admin's key may report any
   * task (the hook of a proxy serves every user); another key only its own. A FAILURE refunds the charge
   * once, as the poller does.
   */
  const notify = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.relayCaller as RelayCaller;
    const task = (request.body ?? {}) as Record<string, unknown>;
    const id = typeof task.id === 'string' ? task.id : '';
    let query = db.selectFrom('midjourneys').selectAll().where('mj_id', '=', id);
    if (!isAdmin(caller.role)) query = query.where('user_id', '=', caller.userId);
    const row = id ? await query.executeTakeFirst() : undefined;
    if (!row) return refuse(request, reply, 404, 'relay.midjourney.task_not_found');
    await deps.poller.apply(row, task);
    return reply.send({ code: 1, description: 'success', result: id });
  };

  for (const prefix of ['', MODE_PREFIX]) {
    scope.post(`${prefix}/mj/notify`, authenticated(fetchRoute), notify);
    scope.post(`${prefix}/mj/submit/:kind`, authenticated(submitRoute), submit);
    scope.post(`${prefix}/mj/insight-face/swap`, authenticated(submitRoute), (request, reply) =>
      submitTo(request, reply, 'swap_face', '/mj/insight-face/swap'),
    );
    scope.get(`${prefix}/mj/task/:id/fetch`, authenticated(fetchRoute), fetchOne);
    scope.post(`${prefix}/mj/task/list-by-condition`, authenticated(fetchRoute), listByCondition);
  }
}
