// Vertex AI's operations (spec §19 row "vertexai"): OpenAI chat translated to Claude on Vertex
// (rawPredict / streamRawPredict with anthropic_version vertex-2023-10-16) or to Gemini on Vertex
// (generateContent / streamGenerateContent) by model name; the native Claude and Gemini routes passed
// through; OpenAI image generations served by Imagen's predict.
import type { BillingUsage } from '../../billing/extra-usage.js';
import { chatBodyOf, claudeChatBody } from '../claude/claude-chat-request.js';
import { claudeChatReply } from '../claude/claude-chat-reply.js';
import { claudeChatStream } from '../claude/claude-chat-stream.js';
import { claudeNativeMessages } from '../claude/claude-native.js';
import { invalidFieldFailure } from '../claude/claude-request-error.js';
import { geminiChatBody } from '../gemini/chat-request.js';
import { geminiChatReply } from '../gemini/chat-reply.js';
import { geminiChatStream } from '../gemini/chat-stream.js';
import { isNativeStream, nativeGenerateAdapter } from '../gemini/native-generate.js';
import type { OperationAdapter, ProviderCall, StreamTranslator, UpstreamRequest } from '../provider.js';
import { UpstreamFailure } from '../provider.js';
import { jsonRequestBody } from '../shared/json-body.js';
import { vertexClaudeModel, vertexFamily, vertexHeaders, vertexModelUrl } from './vertex-endpoint.js';

/** The anthropic_version Claude on Vertex expects in the body (instead of a header). */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';
/** Prompt tokens billed per Imagen image, as one-hub counts them (Gemini's image token size). */
export const IMAGEN_TOKENS_PER_IMAGE = 258;

function unsupportedModel(model: string): UpstreamFailure {
  return new UpstreamFailure({
    status: 400,
    message: `model ${model} is not served by Vertex AI for this endpoint`,
    type: 'invalid_request_error',
    code: 'model_not_supported',
    param: 'model',
  });
}

/** A Messages body sent to Claude on Vertex: the model is in the URL, the version in the body. */
function claudeOnVertex(call: ProviderCall, body: Record<string, unknown>, stream: boolean): UpstreamRequest {
  const { model: _model, ...rest } = body;
  const headers = vertexHeaders(call.channel, stream);
  const beta = call.clientHeaders['anthropic-beta'];
  if (beta) headers['anthropic-beta'] = beta;
  const method = stream ? 'streamRawPredict' : 'rawPredict';
  return {
    method: 'POST',
    url: vertexModelUrl(call.channel, 'anthropic', vertexClaudeModel(call.model), method),
    headers,
    body: jsonRequestBody({ ...rest, anthropic_version: VERTEX_ANTHROPIC_VERSION }),
  };
}

/** A generateContent body sent to Gemini on Vertex; streams ask for SSE framing. */
function geminiOnVertex(call: ProviderCall, body: unknown, stream: boolean): UpstreamRequest {
  const method = stream ? 'streamGenerateContent' : 'generateContent';
  return {
    method: 'POST',
    url: vertexModelUrl(call.channel, 'google', call.model, method) + (stream ? '?alt=sse' : ''),
    headers: vertexHeaders(call.channel, stream),
    body: jsonRequestBody(body),
  };
}

export const vertexChat: OperationAdapter = {
  request(call) {
    const family = vertexFamily(call.model);
    if (family === 'claude') {
      return claudeOnVertex(
        call,
        claudeChatBody(chatBodyOf(call), call.model, call.stream, call.settings),
        call.stream,
      );
    }
    if (family === 'gemini') {
      return geminiOnVertex(call, geminiChatBody(chatBodyOf(call), call.model, call.settings), call.stream);
    }
    throw unsupportedModel(call.model);
  },
  reply: (body, call) =>
    vertexFamily(call.model) === 'claude' ? claudeChatReply(body, call) : geminiChatReply(body, call),
  stream: (call): StreamTranslator =>
    vertexFamily(call.model) === 'claude' ? claudeChatStream(call) : geminiChatStream(call),
};

export const vertexClaudeMessages: OperationAdapter = {
  request(call) {
    if (call.body instanceof FormData) throw invalidFieldFailure('body');
    if (vertexFamily(call.model) !== 'claude') throw unsupportedModel(call.model);
    return claudeOnVertex(call, call.body, call.stream);
  },
  reply: claudeNativeMessages.reply,
  stream: claudeNativeMessages.stream,
};

export const vertexGeminiGenerate: OperationAdapter = {
  request(call) {
    if (vertexFamily(call.model) !== 'gemini') throw unsupportedModel(call.model);
    const body = call.body instanceof FormData ? {} : { ...call.body };
    delete body.model;
    return geminiOnVertex(call, body, isNativeStream(call));
  },
  reply: nativeGenerateAdapter.reply,
  stream: nativeGenerateAdapter.stream,
};

/** OpenAI sizes → Imagen aspect ratios (one-hub's table; anything else is square). */
const ASPECT_RATIOS: Readonly<Record<string, string>> = {
  '1024x1024': '1:1',
  '1024x1792': '9:16',
  '1792x1024': '16:9',
  '768x1024': '3:4',
  '1024x768': '4:3',
};

function imagenBody(body: Record<string, unknown>): Record<string, unknown> {
  const count = typeof body.n === 'number' && Number.isInteger(body.n) && body.n > 0 ? body.n : 1;
  const aspect =
    typeof body.aspect_ratio === 'string'
      ? body.aspect_ratio
      : (ASPECT_RATIOS[typeof body.size === 'string' ? body.size : ''] ?? '1:1');
  return {
    instances: [{ prompt: body.prompt }],
    parameters: {
      sampleCount: count,
      aspectRatio: aspect,
      personGeneration: 'allow_adult',
      outputOptions: { mimeType: 'image/png' },
    },
  };
}

export const vertexImages: OperationAdapter = {
  request(call) {
    if (call.body instanceof FormData) throw invalidFieldFailure('body');
    if (vertexFamily(call.model) !== 'imagen') throw unsupportedModel(call.model);
    return {
      method: 'POST',
      url: vertexModelUrl(call.channel, 'google', call.model, 'predict'),
      headers: vertexHeaders(call.channel, false),
      body: jsonRequestBody(imagenBody(call.body)),
    };
  },
  reply(body) {
    const predictions = (body as { predictions?: unknown } | null)?.predictions;
    const images = (Array.isArray(predictions) ? predictions : [])
      .map((item) => (item as { bytesBase64Encoded?: unknown } | null)?.bytesBase64Encoded)
      .filter((data): data is string => typeof data === 'string' && data !== '');
    if (images.length === 0) {
      throw new UpstreamFailure({
        status: 500,
        message: 'no image generated',
        type: 'vertex_ai_error',
        code: 'no_image_generated',
      });
    }
    const usage: BillingUsage = {
      prompt_tokens: images.length * IMAGEN_TOKENS_PER_IMAGE,
      completion_tokens: 0,
    };
    return {
      body: { created: Math.floor(Date.now() / 1000), data: images.map((b64_json) => ({ b64_json })) },
      usage,
      text: '',
    };
  },
};
