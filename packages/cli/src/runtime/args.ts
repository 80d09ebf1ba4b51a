import { fieldErrorsFromZod } from '@gw/core';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from './context.js';

type SchemaError = Parameters<typeof fieldErrorsFromZod>[0];

/** The part of a zod schema the CLI needs: safeParse. */
export interface ParsingSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: SchemaError };
}

/**
 * Validates input with a core schema. On failure every field becomes one translated line naming the
 * flag the user typed (`--quota cannot be below 0`), and the command stops with exit 2.
 */
export function parseWithSchema<T>(
  ctx: CliContext,
  schema: ParsingSchema<T>,
  input: unknown,
  flagNames: Record<string, string> = {},
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = fieldErrorsFromZod(result.error).map((issue) =>
    ctx.t(issue.key, { ...issue.params, field: flagNames[issue.field] ?? issue.field }),
  );
  throw new CliError('usage', 'cli.errors.invalid_input', {}, details);
}

/** Parses a whole number flag or argument; `min` and `max` bound it; anything else is a usage error. */
export function parseInteger(text: string, name: string, min = 1, max = Number.MAX_SAFE_INTEGER): number {
  const value = /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new CliError('usage', 'cli.errors.bad_integer', { name, value: text, min, max });
  }
  return value;
}
