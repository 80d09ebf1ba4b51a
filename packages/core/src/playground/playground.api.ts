// The playground's calls: the models a token may use (`GET /v1/models`), the streamed chat completion
// through that token, and the consume log the call wrote (its cost), read back from `/api/log/self`.
import { z } from 'zod';
import type { ApiClient } from '../http/client.js';
import { GwApiError } from '../http/errors.js';
import { LOG_TYPE } from '../resources/logs/log-types.js';
import { listSelfLogs } from '../resources/logs/logs.api.js';
import type { Log } from '../resources/logs/logs.schema.js';
import { CHAT_COMPLETIONS_PATH, type ChatRequest } from './chat-request.js';
import { type ChatStreamEvent, type ChatUsage, createChatStreamParser } from './chat-stream.js';

/** The standard fetch, as the browser and Node 18+ provide it (a streamed body is needed). */
export type StreamingFetch = typeof globalThis.fetch;

/** Where the relay is and which token calls it (the key without or with `sk-`). */
export interface RelayTarget {
  /** The gateway's origin; '' for the page's own. */
  baseUrl: string;
  key: string;
  fetch?: StreamingFetch;
}

function relayHeaders(key: string): Record<string, string> {
  const bare = key.replace(/^sk-/, '');
  return { authorization: `Bearer sk-${bare}`, accept: 'application/json, text/event-stream' };
}

/** The relay's OpenAI-shaped refusal as an error the faces describe like any other. */
async function relayError(response: Response): Promise<GwApiError> {
  let message = `HTTP ${response.status}`;
  try {
    const body = (await response.json()) as { error?: { message?: unknown } };
    if (typeof body.error?.message === 'string' && body.error.message) message = body.error.message;
  } catch {
    // not JSON: the status says enough
  }
  return new GwApiError(response.status === 429 ? 'RATE_LIMITED' : 'FAILED', message, {
    status: response.status,
  });
}

async function relayFetch(target: RelayTarget, path: string, init: RequestInit): Promise<Response> {
  const fetchImpl = target.fetch ?? globalThis.fetch;
  try {
    return await fetchImpl(`${target.baseUrl.replace(/\/+$/, '')}${path}`, init);
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'AbortError') throw cause;
    throw new GwApiError('NETWORK', cause instanceof Error ? cause.message : String(cause), {
      messageKey: 'errors.network',
    });
  }
}

const modelListSchema = z.object({ data: z.array(z.looseObject({ id: z.string() })).default([]) });

/** The models a token may call (`GET /v1/models` through it), sorted by name. */
export async function listRelayModels(target: RelayTarget): Promise<string[]> {
  const response = await relayFetch(target, '/v1/models', { headers: relayHeaders(target.key) });
  if (!response.ok) throw await relayError(response);
  const parsed = modelListSchema.safeParse(await response.json());
  if (!parsed.success) {
    throw new GwApiError('FAILED', 'unexpected reply from GET /v1/models', {
      messageKey: 'errors.bad_reply',
    });
  }
  return [...new Set(parsed.data.data.map((model) => model.id))].sort();
}

/** What a finished streamed call produced. */
export interface ChatStreamResult {
  content: string;
  reasoning: string;
  usage: ChatUsage | undefined;
  /** The relay's `X-Oneapi-Request-Id`, '' when absent. */
  requestId: string;
}

/**
 * Sends a streamed chat completion through the token and reports each event as it arrives. Resolves
 * when the stream ends; a refusal before the stream, or an error inside it, rejects.
 */
export async function streamChatCompletion(
  target: RelayTarget,
  body: ChatRequest,
  onEvent: (event: ChatStreamEvent) => void,
  signal?: AbortSignal,
): Promise<ChatStreamResult> {
  const response = await relayFetch(target, CHAT_COMPLETIONS_PATH, {
    method: 'POST',
    headers: { ...relayHeaders(target.key), 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok || !response.body) throw await relayError(response);
  const result: ChatStreamResult = {
    content: '',
    reasoning: '',
    usage: undefined,
    requestId: response.headers.get('x-oneapi-request-id') ?? '',
  };
  let failure = '';
  const parser = createChatStreamParser();
  const take = (events: ChatStreamEvent[]) => {
    for (const event of events) {
      if (event.type === 'delta') {
        result.content += event.content;
        result.reasoning += event.reasoning;
      } else if (event.type === 'usage') result.usage = event.usage;
      else if (event.type === 'error') failure = event.message;
      onEvent(event);
    }
  };
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    take(parser.push(value));
  }
  take(parser.end());
  if (failure) throw new GwApiError('FAILED', failure, { status: response.status });
  return result;
}

/** Which logs a playground call writes: consume logs of its token and model. */
export interface CallLogQuery {
  tokenName: string;
  model: string;
}

/** The newest consume log of the token and model, and how many there are. */
async function newestCallLog(client: ApiClient, call: CallLogQuery): Promise<{ log?: Log; count: number }> {
  const page = await listSelfLogs(client, {
    page: 1,
    size: 1,
    order: '-id',
    log_type: LOG_TYPE.consume,
    token_name: call.tokenName,
    model_name: call.model,
  });
  return { log: page.data[0], count: page.total_count };
}

/**
 * How many consume logs the token has for the model: taken before a call, so the call's own log is
 * the one that raises the count (no clock shared between browser and server is needed).
 */
export async function countCallLogs(client: ApiClient, call: CallLogQuery): Promise<number> {
  return (await newestCallLog(client, call)).count;
}

/**
 * The consume log a playground call wrote (its cost), read back from the caller's logs: the newest one
 * once there are more than `before`. The gateway writes logs in batches, so it asks up to `attempts`
 * times, `waitMs` apart; undefined when the log never showed up.
 */
export async function findCallLog(
  client: ApiClient,
  call: CallLogQuery,
  before: number,
  options: { attempts?: number; waitMs?: number; wait?: (ms: number) => Promise<void> } = {},
): Promise<Log | undefined> {
  const attempts = options.attempts ?? 10;
  const wait = options.wait ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  for (let attempt = 1; attempt <= attempts; attempt += 1) {
    const { log, count } = await newestCallLog(client, call);
    if (log && count > before) return log;
    if (attempt < attempts) await wait(options.waitMs ?? 500);
  }
  return undefined;
}
