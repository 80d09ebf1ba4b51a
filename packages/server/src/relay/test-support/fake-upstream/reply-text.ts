/**
 * Deterministic text and token arithmetic shared by every fake vendor, so billing tests can
 * predict the usage a fake upstream reports without parsing its replies.
 */

/** The reply every fake upstream gives, whatever the prompt. */
export const FAKE_REPLY_TEXT = 'Hello from the fake upstream';

/** The reply cut into stream pieces: one word per chunk, the later ones with their leading space. */
export const FAKE_REPLY_PIECES: readonly string[] = FAKE_REPLY_TEXT.split(' ').map((word, index) =>
  index === 0 ? word : ` ${word}`,
);

/** Number of whitespace-separated words in a text: the fake's token count. */
export function countFakeTokens(text: string): number {
  const trimmed = text.trim();
  return trimmed === '' ? 0 : trimmed.split(/\s+/).length;
}

/** Completion tokens of the fixed reply. */
export const FAKE_COMPLETION_TOKENS = countFakeTokens(FAKE_REPLY_TEXT);

/** Collects the text of a message content: a string, or parts carrying `text` (OpenAI, Claude, Gemini). */
export function textOfContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) =>
      part && typeof part === 'object' && typeof (part as { text?: unknown }).text === 'string'
        ? (part as { text: string }).text
        : '',
    )
    .join(' ');
}

/** Words in a list of messages whose text sits in `field` (`content` for OpenAI/Claude, `parts` for Gemini). */
export function countMessageTokens(messages: unknown, field: 'content' | 'parts'): number {
  if (!Array.isArray(messages)) return 0;
  return messages.reduce<number>((sum, message) => {
    const content = message && typeof message === 'object' ? (message as Record<string, unknown>)[field] : '';
    return sum + countFakeTokens(textOfContent(content));
  }, 0);
}

/** Formats one SSE frame, with an `event:` line when the vendor names its events (Claude). */
export function sseFrame(data: unknown, event?: string): string {
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ''}data: ${payload}\n\n`;
}
