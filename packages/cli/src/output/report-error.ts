import { describeError, GwApiError, type Translate } from '@gw/core';
import type { CliContext } from '../runtime/context.js';
import { TransportError } from '@gw/core/node';
import { CliError } from './cli-error.js';
import { exitCodeForError } from './exit-codes.js';

/** Hints printed under an error, by exit code: how to get past it. */
const HINTS: Record<number, string> = {
  2: 'cli.hints.usage',
  4: 'cli.hints.auth',
};

/** Network error codes gw explains in words; any other shows the system's message. */
const CAUSES: Record<string, string> = {
  ECONNREFUSED: 'cli.causes.refused',
  ENOTFOUND: 'cli.causes.no_host',
  EAI_AGAIN: 'cli.causes.no_host',
  ETIMEDOUT: 'cli.causes.timed_out',
  ECONNRESET: 'cli.causes.reset',
  EPROTO: 'cli.causes.tls',
  EHOSTUNREACH: 'cli.causes.no_route',
  ENETUNREACH: 'cli.causes.no_route',
};

function causeText(cause: unknown, t: Translate): string {
  if (!(cause instanceof TransportError)) return cause instanceof Error ? cause.message : String(cause);
  const key =
    CAUSES[cause.code] ??
    (/CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(cause.code) ? 'cli.causes.certificate' : undefined) ??
    (cause.code.startsWith('ERR_SSL') ? 'cli.causes.tls' : undefined);
  return key ? t(key, { code: cause.code }) : `${cause.message} (${cause.code})`;
}

/** Where the last request went: the server's origin and the call's path. */
function lastCall(ctx: Pick<CliContext, 'lastRequest'>) {
  if (!ctx.lastRequest) return { server: '?', method: '', path: '' };
  const url = new URL(ctx.lastRequest.url);
  return { server: url.origin, method: ctx.lastRequest.method, path: url.pathname };
}

/** A server that answered with something that is not the gw envelope (a web page, another API). */
function isForeignReply(error: unknown): boolean {
  return error instanceof GwApiError && error.messageKey === 'errors.bad_reply' && error.status !== 0;
}

/** The stderr lines for a failure and the exit code to leave with (the one place errors are rendered). */
export function describeFailure(
  error: unknown,
  ctx: Pick<CliContext, 't' | 'lastRequest'>,
  command?: string,
): { lines: string[]; exitCode: number } {
  const { t } = ctx;
  let exitCode = exitCodeForError(error);
  const lines: string[] = [];
  if (error instanceof CliError) {
    lines.push(t(error.messageKey, error.params), ...error.details.map((detail) => `  ${detail}`));
  } else if (error instanceof GwApiError && error.code === 'NETWORK') {
    lines.push(t('cli.errors.unreachable', { ...lastCall(ctx), cause: causeText(error.cause, t) }));
  } else if (isForeignReply(error)) {
    exitCode = 1;
    lines.push(t('cli.errors.not_gw_server', { ...lastCall(ctx), status: (error as GwApiError).status }));
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
  if (hint) lines.push(exitCode === 2 && command ? t('cli.hints.usage_of', { command }) : t(hint));
  return { lines, exitCode };
}
