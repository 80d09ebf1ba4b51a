// Reading Anthropic errors (spec §7.1): `{type:"error", error:{type, message}}` keeps Anthropic's message
// and its error type as both type and code; a body without a message becomes the message itself; an empty
// body the bad-status fallback. No "Provider API error: " prefix: §7.1 gives it to OpenAI-style providers,
// and one-hub's Claude provider passes Anthropic's message unchanged.
import type { UpstreamError } from '../provider.js';
import { parseUpstreamError } from '../shared/upstream-error.js';
import { fieldOf } from './claude-wire.js';

/** The error object of an Anthropic (or OpenAI-shaped, from proxies) error body, when it has a message. */
export function readClaudeError(body: unknown): { type: string; message: string } | undefined {
  const error = fieldOf(body, 'error');
  if (typeof error === 'string' && error !== '') return { type: 'api_error', message: error };
  const message = fieldOf(error, 'message');
  if (typeof message !== 'string' || message === '') return undefined;
  const type = fieldOf(error, 'type');
  return { type: typeof type === 'string' && type !== '' ? type : 'api_error', message };
}

/** An Anthropic error object → OpenAI error fields under an HTTP status. */
export function claudeUpstreamError(status: number, error: { type: string; message: string }): UpstreamError {
  return {
    // A saturated-group message from a gateway upstream keeps its meaning (spec §7.1 step 2).
    status: error.message.startsWith('当前分组') ? 429 : status,
    message: error.message,
    type: error.type,
    code: error.type,
    param: null,
  };
}

/** Parses an error reply (status ≥ 400) of the Anthropic API. */
export function parseClaudeError(status: number, bodyText: string): UpstreamError {
  return parseUpstreamError(status, bodyText, (parsed) => {
    const error = readClaudeError(parsed);
    return error ? claudeUpstreamError(status, error) : undefined;
  });
}
