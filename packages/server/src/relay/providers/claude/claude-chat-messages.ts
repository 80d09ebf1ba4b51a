// OpenAI chat messages → Anthropic `system` and `messages`: system (and developer) messages become the
// system prompt, assistant `tool_calls` become tool_use blocks, `tool` messages tool_result blocks in a user
// turn, and consecutive turns of one role are merged (Anthropic wants user and assistant to alternate, and
// all results of one assistant turn's tool calls in the next user turn).
import { contentBlocks, contentText } from './claude-content.js';
import { invalidFieldFailure } from './claude-request-error.js';
import type { ClaudeBlock, ClaudeMessage } from './claude-wire.js';
import { fieldOf } from './claude-wire.js';

/** The translated conversation. `system` is a string, or blocks when one of them carries cache_control. */
export interface ClaudeConversation {
  system?: string | ClaudeBlock[];
  messages: ClaudeMessage[];
}

function toolUseBlock(call: unknown, field: string): ClaudeBlock {
  const fn = fieldOf(call, 'function');
  const name = fieldOf(fn, 'name');
  if (typeof name !== 'string' || name === '') throw invalidFieldFailure(`${field}.function.name`);
  const args = fieldOf(fn, 'arguments');
  let input: unknown = {};
  if (typeof args === 'string' && args.trim() !== '') {
    try {
      input = JSON.parse(args);
    } catch {
      throw invalidFieldFailure(`${field}.function.arguments`);
    }
  } else if (args && typeof args === 'object') {
    input = args;
  }
  const id = fieldOf(call, 'id');
  return { type: 'tool_use', id: typeof id === 'string' ? id : '', name, input };
}

function toolResultBlock(message: unknown): ClaudeBlock {
  const id = fieldOf(message, 'tool_call_id');
  const content = fieldOf(message, 'content');
  return {
    type: 'tool_result',
    tool_use_id: typeof id === 'string' ? id : '',
    content: Array.isArray(content) ? contentBlocks(content, 'tool_result') : contentText(content),
  };
}

/** A message-level cache_control (some clients put it there) marks the message's last block. */
function markLastBlock(blocks: ClaudeBlock[], message: unknown): ClaudeBlock[] {
  const cacheControl = fieldOf(message, 'cache_control');
  const last = blocks.at(-1);
  if (cacheControl === undefined || !last) return blocks;
  return [...blocks.slice(0, -1), { ...last, cache_control: cacheControl }];
}

function messageBlocks(message: unknown, role: string, field: string): ClaudeBlock[] {
  if (role === 'tool') return [toolResultBlock(message)];
  const blocks = contentBlocks(fieldOf(message, 'content'), `${field}.content`);
  const toolCalls = fieldOf(message, 'tool_calls');
  if (role === 'assistant' && Array.isArray(toolCalls)) {
    toolCalls.forEach((call, index) => {
      blocks.push(toolUseBlock(call, `${field}.tool_calls[${index}]`));
    });
  }
  return blocks;
}

function systemPrompt(blocks: ClaudeBlock[]): string | ClaudeBlock[] | undefined {
  if (blocks.length === 0) return undefined;
  if (blocks.some((block) => block.cache_control !== undefined)) return blocks;
  return blocks.map((block) => block.text ?? '').join('\n');
}

/** Translates the OpenAI `messages` array. */
export function claudeConversation(messages: unknown): ClaudeConversation {
  if (!Array.isArray(messages)) throw invalidFieldFailure('messages');
  const system: ClaudeBlock[] = [];
  const turns: ClaudeMessage[] = [];
  messages.forEach((message, index) => {
    const role = fieldOf(message, 'role');
    const field = `messages[${index}]`;
    if (role === 'system' || role === 'developer') {
      const blocks = contentBlocks(fieldOf(message, 'content'), `${field}.content`);
      system.push(...markLastBlock(blocks, message).filter((block) => block.type === 'text'));
      return;
    }
    if (role !== 'user' && role !== 'assistant' && role !== 'tool')
      throw invalidFieldFailure(`${field}.role`);
    const blocks = markLastBlock(messageBlocks(message, role, field), message);
    // Anthropic refuses empty turns; an empty message adds nothing to the conversation.
    if (blocks.length === 0) return;
    const claudeRole = role === 'assistant' ? 'assistant' : 'user';
    const previous = turns.at(-1);
    if (previous?.role === claudeRole) previous.content.push(...blocks);
    else turns.push({ role: claudeRole, content: blocks });
  });
  const prompt = systemPrompt(system);
  return prompt === undefined ? { messages: turns } : { system: prompt, messages: turns };
}
