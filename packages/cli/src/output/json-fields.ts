import { Option } from 'commander';
import { CliError } from './cli-error.js';
import type { CliContext } from '../runtime/context.js';

/** What `--json` asked for: everything, or the named fields only. */
export type JsonRequest = { fields: readonly string[] | 'all' } | undefined;

/** The `--json [fields]` option: no value prints every field, `--json id,name` picks some (gh's form). */
export function jsonOption(ctx: CliContext): Option {
  return new Option('--json [fields]', ctx.t('cli.flags.json_fields'));
}

/** Reads the `--json` option's value. */
export function jsonRequest(value: unknown): JsonRequest {
  if (value === undefined || value === false) return undefined;
  if (value === true) return { fields: 'all' };
  const fields = String(value)
    .split(',')
    .map((field) => field.trim())
    .filter((field) => field !== '');
  return { fields: fields.length ? fields : 'all' };
}

/**
 * Checks the picked fields against those a record has (the core schema's keys), so a typo is a usage
 * error that lists them rather than a silently empty column.
 */
export function checkJsonFields(request: JsonRequest, available: readonly string[]): void {
  if (!request || request.fields === 'all' || available.length === 0) return;
  const unknown = request.fields.filter((field) => !available.includes(field));
  if (unknown.length > 0) {
    throw new CliError('usage', 'cli.errors.bad_json_field', {
      fields: unknown.join(', '),
      available: [...available].sort().join(', '),
    });
  }
}

/** A record with only the picked fields, in the order asked. */
export function pickJson(value: unknown, request: JsonRequest): unknown {
  if (!request || request.fields === 'all' || !value || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  return Object.fromEntries(request.fields.map((field) => [field, record[field] ?? null]));
}
