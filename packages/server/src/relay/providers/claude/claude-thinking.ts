// max_tokens and extended thinking for a translated chat call (spec §19 row "claude"). The budget is
// requested by an explicit `thinking.budget_tokens` or `reasoning.max_tokens` (kept ≤ max_tokens), by
// `reasoning_effort` low/medium/high (0.2/0.5/0.8 of max_tokens), or by a bare `thinking` request (the
// ClaudeBudgetTokensPercentage share); it is never under 1024, and when max_tokens ≤ budget max_tokens
// becomes 1280.
import type { ProviderSettings } from '../provider.js';
import { fieldOf } from './claude-wire.js';

/** The smallest thinking budget Anthropic accepts. */
export const MIN_THINKING_BUDGET = 1024;
/** The max_tokens a call falls back to when its budget would not fit (spec §19). */
export const THINKING_FALLBACK_MAX_TOKENS = 1280;
/** max_tokens when neither the client nor ClaudeDefaultMaxTokens says. */
export const CLAUDE_FALLBACK_MAX_TOKENS = 8192;

const EFFORT_SHARES: Readonly<Record<string, number>> = { low: 0.2, medium: 0.5, high: 0.8 };

export interface ClaudeTokenLimits {
  max_tokens: number;
  /** The `thinking` field to send, when thinking is on (or the client's own non-`enabled` form). */
  thinking?: Record<string, unknown>;
}

function positiveInteger(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : undefined;
}

/** The client's max_tokens, else the per-model default, else the site default, else 8192. */
export function claudeMaxTokens(
  body: Record<string, unknown>,
  model: string,
  settings: ProviderSettings,
): number {
  return (
    positiveInteger(body.max_tokens) ??
    positiveInteger(body.max_completion_tokens) ??
    positiveInteger(settings.claudeDefaultMaxTokens[model]) ??
    positiveInteger(settings.claudeDefaultMaxTokens.default) ??
    CLAUDE_FALLBACK_MAX_TOKENS
  );
}

/** Whether the `thinking` field asks for thinking: `true`, `"enabled"` or `{type:"enabled"}`. */
function thinkingRequested(thinking: unknown): boolean {
  return thinking === true || thinking === 'enabled' || fieldOf(thinking, 'type') === 'enabled';
}

/** The budget the client asked for before the floor: undefined when it asked for no thinking. */
function requestedBudget(body: Record<string, unknown>, maxTokens: number, settings: ProviderSettings) {
  const explicit =
    positiveInteger(fieldOf(body.thinking, 'budget_tokens')) ??
    positiveInteger(fieldOf(body.reasoning, 'max_tokens'));
  if (explicit !== undefined) return Math.min(explicit, maxTokens);
  const effort = body.reasoning_effort ?? fieldOf(body.reasoning, 'effort');
  const share = typeof effort === 'string' ? EFFORT_SHARES[effort] : undefined;
  if (share !== undefined) return Math.floor(maxTokens * share);
  if (thinkingRequested(body.thinking)) return Math.floor(maxTokens * settings.claudeBudgetTokensPercentage);
  return undefined;
}

/** Works out max_tokens and the thinking field of one translated chat call. */
export function claudeTokenLimits(
  body: Record<string, unknown>,
  model: string,
  settings: ProviderSettings,
): ClaudeTokenLimits {
  const maxTokens = claudeMaxTokens(body, model, settings);
  const requested = requestedBudget(body, maxTokens, settings);
  if (requested === undefined) {
    // A client-built `thinking` of another kind (disabled, adaptive, …) is Anthropic's own syntax: pass it on.
    const own = body.thinking;
    return own && typeof own === 'object' && !Array.isArray(own)
      ? { max_tokens: maxTokens, thinking: own as Record<string, unknown> }
      : { max_tokens: maxTokens };
  }
  const budget = Math.max(requested, MIN_THINKING_BUDGET);
  return {
    max_tokens: maxTokens <= budget ? THINKING_FALLBACK_MAX_TOKENS : maxTokens,
    thinking: { type: 'enabled', budget_tokens: budget },
  };
}
