// Native Gemini pass-through for POST /gemini/:version/models/:model:action (spec §2.2, §11.5): the
// body goes upstream as sent, the reply and stream frames come back unchanged; only the usage is read.
import type { BillingUsage } from '../../billing/extra-usage.js';
import type { OperationAdapter, ProviderCall, StreamTranslator, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { sseFrame } from '../shared/openai-format.js';
import { candidateOutput } from './chat-reply.js';
import { geminiPost, geminiVersion } from './gemini-endpoint.js';
import { geminiErrorObject, geminiUpstreamError, redactChannelKey } from './gemini-error.js';
import { billingUsageFromGemini } from './gemini-usage.js';
import type { GeminiGenerateReply } from './gemini-wire.js';

const STREAM_ACTION = 'streamGenerateContent';

/** Whether the native call streams: only the streamGenerateContent action does. */
export function isNativeStream(call: ProviderCall): boolean {
  return call.gemini?.action === STREAM_ACTION;
}

function nativeRequest(call: ProviderCall): UpstreamRequest {
  const stream = isNativeStream(call);
  const body = call.body instanceof FormData ? {} : { ...call.body };
  // The pipeline writes the mapped model into the body; Google refuses unknown fields, and the model
  // is already in the path.
  delete body.model;
  const version = geminiVersion(call.channel, call.gemini?.version);
  return geminiPost(
    call.channel,
    version,
    call.model,
    stream ? STREAM_ACTION : 'generateContent',
    body,
    stream,
  );
}

/** The text of every candidate, for local counting when usage is missing. */
function replyText(reply: GeminiGenerateReply): string {
  return (reply.candidates ?? [])
    .map((candidate) => {
      const output = candidateOutput(candidate);
      return output.reasoning + output.content;
    })
    .join('');
}

/**
 * How a native stream is written back: SSE frames when the client asked with `alt=sse`, else Google's
 * own JSON array, streamed element by element as `[{…}` then `,\r\n{…}` and a closing `]`. The
 * upstream is always asked for SSE, which is simpler to read incrementally.
 */
function nativeFramer(call: ProviderCall) {
  if (call.gemini?.sse) {
    return {
      contentType: undefined,
      frame: (data: string, event?: string) => sseFrame(data, event),
      end: () => [],
    };
  }
  let started = false;
  return {
    contentType: 'application/json; charset=utf-8',
    frame(data: string): string {
      const lead = started ? ',\r\n' : '[';
      started = true;
      return lead + data;
    },
    end: (): string[] => [started ? ']' : '[]'],
  };
}

function nativeStream(call: ProviderCall): StreamTranslator {
  let usage: BillingUsage | undefined;
  let text = '';
  let failed = false;
  const framer = nativeFramer(call);
  return {
    ...(framer.contentType ? { contentType: framer.contentType } : {}),
    push(event) {
      let data = event.data;
      try {
        const parsed = JSON.parse(data) as unknown;
        if (geminiErrorObject(parsed)) {
          failed = true;
          // Forwarded as Google sent it, except for the channel key (spec §7.1 step 4).
          data = redactChannelKey(data, call.channel.key);
        } else {
          const reply = parsed as GeminiGenerateReply;
          usage = billingUsageFromGemini(reply.usageMetadata) ?? usage;
          text += replyText(reply);
        }
      } catch {
        // Not JSON: forwarded as is, nothing to read.
      }
      return [framer.frame(data, event.event)];
    },
    end: () => framer.end(),
    usage: () => usage,
    text: () => text,
    failed: () => failed,
  };
}

export const nativeGenerateAdapter: OperationAdapter = {
  request: nativeRequest,
  reply(body, call) {
    const error = geminiErrorObject(body);
    if (error) throw new UpstreamFailure(geminiUpstreamError(400, error, call.channel.key));
    const reply = (body ?? {}) as GeminiGenerateReply;
    const usage = billingUsageFromGemini(reply.usageMetadata);
    return { body, ...(usage ? { usage } : {}), text: replyText(reply) };
  },
  stream: nativeStream,
};
