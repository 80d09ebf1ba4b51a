export { claudeInputTokens } from './claude-wire.js';
export { type FakeClaudeToolUse, FAKE_TOOL_JSON_PIECE_LENGTH } from './claude-tool-use.js';
export {
  DEFAULT_FAKE_BALANCE,
  type FakeBalance,
  type FakeFormFile,
  type FakeVendor,
  type RecordedRequest,
} from './fake-reply.js';
export {
  type FailureScript,
  type FakeUpstream,
  type FakeUpstreamOptions,
  startFakeUpstream,
} from './fake-upstream.js';
export { geminiPromptTokens } from './gemini-wire.js';
export { FAKE_MODERATION_TRIGGER } from './openai-account-wire.js';
export { openAiCompletionUsage } from './openai-completions-wire.js';
export {
  FAKE_AUDIO_BYTES_PER_SECOND,
  FAKE_AUDIO_TOKENS_PER_SECOND,
  FAKE_IMAGE_OUTPUT_TOKENS,
  FAKE_IMAGE_PNG,
  FAKE_SPEECH_BYTES_PER_INPUT_BYTE,
  FAKE_TRANSCRIPT_TEXT,
  fakeSpeechLength,
} from './openai-media-wire.js';
export {
  FAKE_MJ_BANNED_CODE,
  FAKE_MJ_BANNED_WORD,
  FAKE_MJ_FAIL_WORD,
  FAKE_MJ_NO_FAST_WORD,
  FAKE_MJ_SLOW_WORD,
} from './midjourney-wire.js';
export { openAiResponsesUsage } from './openai-responses-wire.js';
export { fakeRelevance, fakeRerankTokens, fakeSearchUnits } from './rerank-wire.js';
export {
  FAKE_CREATED,
  FAKE_EMBEDDING_DIMENSIONS,
  FAKE_OPENAI_MODELS,
  FAKE_REASONING_TEXT,
  openAiChatUsage,
} from './openai-wire.js';
export { countFakeTokens, FAKE_COMPLETION_TOKENS, FAKE_REPLY_PIECES, FAKE_REPLY_TEXT } from './reply-text.js';
export {
  FAKE_SERVICE_ACCOUNT_EMAIL,
  FAKE_TOKEN_LIFETIME_SECONDS,
  fakeServiceAccountKey,
} from './vertex-wire.js';
export { FAKE_AWS_CREDENTIALS, FAKE_BEDROCK_API_KEY } from './bedrock-wire.js';
export { FAKE_MINIMAX_MISSING_VOICE, fakeMinimaxAudio } from './vendor-balance-wire.js';
export {
  FAKE_KLING_ACCESS_KEY,
  FAKE_KLING_SECRET_KEY,
  FAKE_TASK_BANNED_WORD,
  FAKE_TASK_FAIL_WORD,
  FAKE_TASK_NO_ID_WORD,
  FAKE_TASK_SLOW_WORD,
  finishFakeTask,
} from './task-wire.js';
