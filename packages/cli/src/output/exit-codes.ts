import { GwApiError } from '@gw/core';
import { CliError, type CliErrorKind } from './cli-error.js';

/** The exit codes `gw` returns (peers-and-users §4.2), with the i18n key that explains each. */
export const EXIT_CODES = [
  { code: 0, key: 'cli.exit_codes.ok' },
  { code: 1, key: 'cli.exit_codes.failure' },
  { code: 2, key: 'cli.exit_codes.usage' },
  { code: 3, key: 'cli.exit_codes.cancelled' },
  { code: 4, key: 'cli.exit_codes.auth' },
  { code: 5, key: 'cli.exit_codes.not_found' },
  { code: 6, key: 'cli.exit_codes.rate_limited' },
  { code: 130, key: 'cli.exit_codes.interrupted' },
] as const;

const EXIT_BY_KIND: Record<CliErrorKind, number> = {
  failure: 1,
  usage: 2,
  cancelled: 3,
  auth: 4,
  not_found: 5,
  rate_limited: 6,
  interrupted: 130,
};

/** The exit code for anything thrown out of a command: API errors use the core catalogue. */
export function exitCodeForError(error: unknown): number {
  if (error instanceof CliError) return EXIT_BY_KIND[error.kind];
  if (error instanceof GwApiError) return error.exitCode;
  return 1;
}
