import { describeError, GwApiError, type Translate } from '@gw/core';
import { CliError } from './cli-error.js';
import { exitCodeForError } from './exit-codes.js';

/** Hints printed under an error, by exit code: how to get past it. */
const HINTS: Record<number, string> = {
  2: 'cli.hints.usage',
  4: 'cli.hints.auth',
};

/** The stderr lines for a failure and the exit code to leave with (the one place errors are rendered). */
export function describeFailure(error: unknown, t: Translate): { lines: string[]; exitCode: number } {
  const exitCode = exitCodeForError(error);
  const lines: string[] = [];
  if (error instanceof CliError) {
    lines.push(t(error.messageKey, error.params), ...error.details.map((detail) => `  ${detail}`));
  } else if (error instanceof GwApiError) {
    const notice = describeError(error);
    lines.push(t(notice.key, notice.params));
    for (const field of error.fields) lines.push(`  ${field.field}: ${field.message}`);
  } else {
    const notice = describeError(error);
    lines.push(t(notice.key, notice.params));
  }
  // A wrong password is already the answer to "how do I sign in"; repeating the hint would mislead.
  const wrongPassword = error instanceof GwApiError && error.code === 'BAD_CREDENTIALS';
  const hint = wrongPassword ? undefined : HINTS[exitCode];
  if (hint) lines.push(t(hint));
  return { lines, exitCode };
}
