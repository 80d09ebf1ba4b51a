// One attempt of the relay pipeline (behaviour spec §6 steps 7–8): send the call to one channel and, on
// success, write the reply to the client (JSON, audio bytes or a translated stream). A failure before
// anything reached the client is returned for the retry loop; once bytes are out the attempt counts.
// A success is settled (AttemptInput.finish) before its last bytes go out — a JSON body before it is sent,
// a stream before its closing frames and its end — so the request's in-flight claim has ended, on every
// process, before the client can send its next request: a claim still counted then refused a sequential
// client on a tight balance whose next request reached another worker (429 insufficient_quota_in_flight).
import type { BillingUsage } from '../billing/extra-usage.js';
import {
  type OperationAdapter,
  type ProviderCall,
  type RelayProvider,
  type SseEvent,
  type TranslatedReply,
  UpstreamFailure,
} from '../providers/provider.js';
import { type ReplyOutput, sseHeaders } from './reply-output.js';
import { streamCutFrames } from './stream-cut.js';
import type { StreamBudget } from './stream-budget.js';
import { type RelayError, upstreamError } from './relay-error.js';
import { createSseParser } from './sse-parser.js';
import { authorizeRequest } from './upstream-credentials.js';
import { watchStreamFailure } from './upstream-text-mask.js';
import type { UpstreamHttp } from './upstream-http.js';

/** What a successful attempt produced for billing. */
export interface AttemptSuccess {
  ok: true;
  /** Usage reported by the upstream, if any. */
  usage: BillingUsage | undefined;
  /** Generated text, for local counting (read only when the usage needs it). */
  text: () => string;
  /** Milliseconds from the request start to the first streamed byte. */
  firstResponseMs?: number;
  /**
   * For a stream kept within its claim: the completion tokens the claim covered when it ended. Each event
   * was relayed only once a count of the text fitted, so a local count at settlement that comes out higher
   * (the pool's length estimate, when it is saturated, past its deadline or past the count cap) is billed
   * at this instead: charged above its claim, the stream would spend past the balance it was checked on.
   */
  completionCovered?: number;
}

export type AttemptResult = AttemptSuccess | { ok: false; error: RelayError };

export interface AttemptInput {
  provider: RelayProvider;
  adapter: OperationAdapter;
  call: ProviderCall;
  proxy: string;
  http: UpstreamHttp;
  /** Where the reply goes (JSON through Fastify, raw for streams and audio; heartbeat-aware). */
  out: ReplyOutput;
  /** performance.now() at the request start. */
  startedAt: number;
  requestId: string;
  /** Message of a transport failure, in the site language. */
  /** Translates a relay message key into the site language (only called on failures). */
  message: (key: 'relay.upstream.request_failed' | 'relay.upstream.bad_reply') => string;
  /** The local prompt estimate: the usage an embeddings reply shows when its vendor reports none. */
  promptEstimate: number;
  /** Masks upstream text in a mid-stream error frame; undefined when the caller reads it whole (admins). */
  maskText?: (text: string) => string;
  /** Receives a mid-stream error frame whole, before any masking (the system log). */
  onStreamError: (frames: string) => void;
  /** The completion a stream's in-flight claim pays for; undefined = unbounded (no claim, or unpriced). */
  budget?: StreamBudget | undefined;
  /** Runs on a successful JSON reply before it is written (a Midjourney task is stored before its id is sent). */
  beforeReply?: ((translated: TranslatedReply) => Promise<void>) | undefined;
  /**
   * Runs on a success once its usage is known, before the reply's last bytes go out (see the top of this
   * file): the settlement, which ends the request's claim. The reply is finished even when it throws, and
   * the error is then thrown on.
   */
  finish: (success: AttemptSuccess) => Promise<void>;
}

/** A success: finished (settled) first, then its last bytes sent by `send`. */
async function succeed(
  input: AttemptInput,
  success: AttemptSuccess,
  send: () => void,
): Promise<AttemptSuccess> {
  try {
    await input.finish(success);
  } finally {
    send();
  }
  return success;
}

