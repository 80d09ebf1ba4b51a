// The prompt-token estimate per relay operation (behaviour spec §9.7): what pre-consumption holds quota
// for, and the prompt count billed when the upstream reports no usage.
import type { RelayOperation } from '../providers/provider.js';
import { type ChatCountOptions, countChatPromptTokens } from './chat-prompt.js';
import { estimateImageGenerationTokens } from './image-generation.js';
import {
  estimateClaudeMessagesTokens,
  estimateGeminiGenerateTokens,
  toolDefinitionsText,
} from './native-prompts.js';
import { type CountOptions, countTextTokensOffLoop } from './text-tokens.js';

/** channel.pre_cost: 2 = do not count images, 3 = no prompt estimate for message-shaped requests. */
export const PRE_COST_SKIP_IMAGES = 2;
export const PRE_COST_NONE = 3;

/** A string input as a one-message prompt costs its text plus the reply priming. */
const STRING_INPUT_PRIMING_TOKENS = 3;

export interface PromptEstimateOptions extends ChatCountOptions {
  /** channel.pre_cost. */
  preCost: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isTokenIds(value: unknown): value is number[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'number');
}

/**
 * Text tokens of a completions `prompt` or an embeddings/moderations `input`: a string; an array of strings
 * (joined, then encoded once); token ids (their count); an array of token-id arrays; or moderation parts.
 */
export async function countInputTokens(
  model: string,
  input: unknown,
  options: CountOptions,
): Promise<number> {
  if (typeof input === 'string') return countTextTokensOffLoop(model, input, options);
  if (!Array.isArray(input)) return 0;
  if (isTokenIds(input)) return input.length;
  let tokens = 0;
  const texts: string[] = [];
  for (const item of input) {
    if (typeof item === 'string') texts.push(item);
    else if (isTokenIds(item)) tokens += item.length;
    else if (isRecord(item) && item.type === 'text' && typeof item.text === 'string') texts.push(item.text);
  }
  return tokens + (await countTextTokensOffLoop(model, texts.join(''), options));
}

async function countToolTokens(
  model: string,
  body: Record<string, unknown>,
  options: CountOptions,
): Promise<number> {
  // Tool (and legacy function) definitions reach the model as prompt text: count JSON.stringify(tools).
  return (
    (await countTextTokensOffLoop(model, toolDefinitionsText(body.tools), options)) +
    (await countTextTokensOffLoop(model, toolDefinitionsText(body.functions), options))
  );
}

/** Responses input items without content (function_call, function_call_output) count their payload as text. */
function responsesItemAsMessage(item: unknown): unknown {
  if (!isRecord(item) || item.content !== undefined) return item;
  const payload = typeof item.output === 'string' ? item.output : item.arguments;
  return { ...item, content: typeof payload === 'string' ? payload : undefined };
}

async function estimateResponsesTokens(
  model: string,
  body: Record<string, unknown>,
  options: ChatCountOptions,
): Promise<number> {
  const instructions = typeof body.instructions === 'string' ? body.instructions : '';
  const extra =
    (await countTextTokensOffLoop(model, instructions, options)) +
    (await countToolTokens(model, body, options));
  if (typeof body.input === 'string') {
    return (await countTextTokensOffLoop(model, body.input, options)) + STRING_INPUT_PRIMING_TOKENS + extra;
  }
  const messages = Array.isArray(body.input) ? body.input.map(responsesItemAsMessage) : [];
  return (await countChatPromptTokens(model, messages, options)) + extra;
}

/** A rerank document with no text of its own (an image, say) adds this much to the estimate (§9.7). */
const NON_TEXT_DOCUMENT_TOKENS = 10;

/** §9.7 rerank: the query and each text document, one per line, encoded once; +10 per non-text document. */
async function estimateRerankTokens(
  model: string,
  body: Record<string, unknown>,
  options: CountOptions,
): Promise<number> {
  const lines = [`${typeof body.query === 'string' ? body.query : ''}\n`];
  let extra = 0;
  for (const document of Array.isArray(body.documents) ? body.documents : []) {
    const text = typeof document === 'string' ? document : isRecord(document) ? document.text : undefined;
    if (typeof text === 'string' && text !== '') lines.push(`${text}\n`);
    else extra += NON_TEXT_DOCUMENT_TOKENS;
  }
  return extra + (await countTextTokensOffLoop(model, lines.join(''), options));
}

/** §9.7: the prompt estimate for one relay operation's parsed JSON body (model = requested model). */
export async function estimatePromptTokens(
  operation: RelayOperation,
  model: string,
  body: Record<string, unknown>,
  options: PromptEstimateOptions,
): Promise<number> {
  const countOptions: ChatCountOptions = {
    ...options,
    skipImages: options.skipImages || options.preCost === PRE_COST_SKIP_IMAGES,
  };
  const messageShaped =
    operation === 'chat' ||
    operation === 'responses' ||
    operation === 'claude-messages' ||
    operation === 'gemini-generate';
  if (messageShaped && options.preCost === PRE_COST_NONE) return 0;
  switch (operation) {
    case 'chat':
      return (
        (await countChatPromptTokens(model, body.messages, countOptions)) +
        (await countToolTokens(model, body, options))
      );
    case 'responses':
      return estimateResponsesTokens(model, body, countOptions);
    case 'completions':
      return countInputTokens(model, body.prompt, options);
    case 'embeddings':
    case 'moderations':
      return countInputTokens(model, body.input, options);
    case 'images':
    case 'image-edits':
    case 'image-variations':
      // Edits and variations are priced like generations: per image by model, size and quality.
      return estimateImageGenerationTokens(model, body);
    case 'speech':
      // tts is priced per character: the prompt is the input's UTF-8 byte length, not tokens.
      return typeof body.input === 'string' ? Buffer.byteLength(body.input, 'utf8') : 0;
    case 'transcription':
    case 'translation':
      // Billed on the returned text's tokens once the reply is in.
      return 0;
    case 'mj-submit':
      // A task is priced per call: one "token" (spec §9.7, MJ pre-consumes with promptTokens 1).
      return 1;
    case 'task-submit':
      // Suno and Kling pre-consume with promptTokens 1000 (spec §9.7); their times price ignores it.
      return 1000;
    case 'rerank':
      return options.preCost === PRE_COST_NONE ? 0 : estimateRerankTokens(model, body, options);
    case 'claude-messages':
      return estimateClaudeMessagesTokens(model, body, options);
    case 'gemini-generate':
      return estimateGeminiGenerateTokens(model, body, options);
  }
}
