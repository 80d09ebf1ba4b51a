import { Decimal } from 'decimal.js';

/** Decimal maths for prices and discounts: precision 20, round half up (spec §9). */
export const Money = Decimal.clone({ precision: 20, rounding: Decimal.ROUND_HALF_UP });
export type MoneyValue = InstanceType<typeof Money>;

/** Default quota points per US dollar: one point is $0.000002 (spec §9). */
export const DEFAULT_QUOTA_PER_UNIT = 500_000;
/** The smallest charge, in points. */
export const MIN_CHARGE_POINTS = 1;

/** Converts a dollar amount to whole quota points (the console's renderQuotaByMoney). */
export function quotaFromMoney(amount: number | string, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT): number {
  return new Money(amount).times(quotaPerUnit).toDecimalPlaces(0, Money.ROUND_HALF_UP).toNumber();
}

/** Converts quota points to dollars as a decimal string with `digits` decimals. */
export function moneyFromQuota(quota: number, quotaPerUnit = DEFAULT_QUOTA_PER_UNIT, digits = 2): string {
  return new Money(quota).dividedBy(quotaPerUnit || DEFAULT_QUOTA_PER_UNIT).toFixed(digits);
}