/** Runs one attempt. */
export async function runAttempt(input: AttemptInput): Promise<AttemptResult> {
  const { provider, adapter, call } = input;
  let upstreamRequest: ReturnType<OperationAdapter['request']>;
  try {
    upstreamRequest = adapter.request(call);
  } catch (error) {
    // The body cannot be translated for this vendor: the caller's fault, not the channel's (no retry) —
    // unless the channel's own settings made the request impossible.
    if (error instanceof UpstreamFailure) {
      return { ok: false, error: { ...error.error, local: !error.channelFault } };
    }
    throw error;
  }
  let response: Awaited<ReturnType<UpstreamHttp['send']>>;
  try {
    upstreamRequest = await authorizeRequest(
      provider,
      upstreamRequest,
      call.channel,
      input.http,
      input.proxy,
    );
  } catch (error) {
    // The channel's credentials were refused (a channel failure: retried elsewhere, may disable).
    if (error instanceof UpstreamFailure) return { ok: false, error: upstreamError(error.error) };
    return transportFailure(input, error);
  }
  try {
    response = await input.http.send(upstreamRequest, { proxy: input.proxy });
  } catch (error) {
    return transportFailure(input, error);
  }
  if (response.status < 200 || response.status >= 300) {
    const text = await response.body.text().catch(() => '');
    return { ok: false, error: upstreamError(provider.parseError(response.status, text, call.channel)) };
  }
  if (call.operation === 'speech') {
    return adapter.audio ? translatedAudio(input, response, adapter.audio) : pipeAudio(input, response);
  }
  if (call.stream && adapter.stream) return relayStream(input, response.body);
  const text = await response.body.text().catch(() => undefined);
  if (text === undefined) return badReply(input);
  let parsed: unknown = text;
  const contentType = String(response.headers['content-type'] ?? '');
  if (contentType.includes('json') || /^\s*[[{]/.test(text)) {
    try {
      parsed = JSON.parse(text);
    } catch {
      return badReply(input);
    }
  }
  let translated: ReturnType<OperationAdapter['reply']>;
  try {
    translated = adapter.reply(parsed, call);
  } catch (error) {
    if (error instanceof UpstreamFailure) return { ok: false, error: upstreamError(error.error) };
    return badReply(input);
  }
  if (call.operation === 'embeddings' && !translated.usage)
    addEstimatedUsage(translated.body, input.promptEstimate);
  if (input.beforeReply) await input.beforeReply(translated);
  const success: AttemptSuccess = { ok: true, usage: translated.usage, text: () => translated.text };
  return succeed(input, success, () => {
    // With its length, so the reply goes out in one piece without chunked framing.
    if (typeof translated.body === 'string') {
      input.out.head(200, {
        'content-type': contentType || 'text/plain; charset=utf-8',
        'content-length': String(Buffer.byteLength(translated.body)),
      });
      input.out.raw.end(translated.body);
    } else if (translated.body === parsed) {
      // A pass-through reply goes out as the upstream's own bytes: no second serialisation.
      input.out.head(200, {
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(text)),
      });
      input.out.raw.end(text);
    } else {
      input.out.json(200, translated.body);
    }
  });
}

/** OpenAI clients read `usage` on embeddings; a translated reply without one shows the local count. */
function addEstimatedUsage(body: unknown, prompt: number): void {
  if (!body || typeof body !== 'object' || Array.isArray(body) || 'usage' in body) return;
  (body as Record<string, unknown>).usage = { prompt_tokens: prompt, total_tokens: prompt };
}

function transportFailure(input: AttemptInput, error: unknown): AttemptResult {
  return {
    ok: false,
    error: {
      status: 500,
      message: `${input.message('relay.upstream.request_failed')}: ${error instanceof Error ? error.message : String(error)}`,
      type: 'one_hub_error',
      code: 'http_request_failed',
      local: false,
    },
  };
}

function badReply(input: AttemptInput): AttemptResult {
  return {
    ok: false,
    error: {
      status: 502,
      message: input.message('relay.upstream.bad_reply'),
      type: 'upstream_error',
      code: 'bad_response',
      local: false,
    },
  };
}

/** A speech reply the vendor sent as JSON: decoded by the adapter, sent as audio bytes. */
async function translatedAudio(
  input: AttemptInput,
  response: Awaited<ReturnType<UpstreamHttp['send']>>,
  read: NonNullable<OperationAdapter['audio']>,
): Promise<AttemptResult> {
  const text = await response.body.text().catch(() => undefined);
  if (text === undefined) return badReply(input);
  let audio: ReturnType<typeof read>;
  try {
    audio = read(JSON.parse(text), input.call);
  } catch (error) {
    if (error instanceof UpstreamFailure) return { ok: false, error: upstreamError(error.error) };
    return badReply(input);
  }
  return succeed(input, { ok: true, usage: audio.usage, text: () => '' }, () => {
    input.out.head(200, { 'content-type': audio.contentType, 'content-length': String(audio.bytes.length) });
    input.out.raw.end(audio.bytes);
  });
}

/** Audio replies are piped byte for byte with the upstream's content type (spec §2.2). */
async function pipeAudio(
  input: AttemptInput,
  response: Awaited<ReturnType<UpstreamHttp['send']>>,
): Promise<AttemptResult> {
  const raw = input.out.raw;
  input.out.head(200, { 'content-type': String(response.headers['content-type'] ?? 'audio/mpeg') });
  try {
    for await (const chunk of response.body) if (!raw.destroyed) raw.write(chunk);
  } catch {
    // a broken upstream ends the reply early; the request is billed on its input all the same
  }
  return succeed(input, { ok: true, usage: undefined, text: () => '' }, () => raw.end());
}

/**
 * Streams the reply (spec §11): frames are written as they come; a client that goes away stops the
 * writing, not the reading, so the usage still arrives and is billed (§11.4).
 */
async function relayStream(input: AttemptInput, body: AsyncIterable<Buffer>): Promise<AttemptResult> {
  const adapted = input.adapter.stream?.(input.call);
  if (!adapted) throw new Error('relayStream needs a stream adapter');
  const translator = watchStreamFailure(adapted, { mask: input.maskText, report: input.onStreamError });
  const raw = input.out.raw;
  input.out.head(
    200,
    adapted.contentType ? { ...sseHeaders(), 'content-type': adapted.contentType } : sseHeaders(),
  );
  // The head goes out with the first frame when that is already here (one write instead of two: a
  // fast upstream's first frames come in the same read as its head); otherwise on its own right after,
  // so a client waiting on a slow first token still sees the 200 at once.
  setImmediate(() => {
    if (!raw.destroyed && !raw.writableEnded) raw.flushHeaders();
  });
  const parser = adapted.decoder ?? createSseParser();
  let firstResponseMs: number | undefined;
  let complete = true;
  const write = (frames: string[]) => {
    if (frames.length === 0 || raw.destroyed || raw.writableEnded) return;
    if (firstResponseMs === undefined) firstResponseMs = Math.round(performance.now() - input.startedAt);
    raw.write(frames.length === 1 ? (frames[0] as string) : frames.join(''));
  };
  const affordable = input.budget ? budgetCheck(input.budget, translator) : undefined;
  let cut = false;
  /** The frames of the events the budget lets through, up to the first it does not (the stream is cut). */
  const affordableFrames = async (events: SseEvent[], fits: EventFits): Promise<string[]> => {
    const frames: string[] = [];
    for (const event of events) {
      const verdict = fits(event);
      if (verdict === false || (verdict !== true && !(await verdict))) {
        cut = true;
        break;
      }
      frames.push(...translator.push(event));
    }
    return frames;
  };
  try {
    // One socket write per upstream chunk, however many events it carried.
    for await (const chunk of body) {
      const events = parser.feed(chunk);
      if (affordable) {
        write(await affordableFrames(events, affordable));
        // Leaving the loop destroys the upstream body: the upstream stops generating.
        if (cut) break;
      } else if (events.length === 1) write(translator.push(events[0] as SseEvent));
      else if (events.length > 1) write(events.flatMap((event) => translator.push(event)));
    }
    if (!cut) {
      // An upstream's last event may come without its blank line: it is checked like the others, since
      // settlement bills a cut stream no more than its claim covered (completionCovered).
      const rest = parser.end();
      if (affordable) write(await affordableFrames(rest, affordable));
      else write(rest.flatMap((event) => translator.push(event)));
    }
  } catch {
    // The upstream broke mid-stream: end without [DONE], bill what arrived (spec §11.3).
    complete = false;
  }
  // The closing frames (the usage chunk, [DONE]) are made now, as the usage may come with them, and sent
  // once the request is settled.
  let closing: string[];
  if (cut) {
    const cutFrames = streamCutFrames(input.call);
    closing = [...cutFrames, ...translator.end(cutFrames.length > 0)];
  } else closing = translator.end(complete);
  // Timed as if sent now when the closing frames are the first (an empty reply): they wait for the settlement.
  if (firstResponseMs === undefined && closing.length > 0 && !raw.destroyed && !raw.writableEnded)
    firstResponseMs = Math.round(performance.now() - input.startedAt);
  const success: AttemptSuccess = {
    ok: true,
    usage: translator.usage(),
    text: () => translator.text(),
    ...(firstResponseMs === undefined ? {} : { firstResponseMs }),
    ...(input.budget ? { completionCovered: input.budget.covered() } : {}),
  };
  return succeed(input, success, () => {
    write(closing);
    if (!raw.writableEnded) raw.end();
  });
}

/** Whether an event fits the stream's budget (a promise when the claim must be counted or grown first). */
type EventFits = (event: SseEvent) => Promise<boolean> | boolean;

/**
 * Whether an upstream event may be relayed within the stream's budget, growing the claim when needed. An
 * event adds at most its data's UTF-8 bytes in tokens (a token is at least a byte); when that rough bound
 * reaches the budget, the text so far is counted as settlement would count it, and only then is the claim
 * grown — so a stream is cut for what it really spent, not for the bound's slack.
 */
function budgetCheck(budget: StreamBudget, translator: { text(): string }): EventFits {
  let counted = 0;
  let countedLength = 0;
  let unmeasured = 0;
  return (event) => {
    const size = Buffer.byteLength(event.data);
    if (counted + unmeasured + size <= budget.covered()) {
      unmeasured += size;
      return true;
    }
    return (async () => {
      const text = translator.text();
      if (text.length !== countedLength) {
        counted = await budget.measure(text);
        countedLength = text.length;
      }
      unmeasured = size;
      if (counted + size <= budget.covered()) return true;
      return budget.cover(counted + size);
    })();
  };
}
