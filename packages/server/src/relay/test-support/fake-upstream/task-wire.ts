// Suno-API and Kling as their clients see them, for the task relays (spec §9.8).
// Suno: `POST /suno/submit/<music|lyrics>` answers `{code: "success", data: <task id>}`, `POST /suno/fetch
// {"ids"}` the tasks. Kling: `POST /v1/videos/<text2video|image2video>` answers `{code: 0, data: {task_id,
// task_status}}` and `GET /v1/videos/<action>/<id>` the task; its bearer token must be a JWT signed HS256
// with FAKE_KLING_SECRET_KEY and issued by FAKE_KLING_ACCESS_KEY. A prompt holding FAKE_TASK_FAIL_WORD fails
// at its first poll, FAKE_TASK_SLOW_WORD stays in progress, FAKE_TASK_BANNED_WORD is refused at submit,
// FAKE_TASK_NO_ID_WORD is accepted without a task id (Suno); every other task has finished by its first poll.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';

export const FAKE_TASK_FAIL_WORD = 'doomed';
export const FAKE_TASK_SLOW_WORD = 'leisurely';
export const FAKE_TASK_BANNED_WORD = 'prohibited';
export const FAKE_TASK_NO_ID_WORD = 'anonymous';
export const FAKE_KLING_ACCESS_KEY = 'fake-kling-ak';
export const FAKE_KLING_SECRET_KEY = 'fake-kling-sk';

interface FakeTask {
  id: string;
  action: string;
  prompt: string;
  submittedAt: number;
}

const sunoTasks = new Map<string, FakeTask>();
const klingTasks = new Map<string, FakeTask>();
let sequence = 0;

/** Slow tasks a test has let finish. */
const finished = new Set<string>();

/** Lets a slow task finish: its next poll reports it done. */
export function finishFakeTask(id: string): void {
  finished.add(id);
}

const outcomeOf = (task: FakeTask) =>
  task.prompt.includes(FAKE_TASK_FAIL_WORD)
    ? 'failed'
    : task.prompt.includes(FAKE_TASK_SLOW_WORD) && !finished.has(task.id)
      ? 'slow'
      : 'done';

export function sunoErrorBody(_status: number, message: string): unknown {
  return { code: 'error', message, data: null };
}

export function klingErrorBody(status: number, message: string): unknown {
  return { code: status === 401 ? 1000 : 1200, message, request_id: 'fake', data: null };
}

function sunoAuthorized(request: RecordedRequest): boolean {
  const auth = request.headers.authorization;
  return typeof auth === 'string' && auth.startsWith('Bearer ') && auth.length > 'Bearer '.length;
}

/** `POST /suno/submit/<action>`. */
export function sunoSubmitReply(request: RecordedRequest, action: string): FakeReply {
  if (!sunoAuthorized(request))
    return { kind: 'json', status: 401, body: sunoErrorBody(401, 'unauthorized') };
  const prompt = String(
    bodyField(request.body, 'prompt') ?? bodyField(request.body, 'gpt_description_prompt') ?? '',
  );
  if (prompt.includes(FAKE_TASK_BANNED_WORD)) {
    return {
      kind: 'json',
      status: 200,
      body: { code: 'error', message: 'prompt refused by the fake', data: null },
    };
  }
  if (prompt.includes(FAKE_TASK_NO_ID_WORD))
    return { kind: 'json', status: 200, body: { code: 'success', message: '', data: '' } };
  const id = `suno-${Date.now()}-${++sequence}`;
  sunoTasks.set(id, { id, action: action.toUpperCase(), prompt, submittedAt: Math.floor(Date.now() / 1000) });
  return { kind: 'json', status: 200, body: { code: 'success', message: '', data: id } };
}

