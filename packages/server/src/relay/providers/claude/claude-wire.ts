// The Anthropic Messages wire shapes the Claude provider reads and writes (only the fields it touches).

/** One content block of an Anthropic message (request or reply). */
export interface ClaudeBlock {
  type: string;
  text?: string;
  thinking?: string;
  id?: string;
  name?: string;
  input?: unknown;
  tool_use_id?: string;
  content?: unknown;
  source?: Record<string, unknown>;
  cache_control?: unknown;
  [field: string]: unknown;
}

export interface ClaudeMessage {
  role: 'user' | 'assistant';
  content: ClaudeBlock[];
}

/** Anthropic `usage` (reply, `message_start.message.usage`, `message_delta.usage`). */
export interface ClaudeUsage {
  input_tokens?: number;
  output_tokens?: number;
  cache_creation_input_tokens?: number;
  cache_read_input_tokens?: number;
}

/** A non-stream Messages reply. */
export interface ClaudeReply {
  id?: string;
  type?: string;
  role?: string;
  model?: string;
  content?: ClaudeBlock[];
  stop_reason?: string | null;
  usage?: ClaudeUsage;
  error?: { type?: string; message?: string };
}

/** The data of one Messages stream event. */
export interface ClaudeStreamEvent {
  type?: string;
  index?: number;
  message?: ClaudeReply;
  content_block?: ClaudeBlock;
  delta?: {
    type?: string;
    text?: string;
    thinking?: string;
    partial_json?: string;
    stop_reason?: string | null;
  };
  usage?: ClaudeUsage;
  error?: { type?: string; message?: string };
}

/** Reads a field of a JSON object, undefined for anything else. */
export function fieldOf(value: unknown, field: string): unknown {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[field]
    : undefined;
}

/** Parses an SSE data line as a JSON object; undefined when it is not one. */
export function parseEventData<T>(data: string): T | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed && typeof parsed === 'object' ? (parsed as T) : undefined;
  } catch {
    return undefined;
  }
}
