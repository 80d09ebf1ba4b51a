import { fieldErrorsFromZod } from '@gw/core';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from '../runtime/context.js';

type SchemaError = Parameters<typeof fieldErrorsFromZod>[0];

/** The part of a zod schema the CLI needs: safeParse. */
export interface ParsingSchema<T> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: SchemaError };
}

/** The flag a field path stands for: `models.0` is `--models`; an unknown field keeps its name. */
export function flagForPath(path: string, flagNames: Readonly<Record<string, string>>): string {
  return flagNames[path] ?? flagNames[path.split('.')[0] ?? ''] ?? path;
}

/** Per-field refusals (i18n keys by field name) as one usage error naming the flags. */
export function refusalError(
  ctx: CliContext,
  refusals: Partial<Record<string, string>>,
  flagNames: Readonly<Record<string, string>>,
): CliError | undefined {
  const entries = Object.entries(refusals).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return undefined;
  const details = entries.map(([field, key]) => {
    const flag = flagForPath(field, flagNames);
    return `${flag}: ${ctx.t(key, { field: flag })}`;
  });
  return new CliError('usage', 'cli.errors.invalid_input', {}, details);
}

/**
 * Validates input with a core schema. On failure every field becomes one translated line naming the
 * flag the user typed (`--quota cannot be below 0`), and the command stops with exit 2.
 */
export function parseWithSchema<T>(
  ctx: CliContext,
  schema: ParsingSchema<T>,
  input: unknown,
  flagNames: Readonly<Record<string, string>> = {},
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const details = fieldErrorsFromZod(result.error).map((issue) => {
    const flag = flagForPath(issue.field, flagNames);
    const message = ctx.t(issue.key, { ...issue.params, field: flag });
    // Messages that do not name their field (a resource's own wording) get the flag in front.
    return message.includes(flag) ? message : `${flag}: ${message}`;
  });
  throw new CliError('usage', 'cli.errors.invalid_input', {}, details);
}
