import { DATE_TIME_FORMATS, parseTimestamp } from '@gw/core';
import { CliError } from '../output/cli-error.js';

/** A whole number typed for `flag`, between `min` and `max`; anything else is a usage error. */
export function parseIntegerText(
  text: string,
  flag: string,
  min = Number.MIN_SAFE_INTEGER,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const value = /^[+-]?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError('usage', 'cli.errors.bad_integer', { name: flag, value: text, min, max });
  }
  return value;
}

/** A decimal number typed for `flag` (`1`, `0.5`, `-2.25`). */
export function parseDecimalText(text: string, flag: string): number {
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(text.trim())) {
    throw new CliError('usage', 'cli.errors.bad_number', { flag, value: text });
  }
  return Number(text.trim());
}

/** A date and time typed for `flag`, as unix seconds; an impossible date names the accepted formats. */
export function parseDateTimeText(text: string, flag: string): number {
  const value = parseTimestamp(text);
  if (value === undefined) {
    throw new CliError('usage', 'validation.date_time_invalid', {
      field: flag,
      value: text,
      formats: DATE_TIME_FORMATS.join(', '),
    });
  }
  return value;
}

/** A list typed as `a,b` (or the flag repeated): trimmed, empty items dropped. */
export function parseListText(texts: readonly string[]): string[] {
  return texts
    .flatMap((text) => text.split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** `name=value` pairs (`a=1,b=2`), or a JSON object, as an object of strings. */
export function parsePairsText(text: string, flag: string): Record<string, string> {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
        return Object.fromEntries(Object.entries(parsed).map(([name, value]) => [name, String(value)]));
      }
    } catch {
      // reported below
    }
    throw new CliError('usage', 'cli.errors.bad_pairs', { flag, value: text });
  }
  const pairs: Record<string, string> = {};
  for (const item of parseListText([trimmed])) {
    const at = item.indexOf('=');
    if (at <= 0) throw new CliError('usage', 'cli.errors.bad_pairs', { flag, value: text });
    pairs[item.slice(0, at).trim()] = item.slice(at + 1).trim();
  }
  return pairs;
}
