// OpenRouter's provider-routing plugin: one routing object for all models, or one per model vendor.
import { describe, expect, it } from 'vitest';
import type { ProviderCall } from '../provider.js';
import { readOpenRouterBalance, withProviderRouting } from './openrouter-provider.js';

const callWith = (
  plugin: ProviderCall['channel']['plugin'],
  model = 'anthropic/claude-3.5-haiku',
): ProviderCall => ({
  operation: 'chat',
  channel: { id: 1, type: 20, name: 'or', key: 'k', baseUrl: '', other: '', headers: {}, plugin },
  model,
  body: {},
  stream: false,
  includeUsage: false,
  clientHeaders: {},
  settings: { claudeDefaultMaxTokens: {}, claudeBudgetTokensPercentage: 0.8, geminiOpenThink: {} },
});

describe('withProviderRouting', () => {
  it('sends a single routing object for every model', () => {
    const routing = { order: ['Together'], allow_fallbacks: false };
    const plugin = { provider: { provider: JSON.stringify(routing) } };
    expect(withProviderRouting({ model: 'x' }, callWith(plugin, 'meta-llama/llama-3'))).toEqual({
      model: 'x',
      provider: routing,
    });
  });

  it('picks the entry of the model vendor, and nothing for another vendor', () => {
    const plugin = { other: { provider: JSON.stringify({ anthropic: { order: ['Anthropic'] } }) } };
    expect(withProviderRouting({}, callWith(plugin))).toEqual({ provider: { order: ['Anthropic'] } });
    expect(withProviderRouting({}, callWith(plugin, 'openai/gpt-4o'))).toEqual({});
  });

  it('keeps the body when the plugin is empty, not JSON, or the client set provider itself', () => {
    expect(withProviderRouting({}, callWith({}))).toEqual({});
    expect(withProviderRouting({}, callWith({ provider: { provider: '{oops' } }))).toEqual({});
    const own = { provider: { order: ['Mine'] } };
    expect(withProviderRouting(own, callWith({ provider: { provider: '{"order":["X"]}' } }))).toBe(own);
  });
});

describe('readOpenRouterBalance', () => {
  it('is credits minus usage, undefined without both', () => {
    expect(readOpenRouterBalance({ data: { total_credits: 20, total_usage: 4.25 } })).toBe(15.75);
    expect(readOpenRouterBalance({ data: { total_credits: 20 } })).toBeUndefined();
  });
});
