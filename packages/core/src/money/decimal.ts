import { Decimal } from 'decimal.js';
import { DEFAULT_QUOTA_PER_UNIT } from './constants.js';

/** Decimal maths for prices and discounts: precision 20, round half up (spec §9). */
export const Money = /* @__PURE__ */ Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

export { DEFAULT_QUOTA_PER_UNIT, MIN_CHARGE_POINTS } from './constants.js';

/** Converts a dollar amount to whole quota points (the console's renderQuotaByMoney). */
export function quotaFromMoney(amount: number | string, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): number {
  return new Money(amount).times(quotaPerUnit).toDecimalPlaces(0, Money.ROUND_HALF_UP).toNumber();
}

/** Converts quota points to dollars as a decimal string with `digits` decimals. */
export function moneyFromQuota(quota: number, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT, digits = 2): string {
  return new Money(quota).dividedBy(quotaPerUnit || DEFAULT_QUOTA_PER_UNIT).toFixed(digits);
}
