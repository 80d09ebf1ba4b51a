// Local token counting for the relay (behaviour spec §9.7 and §10).
export { type ChatCountOptions, countChatPromptTokens } from './chat-prompt.js';
export { fetchImageHead, type ImageFetcher } from './image-source.js';
export {
  countInputTokens,
  estimatePromptTokens,
  PRE_COST_NONE,
  PRE_COST_SKIP_IMAGES,
  type PromptEstimateOptions,
} from './prompt-estimate.js';
export {
  type CountOptions,
  countTextTokens,
  countTextTokensOffLoop,
  encodingForModel,
  preloadTokenEncodings,
  type ReportedCount,
  reportTextTokensOffLoop,
  type TextCountActivity,
  type TokenEncodingName,
  textCountActivity,
} from './text-tokens.js';
