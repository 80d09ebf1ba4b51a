// Midjourney-Proxy (type 34, spec §2.4, §19 row "midjourney"): a submit goes to
// `<base>/mj/submit/<action>` (relax and turbo under `/mj-relax`, `/mj-turbo`) with the channel key in
// `mj-api-secret`. The proxy answers HTTP 200 with its own code: 1 submitted, 21 already exists, 22 queued
// are accepted and billed one call; any other code is a failure (refunded), code 30 a saturated proxy.
import type { OperationAdapter, ProviderCall, RelayProvider, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { parseUpstreamError } from '../shared/upstream-error.js';

/** Proxy codes that mean the task was taken (spec §2.4 step 3). */
export const MJ_ACCEPTED_CODES: ReadonlySet<number> = new Set([1, 21, 22]);
/** The proxy's "load saturated" code (spec §2.4 step 5). */
export const MJ_SATURATED_CODE = 30;

/** A Midjourney-Proxy submit reply. */
export interface MidjourneySubmitReply {
  code: number;
  description: string;
  result: string;
  properties?: unknown;
}

/** The path prefix of a speed mode: none for fast. */
export function midjourneyModePrefix(mode: 'fast' | 'turbo' | 'relax'): string {
  return mode === 'fast' ? '' : `/mj-${mode}`;
}

/** The channel's base URL without a trailing slash. */
function base(call: { channel: { baseUrl: string } }): string {
  return call.channel.baseUrl.replace(/\/+$/, '');
}

function submitRequest(call: ProviderCall): UpstreamRequest {
  const path = call.midjourney ?? { mode: 'fast' as const, path: '/mj/submit/imagine' };
  // The body is the client's; the `model` the pipeline writes into every body is not the proxy's field.
  const { model: _model, ...body } = call.body as Record<string, unknown>;
  return {
    method: 'POST',
    url: `${base(call)}${midjourneyModePrefix(path.mode)}${path.path}`,
    headers: {
      'mj-api-secret': call.channel.key,
      ...call.channel.headers,
      'content-type': 'application/json',
    },
    body: jsonRequestBody(body),
  };
}

/** Reads a submit reply; undefined when it is not one. */
export function readSubmitReply(body: unknown): MidjourneySubmitReply | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const reply = body as Record<string, unknown>;
  if (typeof reply.code !== 'number') return undefined;
  return {
    code: reply.code,
    description: typeof reply.description === 'string' ? reply.description : '',
    result: typeof reply.result === 'string' ? reply.result : String(reply.result ?? ''),
    ...(reply.properties === undefined ? {} : { properties: reply.properties }),
  };
}

const submit: OperationAdapter = {
  request: submitRequest,
  reply: (body) => {
    const reply = readSubmitReply(body);
    if (!reply || !MJ_ACCEPTED_CODES.has(reply.code)) {
      throw new UpstreamFailure({
        status: reply?.code === MJ_SATURATED_CODE ? 429 : 400,
        message: reply ? `${reply.description} ${reply.result}`.trim() : 'the proxy sent no submit reply',
        type: 'upstream_error',
        code: reply?.code ?? null,
        param: null,
      });
    }
    // One call: the price is a times price (mj_<action>), billed int(1000·ratio) (spec §9.3).
    return { body, text: '', usage: { prompt_tokens: 1, completion_tokens: 0 } };
  },
};

export const midjourneyProvider: RelayProvider = {
  name: 'midjourney',
  types: [34],
  operations: { 'mj-submit': submit },
  parseError: (status, text) =>
    parseUpstreamError(status, text, (parsed) => {
      const reply = readSubmitReply(parsed);
      if (!reply) return undefined;
      return {
        status,
        message: `${reply.description} ${reply.result}`.trim(),
        type: 'upstream_error',
        code: reply.code,
        param: null,
      };
    }),
};
