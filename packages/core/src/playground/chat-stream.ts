// Reading an OpenAI chat-completions stream (`stream: true`): server-sent events whose `data:` holds one
// `chat.completion.chunk` each, a usage chunk when `stream_options.include_usage` is set, an error
// object when the gateway or the upstream fails mid-way, and `[DONE]` at the end. The parser takes the
// body in arbitrary pieces (a line, even a character, may be split) — the web playground and the
// terminal console feed it what their transport delivers.

/** Token counts a stream's usage chunk reports. */
export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export type ChatStreamEvent =
  /** New text of the reply (and of the model's reasoning, for models that stream it apart). */
  | { type: 'delta'; content: string; reasoning: string }
  | { type: 'usage'; usage: ChatUsage }
  | { type: 'error'; message: string }
  | { type: 'done' };

const count = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.trunc(value) : 0;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The events one `data:` payload carries. */
function eventsOfData(data: string): ChatStreamEvent[] {
  if (data.trim() === '[DONE]') return [{ type: 'done' }];
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return [];
  }
  if (!chunk || typeof chunk !== 'object') return [];
  const { choices, usage, error } = chunk as { choices?: unknown; usage?: unknown; error?: unknown };
  const events: ChatStreamEvent[] = [];
  if (error && typeof error === 'object') {
    events.push({ type: 'error', message: text((error as { message?: unknown }).message) || 'error' });
  }
  const first = Array.isArray(choices) ? (choices[0] as { delta?: unknown } | undefined) : undefined;
  const delta =
    first?.delta && typeof first.delta === 'object' ? (first.delta as Record<string, unknown>) : {};
  const content = text(delta.content);
  const reasoning = text(delta.reasoning_content) || text(delta.reasoning);
  if (content || reasoning) events.push({ type: 'delta', content, reasoning });
  if (usage && typeof usage === 'object') {
    const counts = usage as Record<string, unknown>;
    const prompt = count(counts.prompt_tokens);
    const completion = count(counts.completion_tokens);
    events.push({
      type: 'usage',
      usage: {
        prompt_tokens: prompt,
        completion_tokens: completion,
        total_tokens: count(counts.total_tokens) || prompt + completion,
      },
    });
  }
  return events;
}

/**
 * A parser fed the stream's text as it arrives; each call answers the events it completed. Lines are
 * gathered per SSE event (a blank line ends one; several `data:` lines join with a newline), and
 * comments, `event:` and `id:` lines are skipped.
 */
export function createChatStreamParser(): {
  push(piece: string): ChatStreamEvent[];
  end(): ChatStreamEvent[];
} {
  let buffer = '';
  let data: string[] = [];
  const dispatch = (): ChatStreamEvent[] => {
    if (data.length === 0) return [];
    const payload = data.join('\n');
    data = [];
    return eventsOfData(payload);
  };
  const line = (raw: string): ChatStreamEvent[] => {
    const current = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (current === '') return dispatch();
    if (current.startsWith('data:')) {
      const value = current.slice('data:'.length);
      data.push(value.startsWith(' ') ? value.slice(1) : value);
    }
    return [];
  };
  return {
    push(piece) {
      buffer += piece;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      return lines.flatMap(line);
    },
    end() {
      const rest = buffer;
      buffer = '';
      return [...(rest ? line(rest) : []), ...dispatch()];
    },
  };
}
