// Google Gemini (channel type 25, spec §19): OpenAI chat translated to generateContent, the native
// /gemini pass-through, embeddings through batchEmbedContents, and the model list.
import { openAiOperations } from '../openai/openai-operations.js';
import type { OperationAdapter, RelayProvider, UpstreamChannel, UpstreamRequest } from '../provider.js';
import { geminiChatBody } from './chat-request.js';
import { geminiChatReply } from './chat-reply.js';
import { geminiChatStream } from './chat-stream.js';
import { embeddingsAdapter } from './embeddings.js';
import { geminiApiRoot, geminiHeaders, geminiPost, geminiVersion } from './gemini-endpoint.js';
import { parseGeminiError } from './gemini-error.js';
import { asRecord } from './gemini-wire.js';
import { nativeGenerateAdapter } from './native-generate.js';

export const GEMINI_CHANNEL_TYPE = 25;

const nativeChat: OperationAdapter = {
  request(call) {
    const body = geminiChatBody(call.body instanceof FormData ? {} : call.body, call.model, call.settings);
    const method = call.stream ? 'streamGenerateContent' : 'generateContent';
    return geminiPost(call.channel, geminiVersion(call.channel), call.model, method, body, call.stream);
  },
  reply: geminiChatReply,
  stream: geminiChatStream,
};

/** Whether the channel's `use_openai_api` plugin is on (spec §19 row "gemini"). */
export function usesOpenAiApi(channel: UpstreamChannel): boolean {
  return channel.plugin.use_openai_api?.enable === true;
}

/**
 * The plugin's OpenAI-format chat: `<base>/<version>/chat/completions` with the key as a bearer token and
 * stream usage always asked for, as one-hub does (Google's own compatibility endpoint is reached with
 * version `v1beta/openai` in the channel's `other`).
 */
const openAiChat = openAiOperations({
  url: (call, path) =>
    `${geminiApiRoot(call.channel, geminiVersion(call.channel))}${path.replace(/^\/v1\//, '/')}`,
  auth: (call) => ({ authorization: `Bearer ${call.channel.key}` }),
  forceStreamUsage: true,
}).chat as OperationAdapter;

const chatAdapter: OperationAdapter = {
  request: (call) => (usesOpenAiApi(call.channel) ? openAiChat : nativeChat).request(call),
  reply: (body, call) => (usesOpenAiApi(call.channel) ? openAiChat : nativeChat).reply(body, call),
  stream: (call) =>
    ((usesOpenAiApi(call.channel) ? openAiChat.stream : nativeChat.stream) ?? geminiChatStream)(call),
};

function modelsRequest(channel: UpstreamChannel): UpstreamRequest {
  const url = `${geminiApiRoot(channel, geminiVersion(channel))}/models`;
  return { method: 'GET', url, headers: geminiHeaders(channel, false) };
}

/** `{models:[{name:"models/gemini-…"}]}` → model ids without the `models/` prefix. */
function parseModels(body: unknown): string[] {
  const models = asRecord(body)?.models;
  if (!Array.isArray(models)) return [];
  return models
    .map((model) => asRecord(model)?.name)
    .filter((name): name is string => typeof name === 'string' && name !== '')
    .map((name) => name.replace(/^models\//, ''));
}

export const geminiProvider: RelayProvider = {
  name: 'gemini',
  types: [GEMINI_CHANNEL_TYPE],
  operations: {
    chat: chatAdapter,
    'gemini-generate': nativeGenerateAdapter,
    embeddings: embeddingsAdapter,
  },
  // Both the native API and the plugin's OpenAI endpoint answer `{error: {message, …}}` (one-hub reads
  // both with Gemini's reader, which also redacts the key).
  parseError: parseGeminiError,
  modelsRequest,
  parseModels,
};
