// The site options the relay reads on every request, parsed once per change (behaviour spec §1.3).
import { DEFAULT_LANGUAGE, type Language, normalizeLanguage, optionDefault } from '@gw/core';
import type { OptionStore } from '../../shared/context.js';
import type { ProviderSettings } from '../providers/provider.js';
import type { SafetyOptions } from './content-safety.js';

export interface RelayOptions {
  /** The site language: relay error messages are written in it. */
  language: Language;
  quotaPerUnit: number;
  /** DisplayInCurrencyEnabled: balances shown in US dollars rather than points. */
  displayInCurrency: boolean;
  preConsumedQuota: number;
  quotaRemindThreshold: number;
  retryTimes: number;
  retryCooldownSeconds: number;
  retryTimeoutSeconds: number;
  approximateTokens: boolean;
  logConsume: boolean;
  autoDisable: boolean;
  autoEnable: boolean;
  /** Seconds; a channel test slower than this disables the channel (0 = never). */
  channelDisableThreshold: number;
  disableKeywords: readonly string[];
  claudeApiEnabled: boolean;
  geminiApiEnabled: boolean;
  providerSettings: ProviderSettings;
  /** InFlightQuotaCheckEnabled: count running requests against the balance (off = one-hub's rule). */
  inFlightCheck: boolean;
  /** InFlightCompletionTokens: completion tokens a stream is first counted at (and each growth adds). */
  inFlightCompletionTokens: number;
  /** InFlightMaxCompletionTokens: the completion limit sent with a non-streamed request that gave none. */
  inFlightMaxCompletionTokens: number;
  /** EnableSafe, SafeToolName, SafeKeyWords: the content check before a request goes upstream (§6 step 6). */
  safety: SafetyOptions;
}

const KEYS = [
  'QuotaPerUnit',
  'PreConsumedQuota',
  'QuotaRemindThreshold',
  'RetryTimes',
  'RetryCooldownSeconds',
  'RetryTimeOut',
  'ApproximateTokenEnabled',
  'LogConsumeEnabled',
  'AutomaticDisableChannelEnabled',
  'AutomaticEnableChannelEnabled',
  'ChannelDisableThreshold',
  'DisableChannelKeywords',
  'ClaudeAPIEnabled',
  'GeminiAPIEnabled',
  'ClaudeDefaultMaxTokens',
  'ClaudeBudgetTokensPercentage',
  'GeminiOpenThink',
  'Language',
  'DisplayInCurrencyEnabled',
  'InFlightQuotaCheckEnabled',
  'InFlightCompletionTokens',
  'InFlightMaxCompletionTokens',
  'EnableSafe',
  'SafeToolName',
  'SafeKeyWords',
] as const;

/** Reads the relay's options (stored value, else the registry default). */
export async function loadRelayOptions(store: OptionStore): Promise<RelayOptions> {
  const stored = await store.getMany(KEYS);
  const text = (key: (typeof KEYS)[number]) => stored.get(key) ?? optionDefault(key);
  const int = (key: (typeof KEYS)[number], fallback: number) => {
    const value = Number.parseInt(text(key), 10);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const decimal = (key: (typeof KEYS)[number], fallback: number) => {
    const value = Number(text(key));
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const bool = (key: (typeof KEYS)[number]) => text(key) === 'true';
  return {
    language: normalizeLanguage(stored.get('Language')) ?? DEFAULT_LANGUAGE,
    quotaPerUnit: int('QuotaPerUnit', 500_000) || 500_000,
    displayInCurrency: bool('DisplayInCurrencyEnabled'),
    preConsumedQuota: int('PreConsumedQuota', 500),
    quotaRemindThreshold: int('QuotaRemindThreshold', 1000),
    retryTimes: int('RetryTimes', 0),
    retryCooldownSeconds: int('RetryCooldownSeconds', 5),
    retryTimeoutSeconds: int('RetryTimeOut', 10),
    approximateTokens: bool('ApproximateTokenEnabled'),
    logConsume: bool('LogConsumeEnabled'),
    autoDisable: bool('AutomaticDisableChannelEnabled'),
    autoEnable: bool('AutomaticEnableChannelEnabled'),
    channelDisableThreshold: decimal('ChannelDisableThreshold', 5),
    disableKeywords: lines(text('DisableChannelKeywords')),
    claudeApiEnabled: bool('ClaudeAPIEnabled'),
    geminiApiEnabled: bool('GeminiAPIEnabled'),
    inFlightCheck: bool('InFlightQuotaCheckEnabled'),
    inFlightCompletionTokens: int('InFlightCompletionTokens', 4096),
    inFlightMaxCompletionTokens: int('InFlightMaxCompletionTokens', 16384) || 16384,
    safety: {
      enabled: bool('EnableSafe'),
      tool: text('SafeToolName'),
      keywords: lines(text('SafeKeyWords')),
    },
    providerSettings: {
      claudeDefaultMaxTokens: jsonRecord(text('ClaudeDefaultMaxTokens'), (v) =>
        typeof v === 'number' && v > 0 ? Math.floor(v) : undefined,
      ),
      claudeBudgetTokensPercentage: decimal('ClaudeBudgetTokensPercentage', 0.8),
      geminiOpenThink: jsonRecord(text('GeminiOpenThink'), (v) => (typeof v === 'boolean' ? v : undefined)),
    },
  };
}

/** A newline list: each line trimmed, blank lines dropped. */
function lines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function jsonRecord<T>(text: string, read: (value: unknown) => T | undefined): Record<string, T> {
  const out: Record<string, T> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
    for (const [key, value] of Object.entries(parsed)) {
      const item = read(value);
      if (item !== undefined) out[key] = item;
    }
  } catch {
    // an unreadable stored value falls back to no entries; the option screen validates on save
  }
  return out;
}
