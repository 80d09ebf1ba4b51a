// Suno (type 41, spec §9.8, §19 row "suno"): a Suno-API server. A submit goes to
// `<base>/suno/submit/<music|lyrics>` with the channel key as a bearer token and answers
// `{code: "success", data: <task id>}`; any other code is a failure (refunded). Task states are read back
// with `POST <base>/suno/fetch {"ids": […]}` (the task poller).
import type { OperationAdapter, ProviderCall, RelayProvider, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { parseUpstreamError } from '../shared/upstream-error.js';

/** The music model when the body names none (spec §9.8). */
export const SUNO_DEFAULT_MODEL = 'chirp-v3-0';
export const SUNO_LYRICS_MODEL = 'suno_lyrics';
export const SUNO_SUCCESS = 'success';

/** A Suno-API reply: `{code, message, data}`. */
export interface SunoReply {
  code: string;
  message: string;
  data: unknown;
}

export function readSunoReply(body: unknown): SunoReply | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const reply = body as Record<string, unknown>;
  if (typeof reply.code !== 'string') return undefined;
  return {
    code: reply.code,
    message: typeof reply.message === 'string' ? reply.message : '',
    data: reply.data,
  };
}

const base = (call: { channel: { baseUrl: string } }) => call.channel.baseUrl.replace(/\/+$/, '');

export function sunoHeaders(channel: ProviderCall['channel']): Record<string, string> {
  return { authorization: `Bearer ${channel.key}`, ...channel.headers, 'content-type': 'application/json' };
}

function submitRequest(call: ProviderCall): UpstreamRequest {
  // The body is the client's; the `model` the pipeline writes into every body is not Suno's field.
  const { model: _model, ...body } = call.body as Record<string, unknown>;
  return {
    method: 'POST',
    url: `${base(call)}${call.task?.path ?? '/suno/submit/music'}`,
    headers: sunoHeaders(call.channel),
    body: jsonRequestBody(body),
  };
}

const submit: OperationAdapter = {
  request: submitRequest,
  reply: (body) => {
    const reply = readSunoReply(body);
    if (!reply || reply.code !== SUNO_SUCCESS) {
      throw new UpstreamFailure({
        status: 400,
        message: reply?.message || 'Suno sent no submit reply',
        type: 'upstream_error',
        code: reply?.code ?? null,
        param: null,
      });
    }
    // One call: a times price (chirp-*, suno_lyrics), billed int(1000·ratio) (spec §9.8).
    return { body, text: '', usage: { prompt_tokens: 1, completion_tokens: 0 } };
  },
};

export const sunoProvider: RelayProvider = {
  name: 'suno',
  types: [41],
  operations: { 'task-submit': submit },
  parseError: (status, text) =>
    parseUpstreamError(status, text, (parsed) => {
      const reply = readSunoReply(parsed);
      if (!reply) return undefined;
      return {
        status,
        message: reply.message || reply.code,
        type: 'upstream_error',
        code: reply.code,
        param: null,
      };
    }),
};