/** `POST /suno/fetch {"ids"}`. */
export function sunoFetchReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  if (!sunoAuthorized(request))
    return { kind: 'json', status: 401, body: sunoErrorBody(401, 'unauthorized') };
  const ids = bodyField(request.body, 'ids');
  const items = (Array.isArray(ids) ? ids : [])
    .map((id) => sunoTasks.get(String(id)))
    .filter((task): task is FakeTask => task !== undefined)
    .map((task) => {
      const state = outcomeOf(task);
      const music = task.action === 'MUSIC';
      return {
        task_id: task.id,
        action: task.action,
        status: state === 'failed' ? 'FAILURE' : state === 'slow' ? 'IN_PROGRESS' : 'SUCCESS',
        fail_reason: state === 'failed' ? 'generation refused by the fake' : '',
        submit_time: task.submittedAt,
        start_time: task.submittedAt + 1,
        finish_time: state === 'slow' ? 0 : task.submittedAt + 2,
        progress: state === 'slow' ? '40%' : '100%',
        data:
          state !== 'done'
            ? null
            : music
              ? [
                  {
                    id: `${task.id}-clip`,
                    title: 'Fake song',
                    audio_url: `${options.baseUrl}/fake-files/${task.id}.mp3`,
                    video_url: '',
                    image_url: '',
                    user_id: 'upstream-user-secret',
                    metadata: { prompt: task.prompt, tags: 'fake' },
                  },
                ]
              : { text: `[Verse]\n${task.prompt}`, title: 'Fake lyrics' },
      };
    });
  return { kind: 'json', status: 200, body: { code: 'success', message: '', data: items } };
}

/** Whether the bearer token is a valid HS256 JWT of the fake's Kling keys, unexpired. */
function klingAuthorized(request: RecordedRequest): boolean {
  const auth = request.headers.authorization;
  if (typeof auth !== 'string' || !auth.startsWith('Bearer ')) return false;
  const [header = '', payload = '', signature = ''] = auth.slice(7).split('.');
  const expected = createHmac('sha256', FAKE_KLING_SECRET_KEY).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      iss?: string;
      exp?: number;
      nbf?: number;
    };
    const now = Math.floor(Date.now() / 1000);
    return (
      head.alg === 'HS256' &&
      claims.iss === FAKE_KLING_ACCESS_KEY &&
      (claims.exp ?? 0) > now &&
      (claims.nbf ?? Number.POSITIVE_INFINITY) <= now
    );
  } catch {
    return false;
  }
}

function klingTaskBody(task: FakeTask, options: FakeReplyOptions): Record<string, unknown> {
  const state = outcomeOf(task);
  return {
    task_id: task.id,
    task_status: state === 'failed' ? 'failed' : state === 'slow' ? 'processing' : 'succeed',
    task_status_msg: state === 'failed' ? 'video refused by the fake' : '',
    created_at: task.submittedAt * 1000,
    updated_at: task.submittedAt * 1000 + 2000,
    ...(state === 'done'
      ? {
          task_result: {
            videos: [
              { id: `${task.id}-video`, url: `${options.baseUrl}/fake-files/${task.id}.mp4`, duration: '5' },
            ],
          },
        }
      : {}),
  };
}

/** `POST /v1/videos/<action>`. */
export function klingSubmitReply(request: RecordedRequest, action: string): FakeReply {
  if (!klingAuthorized(request))
    return { kind: 'json', status: 401, body: klingErrorBody(401, 'Authentication failed') };
  const prompt = String(bodyField(request.body, 'prompt') ?? '');
  if (prompt.includes(FAKE_TASK_BANNED_WORD)) {
    return {
      kind: 'json',
      status: 400,
      body: { code: 1301, message: 'risk control refused the prompt', request_id: 'fake', data: null },
    };
  }
  const id = `kling-${Date.now()}-${++sequence}`;
  const submittedAt = Math.floor(Date.now() / 1000);
  klingTasks.set(id, { id, action, prompt, submittedAt });
  return {
    kind: 'json',
    status: 200,
    body: {
      code: 0,
      message: 'SUCCEED',
      request_id: `req-${id}`,
      data: {
        task_id: id,
        task_status: 'submitted',
        created_at: submittedAt * 1000,
        updated_at: submittedAt * 1000,
      },
    },
  };
}

/** `GET /v1/videos/<action>/<id>`. */
export function klingQueryReply(
  request: RecordedRequest,
  action: string,
  id: string,
  options: FakeReplyOptions,
): FakeReply {
  if (!klingAuthorized(request))
    return { kind: 'json', status: 401, body: klingErrorBody(401, 'Authentication failed') };
  const task = klingTasks.get(id);
  if (!task || task.action !== action)
    return { kind: 'json', status: 404, body: klingErrorBody(404, 'task not found') };
  return {
    kind: 'json',
    status: 200,
    body: { code: 0, message: 'SUCCEED', request_id: 'fake', data: klingTaskBody(task, options) },
  };
}
