import { describe, expect, it } from 'vitest';
import { CliError } from '../output/cli-error.js';
import { parseFilterTime } from '../resource/filter-flags.js';
import { parseQuotaText } from './quota.js';
import { parseDateTimeText, parseIntegerText, parseListText, parsePairsText } from './values.js';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof CliError ? [error.kind, error.messageKey] : ['other', String(error)];
  }
  return undefined;
};

describe('typed values', () => {
  it('reads a quota as points or dollars with its sign, and names the formats for anything else', () => {
    expect(parseQuotaText('500000', '--quota')).toBe(500_000);
    expect(parseQuotaText('+10', '--quota')).toBe(10);
    expect(parseQuotaText('-10', '--quota')).toBe(-10);
    expect(parseQuotaText('$1.50', '--quota')).toBe(750_000);
    expect(parseQuotaText('$-1', '--quota')).toBe(-500_000);
    expect(parseQuotaText('-$1', '--quota')).toBe(-500_000);
    expect(parseQuotaText('2500000 points', '--quota')).toBe(2_500_000);
    expect(refusal(() => parseQuotaText('$x', '--quota'))).toEqual(['usage', 'money.input.invalid']);
    expect(refusal(() => parseQuotaText('1.5', '--quota'))).toEqual(['usage', 'money.input.whole_points']);
  });

  it('refuses an impossible date with the accepted formats, and reads ages for filters', () => {
    expect(refusal(() => parseDateTimeText('2027-02-30 00:00:00', '--expires'))).toEqual([
      'usage',
      'validation.date_time_invalid',
    ]);
    expect(parseDateTimeText('2027-02-28', '--expires')).toBe(new Date(2027, 1, 28).getTime() / 1000);
    expect(parseFilterTime('24h', '--since', 1_000_000)).toBe(1_000_000 - 86_400);
    expect(parseFilterTime('7d', '--since', 1_000_000)).toBe(1_000_000 - 7 * 86_400);
  });

  it('reads integers in bounds, lists and name=value pairs', () => {
    expect(parseIntegerText('12', '--page', 1)).toBe(12);
    expect(refusal(() => parseIntegerText('0', '--page', 1))).toEqual(['usage', 'cli.errors.bad_integer']);
    expect(parseListText(['a, b', 'c,', ''])).toEqual(['a', 'b', 'c']);
    expect(parsePairsText('gpt-4=gpt-4o, x = y', '--model-mapping')).toEqual({ 'gpt-4': 'gpt-4o', x: 'y' });
    expect(parsePairsText('{"a": 1}', '--x')).toEqual({ a: '1' });
    expect(refusal(() => parsePairsText('novalue', '--x'))).toEqual(['usage', 'cli.errors.bad_pairs']);
  });
});
