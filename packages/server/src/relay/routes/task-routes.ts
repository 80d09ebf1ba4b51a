// The Suno and Kling task routes (spec §2.2, §9.8): a submit goes through the relay pipeline (OpenAI key,
// a times price on the task's model, one call billed, refunded when the upstream refuses), its task is
// stored before the id goes back, and the fetch routes read the caller's own tasks from the local database
// (the poller keeps them up to date).
//   POST /suno/submit/:action (music | lyrics)   model `mv` (default chirp-v3-0) or suno_lyrics
//   POST /suno/fetch {"ids": […]}, GET /suno/fetch/:id
//   POST /kling/v1/:class/:action (videos/text2video | videos/image2video)
//        model kling-video_<model_name|kling-v1>_<mode|std>_<duration|5>
//   GET /kling/v1/videos/{text2video,image2video}/:id
import { SUNO_MUSIC_ACTION } from '@gw/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { GwDb } from '../../db/database.js';
import type { ApiRateLimiter } from '../../rate-limit/limiters.js';
import type { RelayCaller } from '../pipeline/authenticate.js';
import type { createRelayHandler, RelayRoute } from '../pipeline/relay-handler.js';
import { type ErrorDialect, localError, relayErrorBody, shapeRelayError } from '../pipeline/relay-error.js';
import type { RelayState } from '../pipeline/relay-state.js';
import { KLING_ACTIONS, klingModel } from '../providers/kling/kling-provider.js';
import { KLING_TYPES, SUNO_TYPES } from '../providers/registry.js';
import { SUNO_DEFAULT_MODEL, SUNO_LYRICS_MODEL, SUNO_SUCCESS } from '../providers/suno/suno-provider.js';
import { klingTaskData, storeSubmittedTask, sunoTaskDto } from '../tasks/async-tasks.js';
import { storeJob, submitJob } from '../tasks/job-store.js';
import type { TaskPoller } from '../tasks/task-poller.js';

type Handler = ReturnType<typeof createRelayHandler>;

export interface TaskRouteDeps {
  db: GwDb;
  state: RelayState;
  poller: TaskPoller;
  /** The per-user API limiter: Suno's fetch routes count against it, Kling's do not (spec §13.1). */
  limiter: ApiRateLimiter;
}

/** Suno-API's submit kinds and the task action each stores. */
const SUNO_ACTIONS: Readonly<Record<string, string>> = { music: SUNO_MUSIC_ACTION, lyrics: 'LYRICS' };
/** Ids one Suno fetch may ask for. */
const MAX_FETCH_IDS = 500;

/** The priced model of a Suno submit (spec §9.8). */
export function sunoModel(action: string, body: unknown): string {
  if (action === 'lyrics') return SUNO_LYRICS_MODEL;
  const mv = body && typeof body === 'object' ? (body as Record<string, unknown>).mv : undefined;
  return typeof mv === 'string' && mv.trim() ? mv.trim() : SUNO_DEFAULT_MODEL;
}

export function registerTaskRoutes(scope: FastifyInstance, handle: Handler, deps: TaskRouteDeps): void {
  const { db, state } = deps;
  const route = (dialect: 'suno' | 'kling', types: ReadonlySet<number>): RelayRoute => ({
    operation: 'task-submit',
    surface: 'openai',
    dialect,
    types,
    beforeReply: async (success) => {
      await storeJob(() => storeSubmittedTask(db, success));
      deps.poller.kick();
    },
  });
  const suno = route('suno', SUNO_TYPES);
  const kling = route('kling', KLING_TYPES);

  const refuse = (
    request: FastifyRequest,
    reply: FastifyReply,
    dialect: ErrorDialect,
    status: number,
    key: string,
  ) => {
    const language = state.options().language;
    const error = localError(status, language, key, undefined, dialect === 'suno' ? 'fail' : null);
    return reply
      .code(status)
      .send(relayErrorBody(dialect, shapeRelayError(error, request.relayRequestId, language)));
  };
  const authenticated = (relayRoute: RelayRoute) => ({
    logLevel: 'warn' as const,
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      request.relayCaller = await handle.authenticate(request, reply, relayRoute);
      if (!request.relayCaller) return reply;
    },
  });
  /** The per-user limiter on a fetch route; sends the refusal and returns false when over it. */
  const withinLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = request.relayCaller as RelayCaller;
    const group = state.groups().get(caller.userGroup);
    if (!group) {
      await refuse(request, reply, 'suno', 403, 'relay.rate_limit.not_allowed');
      return false;
    }
    if (await deps.limiter.allow(caller.userId, group.apiRate)) return true;
    await refuse(request, reply, 'suno', 429, 'relay.rate_limit.exceeded');
    return false;
  };
  const callerTasks = (caller: RelayCaller, platform: string, ids: string[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('tasks')
          .selectAll()
          .where('user_id', '=', caller.userId)
          .where('platform', '=', platform)
          .where('task_id', 'in', ids)
          .execute();

  scope.post('/suno/submit/:action', authenticated(suno), (request, reply) => {
    const action = (request.params as { action: string }).action;
    const taskAction = SUNO_ACTIONS[action];
    if (!taskAction) return refuse(request, reply, 'suno', 400, 'relay.task.invalid_action');
    return submitJob(request, reply, state, 'suno', () =>
      handle(request, reply, suno, {
        model: sunoModel(action, request.body),
        task: { platform: 'suno', action: taskAction, path: `/suno/submit/${action}` },
      }),
    );
  });
  scope.post('/suno/fetch', authenticated(suno), async (request, reply) => {
    if (!(await withinLimit(request, reply))) return reply;
    const ids = (request.body as { ids?: unknown } | undefined)?.ids;
    const wanted = Array.isArray(ids)
      ? ids.filter((id): id is string => typeof id === 'string').slice(0, MAX_FETCH_IDS)
      : [];
    const rows = await callerTasks(request.relayCaller as RelayCaller, 'suno', wanted);
    return reply.send({ code: SUNO_SUCCESS, message: '', data: rows.map(sunoTaskDto) });
  });
  scope.get('/suno/fetch/:id', authenticated(suno), async (request, reply) => {
    if (!(await withinLimit(request, reply))) return reply;
    const id = (request.params as { id: string }).id;
    const [row] = await callerTasks(request.relayCaller as RelayCaller, 'suno', [id]);
    if (!row) return refuse(request, reply, 'suno', 404, 'relay.task.not_found');
    return reply.send({ code: SUNO_SUCCESS, message: '', data: sunoTaskDto(row) });
  });

  scope.post('/kling/v1/:class/:action', authenticated(kling), (request, reply) => {
    const params = request.params as { class: string; action: string };
    if (params.class !== 'videos' || !KLING_ACTIONS.includes(params.action)) {
      return refuse(request, reply, 'kling', 400, 'relay.task.invalid_action');
    }
    return submitJob(request, reply, state, 'kling', () =>
      handle(request, reply, kling, {
        model: klingModel(request.body),
        task: { platform: 'kling', action: params.action, path: `/v1/videos/${params.action}` },
      }),
    );
  });
  for (const action of KLING_ACTIONS) {
    scope.get(`/kling/v1/videos/${action}/:id`, authenticated(kling), async (request, reply) => {
      const id = (request.params as { id: string }).id;
      const [row] = await callerTasks(request.relayCaller as RelayCaller, 'kling', [id]);
      if (!row || row.action !== action) return refuse(request, reply, 'kling', 404, 'relay.task.not_found');
      return reply.send({
        code: 0,
        message: 'SUCCEED',
        request_id: request.relayRequestId,
        data: klingTaskData(row),
      });
    });
  }
}
