export {
  FAKE_CREATED,
  FAKE_EMBEDDING_DIMENSIONS,
  FAKE_OPENAI_MODELS,
  openAiChatUsage,
} from './openai-wire.js';
export { claudeInputTokens } from './claude-wire.js';
export { geminiPromptTokens } from './gemini-wire.js';
export type { FakeVendor, RecordedRequest } from './fake-reply.js';
export { type FailureScript, type FakeUpstream, startFakeUpstream } from './fake-upstream.js';
export { countFakeTokens, FAKE_COMPLETION_TOKENS, FAKE_REPLY_TEXT } from './reply-text.js';
