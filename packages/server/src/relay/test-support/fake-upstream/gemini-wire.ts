import {
  bodyField,
  cutWithMidStreamError,
  type FakeReply,
  type FakeReplyOptions,
  PLAIN_REPLY_OPTIONS,
  type RecordedRequest,
} from './fake-reply.js';
import {
  countFakeTokens,
  countMessageTokens,
  FAKE_COMPLETION_TOKENS,
  FAKE_REPLY_PIECES,
  FAKE_REPLY_TEXT,
  sseFrame,
} from './reply-text.js';

/** Prompt tokens the fake Gemini reports: words in `systemInstruction` plus words in `contents`. */
export function geminiPromptTokens(body: unknown): number {
  const system = bodyField(body, 'systemInstruction');
  return (
    countMessageTokens(system ? [system] : [], 'parts') +
    countMessageTokens(bodyField(body, 'contents'), 'parts')
  );
}

function usageMetadata(prompt: number, candidates: number) {
  return { promptTokenCount: prompt, candidatesTokenCount: candidates, totalTokenCount: prompt + candidates };
}

function candidate(text: string, finished: boolean) {
  return {
    content: { role: 'model', parts: [{ text }] },
    index: 0,
    ...(finished ? { finishReason: 'STOP' } : {}),
  };
}

/**
 * `POST /v1beta/models/:model:generateContent` and `:streamGenerateContent`. Streams carry the running
 * usageMetadata on every chunk, as Google does; without `alt=sse` the stream is one JSON array. A
 * mid-stream error follows the first chunk (an SSE frame, or an element of the array).
 */
export function geminiReply(
  request: RecordedRequest,
  model: string,
  stream: boolean,
  options: FakeReplyOptions = PLAIN_REPLY_OPTIONS,
): FakeReply {
  const prompt = geminiPromptTokens(request.body);
  const usage = (candidates: number) =>
    options.noUsage ? {} : { usageMetadata: usageMetadata(prompt, candidates) };
  if (!stream) {
    const body = {
      candidates: [candidate(FAKE_REPLY_TEXT, true)],
      ...usage(FAKE_COMPLETION_TOKENS),
      modelVersion: model,
    };
    return { kind: 'json', status: 200, body };
  }
  let sent = '';
  const chunks: unknown[] = FAKE_REPLY_PIECES.map((piece, index) => {
    sent += piece;
    const last = index === FAKE_REPLY_PIECES.length - 1;
    return { candidates: [candidate(piece, last)], ...usage(countFakeTokens(sent)), modelVersion: model };
  });
  const error = options.midStreamError
    ? (options.midStreamError.body ?? geminiErrorBody(500, options.midStreamError.message))
    : undefined;
  if (request.query.alt !== 'sse') {
    const body = error === undefined ? chunks : [chunks[0], error];
    return { kind: 'json', status: 200, body };
  }
  const frames = chunks.map((chunk) => sseFrame(chunk));
  if (error === undefined) return { kind: 'sse', frames };
  return { kind: 'sse', frames: cutWithMidStreamError(frames, 0, sseFrame(error)) };
}

const GEMINI_STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** Google error body: `{error:{code,message,status}}`. */
export function geminiErrorBody(status: number, message: string): unknown {
  return { error: { code: status, message, status: GEMINI_STATUSES[status] ?? 'INTERNAL' } };
}
