// Reading a quota amount as a person types it, once for every face (issue 11: the TUI took points only
// while the CLI took `$5`). `$5` is dollars, `¥35` yuan at the site's USD rate, `2500000 points` points,
// and a bare number is in the site's display unit (dollars when it shows money) or points, as the face
// says. The answer is whole points or an i18n key saying what is wrong.
import type { QuotaDisplay } from '../format/quota.js';
import { Money } from './decimal.js';

/** How a typed quota amount is read. */
export interface QuotaInputUnit {
  /** The site's quota display (`display_in_currency`, `quota_per_unit`). */
  display: QuotaDisplay;
  /**
   * What a bare number means: `display` — the site's display unit (dollars when it shows money,
   * points otherwise; what a console form shows), or `points` always (a CLI flag).
   */
  plain: 'display' | 'points';
  /** Yuan per US dollar (the site's `PaymentUSDRate`); a `¥` amount needs it. */
  usdRate?: number;
  /** Whether a negative amount is allowed (a quota change that deducts); refused otherwise. */
  signed?: boolean;
}

/** Whole points, or why the text is not an amount (an i18n key of `money.input`, with parameters). */
export type QuotaInputResult =
  | { ok: true; points: number }
  | { ok: false; key: string; params: Record<string, unknown> };

const AMOUNT = /^(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?$|^\.\d+$/;
const POINT_WORDS = /\s*(points?|pts?)$/i;
const DOLLAR = /^(US\$|\$)/i;
const YUAN = /^(CN¥|¥|￥|RMB\s*)/i;

const refuse = (reason: string, params: Record<string, unknown> = {}): QuotaInputResult => ({
  ok: false,
  key: `money.input.${reason}`,
  params,
});

/** What the text is in: dollars, yuan or points, and the number left once the unit is read off. */
function readUnit(text: string, plain: 'money' | 'points'): { unit: 'usd' | 'cny' | 'points'; rest: string } {
  if (POINT_WORDS.test(text)) return { unit: 'points', rest: text.replace(POINT_WORDS, '') };
  if (DOLLAR.test(text)) return { unit: 'usd', rest: text.replace(DOLLAR, '') };
  if (/USD$/i.test(text)) return { unit: 'usd', rest: text.replace(/\s*USD$/i, '') };
  if (YUAN.test(text)) return { unit: 'cny', rest: text.replace(YUAN, '') };
  if (/(CNY|RMB|元)$/i.test(text)) return { unit: 'cny', rest: text.replace(/\s*(CNY|RMB|元)$/i, '') };
  return { unit: plain === 'money' ? 'usd' : 'points', rest: text };
}

/**
 * Reads a typed quota amount (`$5`, `¥35`, `2500000 points`, `5`) as whole points. Money is rounded
 * half up to the nearest point; points must be whole; a minus sign is refused unless `signed`.
 */
export function parseQuotaInput(text: string, unit: QuotaInputUnit): QuotaInputResult {
  let raw = text.trim().replace(/\s+/g, ' ');
  if (raw === '') return refuse('required');
  // The sign may stand before or after the currency symbol: -$5 and $-5 both deduct five dollars.
  let negative = false;
  if (/^[-+]/.test(raw)) {
    negative = raw.startsWith('-');
    raw = raw.slice(1).trim();
  }
  const plain = unit.plain === 'display' && unit.display.displayInCurrency ? 'money' : 'points';
  const read = readUnit(raw, plain);
  let rest = read.rest.trim();
  if (/^[-+]/.test(rest)) {
    if (/^[-+]/.test(text.trim())) return refuse('invalid', { text });
    negative = rest.startsWith('-');
    rest = rest.slice(1).trim();
  }
  if (!AMOUNT.test(rest)) return refuse('invalid', { text });
  if (negative && !unit.signed) return refuse('negative', { text });
  const amount = new Money(rest.replace(/,/g, ''));
  let points: InstanceType<typeof Money>;
  if (read.unit === 'points') {
    if (!amount.isInteger()) return refuse('whole_points', { text });
    points = amount;
  } else {
    let dollars = amount;
    if (read.unit === 'cny') {
      if (!unit.usdRate || unit.usdRate <= 0) return refuse('no_rate', { text });
      dollars = amount.dividedBy(unit.usdRate);
    }
    points = dollars.times(unit.display.quotaPerUnit).toDecimalPlaces(0, Money.ROUND_HALF_UP);
    if (points.isZero() && !amount.isZero()) return refuse('below_point', { text });
  }
  if (points.greaterThan(Number.MAX_SAFE_INTEGER)) return refuse('too_large', { text });
  const value = points.toNumber();
  return { ok: true, points: negative && value !== 0 ? -value : value };
}

/**
 * Points as a console form shows them for editing: `$2.5` when the site shows money (so the unit is
 * plain and `¥` or `points` may be typed instead), the bare count otherwise.
 */
export function formatQuotaInput(points: number, display: QuotaDisplay): string {
  if (!display.displayInCurrency) return String(points);
  const dollars = new Money(Math.abs(points)).dividedBy(display.quotaPerUnit).toString();
  return `${points < 0 ? '-' : ''}$${dollars}`;
}
