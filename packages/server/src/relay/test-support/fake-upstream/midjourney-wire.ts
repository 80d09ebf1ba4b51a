// A Midjourney-Proxy (spec §2.4) as its clients see it: `POST [/mj-relax|/mj-turbo]/mj/submit/<action>`
// answers `{code: 1, description, result: <task id>}`, and `POST /mj/task/list-by-condition {"ids"}` the
// tasks. A task whose prompt contains FAKE_MJ_FAIL_WORD fails at its first poll; a prompt containing
// FAKE_MJ_SLOW_WORD stays IN_PROGRESS; every other task has finished by its first poll.
import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';

export const FAKE_MJ_FAIL_WORD = 'forbidden';
export const FAKE_MJ_SLOW_WORD = 'slowly';
/** The fake's "banned prompt" refusal code (any code other than 1, 21, 22 is a refusal). */
export const FAKE_MJ_BANNED_CODE = 24;
export const FAKE_MJ_BANNED_WORD = 'banned';
/** A prompt with this word finds no fast account (code 3); in relax mode it is taken. */
export const FAKE_MJ_NO_FAST_WORD = 'crowded';

interface FakeTask {
  id: string;
  action: string;
  prompt: string;
  mode: string;
  submitTime: number;
}

const tasks = new Map<string, FakeTask>();
let sequence = 0;

export function midjourneyErrorBody(status: number, message: string): unknown {
  return { code: status, description: message, result: '' };
}

/** `POST …/mj/submit/<action>`. */
export function midjourneySubmitReply(request: RecordedRequest, action: string, mode: string): FakeReply {
  if (request.headers['mj-api-secret'] === undefined) {
    return { kind: 'json', status: 401, body: midjourneyErrorBody(401, 'mj-api-secret missing') };
  }
  const prompt = String(bodyField(request.body, 'prompt') ?? '');
  if (prompt.includes(FAKE_MJ_BANNED_WORD)) {
    return {
      kind: 'json',
      status: 200,
      body: { code: FAKE_MJ_BANNED_CODE, description: '可能包含敏感词', result: FAKE_MJ_BANNED_WORD },
    };
  }
  if (prompt.includes(FAKE_MJ_NO_FAST_WORD) && mode === 'fast') {
    return { kind: 'json', status: 200, body: { code: 3, description: '无可用的账号实例', result: null } };
  }
  const id = `${Date.now()}${String(++sequence).padStart(4, '0')}`;
  tasks.set(id, { id, action: action.toUpperCase(), prompt, mode, submitTime: Date.now() });
  return {
    kind: 'json',
    status: 200,
    body: { code: 1, description: '提交成功', result: id, properties: { discordInstanceId: 'fake' } },
  };
}

/** `POST /mj/task/list-by-condition`: the known tasks among the ids (images served by the fake itself). */
export function midjourneyListReply(request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  const ids = bodyField(request.body, 'ids');
  const list = (Array.isArray(ids) ? ids : [])
    .map((id) => tasks.get(String(id)))
    .filter((task): task is FakeTask => task !== undefined)
    .map((task) => {
      const failed = task.prompt.includes(FAKE_MJ_FAIL_WORD);
      const slow = task.prompt.includes(FAKE_MJ_SLOW_WORD);
      return {
        id: task.id,
        action: task.action,
        prompt: task.prompt,
        promptEn: task.prompt,
        description: '',
        state: '',
        submitTime: task.submitTime,
        startTime: task.submitTime + 1,
        finishTime: failed || slow ? 0 : task.submitTime + 2,
        imageUrl: failed || slow ? '' : `${options.baseUrl}/fake-files/mj-${task.id}.png`,
        status: failed ? 'FAILURE' : slow ? 'IN_PROGRESS' : 'SUCCESS',
        progress: failed ? '0%' : slow ? '40%' : '100%',
        failReason: failed ? 'prompt refused by the fake' : '',
        buttons: failed || slow ? [] : [{ customId: `MJ::JOB::upsample::1::${task.id}`, label: 'U1' }],
        properties: {},
      };
    });
  return { kind: 'json', status: 200, body: list };
}
