// Google Vertex AI (channel type 42), spec §19 row "vertexai": Claude and Gemini on Vertex for OpenAI
// chat and the native routes, Imagen for image generations, with the service-account OAuth token added
// by the authorize step.
import { parseClaudeError } from '../claude/claude-error.js';
import { parseGeminiError } from '../gemini/gemini-error.js';
import type { RelayProvider } from '../provider.js';
import { vertexChat, vertexClaudeMessages, vertexGeminiGenerate, vertexImages } from './vertex-operations.js';
import { vertexAccessToken } from './vertex-token.js';

export const VERTEX_AI_CHANNEL_TYPE = 42;

export const vertexAiProvider: RelayProvider = {
  name: 'vertexai',
  types: [VERTEX_AI_CHANNEL_TYPE],
  operations: {
    chat: vertexChat,
    'claude-messages': vertexClaudeMessages,
    'gemini-generate': vertexGeminiGenerate,
    images: vertexImages,
  },
  // Google's gateway answers in Google's error shape; Claude's own errors come in Anthropic's.
  parseError(status, text, channel) {
    if (/"type"\s*:\s*"error"/.test(text)) return parseClaudeError(status, text);
    return parseGeminiError(status, text, channel);
  },
  async authorize(request, channel, fetch) {
    const token = await vertexAccessToken(channel.key, fetch);
    return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
  },
};
