import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';
import { FAKE_CREATED, openAiErrorBody } from './openai-wire.js';
import { countFakeTokens, FAKE_COMPLETION_TOKENS, FAKE_REPLY_TEXT } from './reply-text.js';

/** A 1×1 transparent PNG: every fake image (as `b64_json`, or served at its `url`). */
export const FAKE_IMAGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Output tokens a gpt-image-* model reports per image (OpenAI's low-quality 1024² figure). */
export const FAKE_IMAGE_OUTPUT_TOKENS = 272;

/** Speech bytes per UTF-8 byte of `input`: the audio length is proportional to the text. */
export const FAKE_SPEECH_BYTES_PER_INPUT_BYTE = 32;

/** Bytes of uploaded audio counted as one second (transcription duration = ceil(size / this)). */
export const FAKE_AUDIO_BYTES_PER_SECOND = 16_000;

/** Audio tokens a token-billed transcription model reports per second of audio. */
export const FAKE_AUDIO_TOKENS_PER_SECOND = 10;

/** The text of every fake transcript and translation. */
export const FAKE_TRANSCRIPT_TEXT = FAKE_REPLY_TEXT;

let imageSequence = 0;

/** `POST /v1/images/generations`: `n` images as `url` or `b64_json`; gpt-image-* always b64 with usage. */
export function openAiImagesReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions,
): FakeReply {
  const n = Number(bodyField(request.body, 'n') ?? 1) || 1;
  const tokenBilled = model.startsWith('gpt-image');
  const asBase64 = tokenBilled || bodyField(request.body, 'response_format') === 'b64_json';
  const prompt = String(bodyField(request.body, 'prompt') ?? '');
  const batch = ++imageSequence;
  const data = Array.from({ length: n }, (_, index) => ({
    ...(asBase64
      ? { b64_json: FAKE_IMAGE_PNG.toString('base64') }
      : { url: `${options.baseUrl}/fake-files/image-${batch}-${index}.png` }),
    ...(model === 'dall-e-3' ? { revised_prompt: prompt } : {}),
  }));
  const body: Record<string, unknown> = { created: FAKE_CREATED, data };
  if (tokenBilled && !options.noUsage) {
    const input = countFakeTokens(prompt);
    const output = FAKE_IMAGE_OUTPUT_TOKENS * n;
    body.usage = {
      input_tokens: input,
      input_tokens_details: { text_tokens: input, image_tokens: 0 },
      output_tokens: output,
      total_tokens: input + output,
    };
  }
  return { kind: 'json', status: 200, body };
}

/**
 * `POST /v1/images/edits` and `/variations` (multipart, as OpenAI takes them): an `image` file (or
 * gpt-image-1's `image[]`), an optional `mask` file, `prompt` required for edits; answered like a
 * generation. A JSON body or a missing file is OpenAI's 400.
 */
export function openAiImageEditReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions,
  kind: 'edit' | 'variation',
): FakeReply {
  const isFile = (value: unknown) => Number.isFinite(Number(bodyField(value, 'size')));
  const images = [bodyField(request.body, 'image'), bodyField(request.body, 'image[]')].flat();
  const mask = bodyField(request.body, 'mask');
  const prompt = bodyField(request.body, 'prompt');
  const problem = !images.some(isFile)
    ? 'expected a multipart body with an image file'
    : mask !== undefined && !isFile(mask)
      ? 'mask must be a file'
      : kind === 'edit' && (typeof prompt !== 'string' || prompt === '')
        ? 'prompt is required'
        : undefined;
  if (problem) return { kind: 'json', status: 400, body: openAiErrorBody(400, problem) };
  return openAiImagesReply(request, model, options);
}

/** `GET /fake-files/<name>.png`: the bytes behind the image URLs. */
export function fakeImageFileReply(): FakeReply {
  return { kind: 'bytes', status: 200, contentType: 'image/png', body: FAKE_IMAGE_PNG };
}

