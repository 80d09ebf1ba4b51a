// Prompt estimates for the native Anthropic Messages and Gemini generateContent bodies (behaviour spec §9.7):
// a flat overhead per message, the message text encoded once, and a flat cost per non-text part because
// those bodies carry images and documents inline and are not sized here.
import { type CountOptions, countTextTokensOffLoop } from './text-tokens.js';

const PER_MESSAGE_TOKENS = 4;
const CLAUDE_NON_TEXT_BLOCK_TOKENS = 50;
const GEMINI_INLINE_DATA_TOKENS = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Tool definitions are sent to the model as prompt text: their JSON counts like any other text. */
export function toolDefinitionsText(tools: unknown): string {
  return Array.isArray(tools) && tools.length > 0 ? JSON.stringify(tools) : '';
}

/** Claude: 4 per message, text blocks and the system prompt as text, +50 per other block (image, tool_use, …). */
export async function estimateClaudeMessagesTokens(
  model: string,
  body: Record<string, unknown>,
  options: CountOptions,
): Promise<number> {
  const pieces: string[] = [];
  let tokens = 0;
  const addBlocks = (content: unknown): void => {
    if (typeof content === 'string') {
      pieces.push(content);
      return;
    }
    for (const block of asArray(content)) {
      if (isRecord(block) && block.type === 'text' && typeof block.text === 'string') pieces.push(block.text);
      else tokens += CLAUDE_NON_TEXT_BLOCK_TOKENS;
    }
  };
  addBlocks(body.system);
  for (const message of asArray(body.messages)) {
    tokens += PER_MESSAGE_TOKENS;
    if (isRecord(message)) addBlocks(message.content);
  }
  const tools = toolDefinitionsText(body.tools);
  if (tools !== '') pieces.push(tools);
  return tokens + (await countTextTokensOffLoop(model, pieces.join('\n'), options));
}

/** Gemini: 4 per content, text parts (and the system instruction) as text, +200 per inline_data part. */
export async function estimateGeminiGenerateTokens(
  model: string,
  body: Record<string, unknown>,
  options: CountOptions,
): Promise<number> {
  const pieces: string[] = [];
  let tokens = 0;
  const addParts = (content: unknown): void => {
    if (!isRecord(content)) return;
    for (const part of asArray(content.parts)) {
      if (!isRecord(part)) continue;
      if (typeof part.text === 'string') pieces.push(part.text);
      // The REST API accepts both spellings.
      if (part.inline_data !== undefined || part.inlineData !== undefined)
        tokens += GEMINI_INLINE_DATA_TOKENS;
    }
  };
  addParts(body.system_instruction ?? body.systemInstruction);
  for (const content of asArray(body.contents)) {
    tokens += PER_MESSAGE_TOKENS;
    addParts(content);
  }
  const tools = toolDefinitionsText(body.tools);
  if (tools !== '') pieces.push(tools);
  return tokens + (await countTextTokensOffLoop(model, pieces.join('\n'), options));
}
