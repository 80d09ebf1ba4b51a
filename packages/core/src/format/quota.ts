import { DEFAULT_QUOTA_PER_UNIT, moneyFromQuota } from '../money/decimal.js';

/** Settings that decide how quota is shown (site info: display_in_currency, quota_per_unit). */
export interface QuotaDisplay {
  displayInCurrency: boolean;
  quotaPerUnit: number;
}

export const DEFAULT_QUOTA_DISPLAY: QuotaDisplay = {
  displayInCurrency: true,
  quotaPerUnit: DEFAULT_QUOTA_PER_UNIT,
};

/** The quota display a site asks for (`/api/status`); a missing or zero rate falls back to the default. */
export function quotaDisplayFromStatus(status: {
  display_in_currency?: boolean;
  quota_per_unit?: number;
}): QuotaDisplay {
  return {
    displayInCurrency: status.display_in_currency ?? DEFAULT_QUOTA_DISPLAY.displayInCurrency,
    quotaPerUnit: status.quota_per_unit || DEFAULT_QUOTA_DISPLAY.quotaPerUnit,
  };
}

/** Shortens a number: ≥1e9 → B, ≥1e6 → M, ≥1e4 → k, one decimal; smaller numbers unchanged (spec §9). */
export function renderNumber(value: number): string {
  const abs = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (abs >= 1e9) return `${sign}${(abs / 1e9).toFixed(1)}B`;
  if (abs >= 1e6) return `${sign}${(abs / 1e6).toFixed(1)}M`;
  if (abs >= 1e4) return `${sign}${(abs / 1e3).toFixed(1)}k`;
  return String(value);
}

/** Shows quota as `$x.xx` (currency mode) or as a shortened point count (spec §9). */
export function renderQuota(
  quota: number,
  display: QuotaDisplay = DEFAULT_QUOTA_DISPLAY,
  digits = 2,
): string {
  if (display.displayInCurrency) {
    const amount = moneyFromQuota(Math.abs(quota), display.quotaPerUnit, digits);
    return quota < 0 ? `-$${amount}` : `$${amount}`;
  }
  return renderNumber(quota);
}

/** Adds thousands separators: 1234567 → "1,234,567". */
export function thousands(value: number): string {
  return value.toLocaleString('en-US');
}
