// Kling (type 53, spec §9.8, §19 row "kling"): video tasks. A submit goes to `<base>/v1/videos/<action>`
// (text2video, image2video) with a JWT made from the channel key `ak|sk`, and answers
// `{code: 0, message, request_id, data: {task_id, task_status, …}}`; a non-zero code is a failure
// (refunded). Task states are read back with `GET <base>/v1/videos/<action>/<task id>` (the task poller).
import type { OperationAdapter, ProviderCall, RelayProvider, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { parseUpstreamError } from '../shared/upstream-error.js';
import { klingToken, splitKlingKey } from './kling-jwt.js';

export const KLING_DEFAULT_BASE_URL = 'https://api.klingai.com';
export const KLING_ACTIONS: readonly string[] = ['text2video', 'image2video'];

/** A Kling reply: `{code, message, request_id, data}`. */
export interface KlingReply {
  code: number;
  message: string;
  data: Record<string, unknown> | undefined;
}

export function readKlingReply(body: unknown): KlingReply | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const reply = body as Record<string, unknown>;
  if (typeof reply.code !== 'number') return undefined;
  const data = reply.data;
  return {
    code: reply.code,
    message: typeof reply.message === 'string' ? reply.message : '',
    data:
      data && typeof data === 'object' && !Array.isArray(data)
        ? (data as Record<string, unknown>)
        : undefined,
  };
}

/** The priced model of a Kling submit (spec §9.8): `kling-video_<model_name|kling-v1>_<mode>_<duration>`. */
export function klingModel(body: unknown): string {
  const fields = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const text = (value: unknown, fallback: string) =>
    (typeof value === 'string' && value.trim()) ||
    (typeof value === 'number' ? String(value) : '') ||
    fallback;
  return `kling-video_${text(fields.model_name, 'kling-v1')}_${text(fields.mode, 'std')}_${text(fields.duration, '5')}`;
}

export function klingBaseUrl(channel: ProviderCall['channel']): string {
  return (channel.baseUrl || KLING_DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/** The headers of a Kling call; throws UpstreamFailure when the key is not `ak|sk`. */
export function klingHeaders(channel: ProviderCall['channel']): Record<string, string> {
  const key = splitKlingKey(channel.key);
  if (!key) {
    throw new UpstreamFailure({
      status: 500,
      message: 'the Kling channel key must be accessKey|secretKey',
      type: 'one_hub_error',
      code: 'invalid_channel_key',
      param: null,
    });
  }
  return {
    authorization: `Bearer ${klingToken(key.accessKey, key.secretKey)}`,
    ...channel.headers,
    'content-type': 'application/json',
  };
}

function submitRequest(call: ProviderCall): UpstreamRequest {
  const { model: _model, ...body } = call.body as Record<string, unknown>;
  return {
    method: 'POST',
    url: `${klingBaseUrl(call.channel)}${call.task?.path ?? '/v1/videos/text2video'}`,
    headers: klingHeaders(call.channel),
    body: jsonRequestBody(body),
  };
}

const submit: OperationAdapter = {
  request: submitRequest,
  reply: (body) => {
    const reply = readKlingReply(body);
    if (reply?.code !== 0) {
      throw new UpstreamFailure({
        status: 400,
        message: reply?.message || 'Kling sent no submit reply',
        type: 'upstream_error',
        code: reply?.code ?? null,
        param: null,
      });
    }
    return { body, text: '', usage: { prompt_tokens: 1, completion_tokens: 0 } };
  },
};

export const klingProvider: RelayProvider = {
  name: 'kling',
  types: [53],
  operations: { 'task-submit': submit },
  parseError: (status, text) =>
    parseUpstreamError(status, text, (parsed) => {
      const reply = readKlingReply(parsed);
      if (!reply) return undefined;
      return {
        status,
        message: reply.message || String(reply.code),
        type: 'upstream_error',
        code: reply.code,
        param: null,
      };
    }),
};
