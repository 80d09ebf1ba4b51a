// Google Gemini (channel type 25, spec §19): OpenAI chat translated to generateContent, the native
// /gemini pass-through, embeddings through batchEmbedContents, and the model list.
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

const chatAdapter: OperationAdapter = {
  request(call) {
    const body = geminiChatBody(call.body instanceof FormData ? {} : call.body, call.model, call.settings);
    const method = call.stream ? 'streamGenerateContent' : 'generateContent';
    return geminiPost(call.channel, geminiVersion(call.channel), call.model, method, body, call.stream);
  },
  reply: geminiChatReply,
  stream: geminiChatStream,
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
  parseError: parseGeminiError,
  modelsRequest,
  parseModels,
};
