import { DEFAULT_QUOTA_DISPLAY, parseQuotaInput } from '@gw/core';
import { CliError } from '../output/cli-error.js';

/**
 * Reads a quota typed for `flag` with core's reading of amounts (`500000` points, `$1.50`, `-$1`,
 * `2500000 points`): a bare number is points on the command line. The sign is kept, so the form's
 * schema (not this) says whether a negative value is allowed there.
 */
export function parseQuotaText(text: string, flag: string): number {
  const read = parseQuotaInput(text, { display: DEFAULT_QUOTA_DISPLAY, plain: 'points', signed: true });
  if (read.ok) return read.points;
  throw new CliError('usage', read.key, { ...read.params, field: flag });
}
