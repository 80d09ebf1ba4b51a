import { quotaFromMoney } from '@gw/core';
import { CliError } from '../output/cli-error.js';

/**
 * Reads a quota typed on the command line: whole points (`500000`, `-100`), or a dollar amount
 * (`$1.50`, `-$1`, `$-1`) turned into points. The sign is kept, so the schema (not this) says
 * whether a negative value is allowed there.
 */
export function parseQuotaText(text: string, flag: string): number {
  const trimmed = text.trim();
  const money = /^([+-]?)\$([+-]?)(\d+(?:\.\d+)?)$/.exec(trimmed);
  if (money) {
    const negative = (money[1] === '-') !== (money[2] === '-');
    const points = quotaFromMoney(money[3] ?? '0');
    return negative ? -points : points;
  }
  if (/^[+-]?\d+$/.test(trimmed) && Number.isSafeInteger(Number(trimmed))) return Number(trimmed);
  throw new CliError('usage', 'cli.errors.bad_quota', { flag, value: text });
}
