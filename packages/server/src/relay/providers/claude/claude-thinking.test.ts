import { describe, expect, it } from 'vitest';
import type { ProviderSettings } from '../provider.js';
import { claudeTokenLimits } from './claude-thinking.js';

const settings: ProviderSettings = {
  claudeDefaultMaxTokens: { default: 8192 },
  claudeBudgetTokensPercentage: 0.8,
  geminiOpenThink: {},
};
const limits = (body: Record<string, unknown>, overrides: Partial<ProviderSettings> = {}) =>
  claudeTokenLimits(body, 'claude-sonnet-4', { ...settings, ...overrides });

describe('claude thinking budget (spec §19)', () => {
  it('sends no thinking when none is asked for', () => {
    expect(limits({ max_tokens: 4000 })).toEqual({ max_tokens: 4000 });
  });

  it.each([
    ['low', 2000],
    ['medium', 5000],
    ['high', 8000],
  ])('reasoning_effort %s is that share of max_tokens', (effort, budget) => {
    expect(limits({ max_tokens: 10000, reasoning_effort: effort })).toEqual({
      max_tokens: 10000,
      thinking: { type: 'enabled', budget_tokens: budget },
    });
  });

  it('an effort given as reasoning.effort counts the same', () => {
    expect(limits({ max_tokens: 10000, reasoning: { effort: 'medium' } }).thinking).toEqual({
      type: 'enabled',
      budget_tokens: 5000,
    });
  });

  it('a bare thinking request takes ClaudeBudgetTokensPercentage of max_tokens', () => {
    expect(limits({ max_tokens: 10000, thinking: { type: 'enabled' } })).toEqual({
      max_tokens: 10000,
      thinking: { type: 'enabled', budget_tokens: 8000 },
    });
    expect(
      limits({ max_tokens: 10000, thinking: true }, { claudeBudgetTokensPercentage: 0.5 }).thinking,
    ).toEqual({
      type: 'enabled',
      budget_tokens: 5000,
    });
  });

  it('uses the default max_tokens for the share when the client gave none', () => {
    expect(limits({ thinking: true }, { claudeDefaultMaxTokens: { default: 20000 } })).toEqual({
      max_tokens: 20000,
      thinking: { type: 'enabled', budget_tokens: 16000 },
    });
  });

  it('takes reasoning.max_tokens or thinking.budget_tokens as the budget, kept at most max_tokens', () => {
    expect(limits({ max_tokens: 10000, reasoning: { max_tokens: 3000 } }).thinking).toEqual({
      type: 'enabled',
      budget_tokens: 3000,
    });
    expect(
      limits({ max_tokens: 10000, thinking: { type: 'enabled', budget_tokens: 6000 } }).thinking,
    ).toEqual({
      type: 'enabled',
      budget_tokens: 6000,
    });
  });

  it('never budgets under 1024', () => {
    expect(limits({ max_tokens: 2000, reasoning_effort: 'low' })).toEqual({
      max_tokens: 2000,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
  });

  it('sets max_tokens to 1280 when max_tokens is not above the budget', () => {
    // 0.8 × 1000 = 800 → floor 1024 ≥ 1000.
    expect(limits({ max_tokens: 1000, reasoning_effort: 'high' })).toEqual({
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    // A budget asked above max_tokens is cut to max_tokens, then max_tokens ≤ budget.
    expect(limits({ max_tokens: 1100, reasoning: { max_tokens: 5000 } })).toEqual({
      max_tokens: 1280,
      thinking: { type: 'enabled', budget_tokens: 1100 },
    });
  });

  it('passes Anthropic thinking forms it does not budget (disabled, adaptive) unchanged', () => {
    expect(limits({ max_tokens: 4000, thinking: { type: 'disabled' } })).toEqual({
      max_tokens: 4000,
      thinking: { type: 'disabled' },
    });
  });
});