const SPEECH_CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** Length of the fake speech for an input text (bytes). */
export function fakeSpeechLength(input: string): number {
  return Buffer.byteLength(input, 'utf8') * FAKE_SPEECH_BYTES_PER_INPUT_BYTE;
}

/** `POST /v1/audio/speech`: deterministic bytes, `fakeSpeechLength(input)` long, typed per response_format. */
export function openAiSpeechReply(request: RecordedRequest): FakeReply {
  const input = Buffer.from(String(bodyField(request.body, 'input') ?? ''), 'utf8');
  const format = String(bodyField(request.body, 'response_format') ?? 'mp3');
  const audio = Buffer.alloc(input.length * FAKE_SPEECH_BYTES_PER_INPUT_BYTE);
  for (let i = 0; i < audio.length; i += 1) audio[i] = ((input[i % input.length] ?? 0) + i) & 0xff;
  // Start like an MPEG audio frame so sniffers see audio, not text.
  if (audio.length >= 2) audio.set([0xff, 0xf3]);
  return {
    kind: 'bytes',
    status: 200,
    contentType: SPEECH_CONTENT_TYPES[format] ?? 'audio/mpeg',
    body: audio,
  };
}

function formatTimestamp(seconds: number, separator: ',' | '.'): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}${separator}000`;
}

/**
 * `POST /v1/audio/transcriptions` and `/translations` (multipart): the fixed transcript as
 * json/verbose_json (with usage: whisper-* by duration, other models by tokens), text, srt or vtt.
 */
export function openAiTranscriptionReply(
  request: RecordedRequest,
  model: string,
  options: FakeReplyOptions,
  task: 'transcribe' | 'translate',
): FakeReply {
  const file = bodyField(request.body, 'file');
  const size = Number(bodyField(file, 'size'));
  if (!Number.isFinite(size)) {
    return {
      kind: 'json',
      status: 400,
      body: openAiErrorBody(400, 'expected a multipart body with a file field'),
    };
  }
  const seconds = Math.max(1, Math.ceil(size / FAKE_AUDIO_BYTES_PER_SECOND));
  const format = String(bodyField(request.body, 'response_format') ?? 'json');
  const text = FAKE_TRANSCRIPT_TEXT;
  const plain = (contentType: string, value: string): FakeReply => ({
    kind: 'bytes',
    status: 200,
    contentType,
    body: Buffer.from(value, 'utf8'),
  });
  if (format === 'text') return plain('text/plain; charset=utf-8', `${text}\n`);
  if (format === 'srt') {
    return plain(
      'text/plain; charset=utf-8',
      `1\n${formatTimestamp(0, ',')} --> ${formatTimestamp(seconds, ',')}\n${text}\n\n`,
    );
  }
  if (format === 'vtt') {
    return plain(
      'text/vtt; charset=utf-8',
      `WEBVTT\n\n${formatTimestamp(0, '.')} --> ${formatTimestamp(seconds, '.')}\n${text}\n\n`,
    );
  }
  const promptTokens = countFakeTokens(String(bodyField(request.body, 'prompt') ?? ''));
  const audioTokens = seconds * FAKE_AUDIO_TOKENS_PER_SECOND;
  const usage = model.startsWith('whisper')
    ? { type: 'duration', seconds }
    : {
        type: 'tokens',
        input_tokens: promptTokens + audioTokens,
        input_token_details: { text_tokens: promptTokens, audio_tokens: audioTokens },
        output_tokens: FAKE_COMPLETION_TOKENS,
        total_tokens: promptTokens + audioTokens + FAKE_COMPLETION_TOKENS,
      };
  const body: Record<string, unknown> =
    format === 'verbose_json'
      ? {
          task,
          language: 'english',
          duration: seconds,
          text,
          segments: [{ id: 0, seek: 0, start: 0, end: seconds, text, tokens: [], temperature: 0 }],
        }
      : { text };
  if (!options.noUsage) body.usage = usage;
  return { kind: 'json', status: 200, body };
}
