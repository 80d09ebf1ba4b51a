// An OpenAI chat body → the Anthropic Messages body (spec §19 row "claude"): the conversation, tools and
// tool_choice, max_tokens and thinking, stop sequences, sampling and the end user. Fields Anthropic does
// not know are left out, since it refuses unknown fields.
import type { ProviderCall, ProviderSettings } from '../provider.js';
import { claudeConversation } from './claude-chat-messages.js';
import { invalidFieldFailure } from './claude-request-error.js';
import { claudeTokenLimits } from './claude-thinking.js';
import { fieldOf } from './claude-wire.js';

/** OpenAI `tools` (function tools) → Anthropic tools; cache_control is carried over. */
export function claudeTools(tools: unknown): Record<string, unknown>[] | undefined {
  if (!Array.isArray(tools) || tools.length === 0) return undefined;
  return tools.map((tool, index) => {
    const fn = fieldOf(tool, 'function');
    const name = fieldOf(fn, 'name');
    if (typeof name !== 'string' || name === '') throw invalidFieldFailure(`tools[${index}].function.name`);
    const description = fieldOf(fn, 'description');
    const cacheControl = fieldOf(tool, 'cache_control');
    return {
      name,
      ...(typeof description === 'string' ? { description } : {}),
      input_schema: fieldOf(fn, 'parameters') ?? { type: 'object', properties: {} },
      ...(cacheControl !== undefined ? { cache_control: cacheControl } : {}),
    };
  });
}

/** OpenAI `tool_choice` (+ `parallel_tool_calls: false`) → Anthropic `tool_choice`. */
export function claudeToolChoice(
  toolChoice: unknown,
  parallelToolCalls: unknown,
): Record<string, unknown> | undefined {
  let choice: Record<string, unknown> | undefined;
  if (toolChoice === 'auto') choice = { type: 'auto' };
  else if (toolChoice === 'required') choice = { type: 'any' };
  else if (toolChoice === 'none') choice = { type: 'none' };
  else {
    const name = fieldOf(fieldOf(toolChoice, 'function'), 'name');
    if (typeof name === 'string') choice = { type: 'tool', name };
  }
  if (parallelToolCalls === false) {
    choice = { ...(choice ?? { type: 'auto' }), disable_parallel_tool_use: true };
  }
  return choice;
}

function stopSequences(stop: unknown): string[] | undefined {
  if (typeof stop === 'string') return stop === '' ? undefined : [stop];
  if (!Array.isArray(stop)) return undefined;
  const sequences = stop.filter((item): item is string => typeof item === 'string' && item !== '');
  return sequences.length > 0 ? sequences : undefined;
}

/** Copies the listed fields that are numbers. */
function numbers(body: Record<string, unknown>, fields: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'number' && Number.isFinite(value)) out[field] = value;
  }
  return out;
}

/** Builds the Messages body of a chat call. Throws UpstreamFailure (400) for a body it cannot translate. */
export function claudeChatBody(
  body: Record<string, unknown>,
  model: string,
  stream: boolean,
  settings: ProviderSettings,
): Record<string, unknown> {
  const conversation = claudeConversation(body.messages);
  const limits = claudeTokenLimits(body, model, settings);
  const tools = claudeTools(body.tools);
  const toolChoice = tools ? claudeToolChoice(body.tool_choice, body.parallel_tool_calls) : undefined;
  const stop = stopSequences(body.stop);
  const user = body.user;
  return {
    model,
    ...(conversation.system !== undefined ? { system: conversation.system } : {}),
    messages: conversation.messages,
    max_tokens: limits.max_tokens,
    ...(limits.thinking ? { thinking: limits.thinking } : {}),
    ...numbers(body, ['temperature', 'top_p', 'top_k']),
    ...(stop ? { stop_sequences: stop } : {}),
    ...(tools ? { tools } : {}),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
    ...(typeof user === 'string' && user !== '' ? { metadata: { user_id: user } } : {}),
    ...(stream ? { stream: true } : {}),
  };
}

/** The chat body of a call (chat is always a JSON operation). */
export function chatBodyOf(call: ProviderCall): Record<string, unknown> {
  if (call.body instanceof FormData) throw invalidFieldFailure('body');
  return call.body;
}
