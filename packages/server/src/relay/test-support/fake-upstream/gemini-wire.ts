import { bodyField, type FakeReply, type RecordedRequest } from './fake-reply.js';
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
 * usageMetadata on every chunk, as Google does; without `alt=sse` the stream is one JSON array.
 */
export function geminiReply(request: RecordedRequest, model: string, stream: boolean): FakeReply {
  const prompt = geminiPromptTokens(request.body);
  if (!stream) {
    const body = {
      candidates: [candidate(FAKE_REPLY_TEXT, true)],
      usageMetadata: usageMetadata(prompt, FAKE_COMPLETION_TOKENS),
      modelVersion: model,
    };
    return { kind: 'json', status: 200, body };
  }
  let sent = '';
  const chunks = FAKE_REPLY_PIECES.map((piece, index) => {
    sent += piece;
    const last = index === FAKE_REPLY_PIECES.length - 1;
    return {
      candidates: [candidate(piece, last)],
      usageMetadata: usageMetadata(prompt, countFakeTokens(sent)),
      modelVersion: model,
    };
  });
  if (request.query.alt !== 'sse') return { kind: 'json', status: 200, body: chunks };
  return { kind: 'sse', frames: chunks.map((chunk) => sseFrame(chunk)) };
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
