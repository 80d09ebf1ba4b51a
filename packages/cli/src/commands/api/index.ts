import { Command } from 'commander';
import { ERROR_CODES, errorCodeForStatus, isErrorCode } from '@gw/core';
import { parsePairsText } from '../../input/values.js';
import { CliError, type CliErrorKind } from '../../output/cli-error.js';
import { checkedServerUrl, cliFetch, currentCredentials } from '../../runtime/client.js';
import type { CliContext } from '../../runtime/context.js';
import { isDryRunStop } from '../../runtime/dry-run.js';
import { readAllStdin } from '../../runtime/prompt.js';
import { readFileSync } from 'node:fs';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

interface ApiFlags {
  data?: string;
  field?: string[];
  dryRun?: boolean;
}

/** The body given with `--data`: JSON text, `@file`, or `-` for standard input. */
async function bodyText(ctx: CliContext, data: string | undefined): Promise<string | undefined> {
  if (data === undefined) return undefined;
  if (data === '-') return readAllStdin(ctx);
  if (data.startsWith('@')) return readFileSync(data.slice(1), 'utf8');
  return data;
}

/** `-f name=value` fields: the query of a GET, else the JSON body (numbers and booleans as such). */
function fieldValues(fields: readonly string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsePairsText(fields.join(','), '-f'))) {
    values[name] = /^-?\d+(\.\d+)?$/.test(value)
      ? Number(value)
      : value === 'true'
        ? true
        : value === 'false'
          ? false
          : value;
  }
  return values;
}

/** The exit code of a reply: the envelope's error code when it has one, else the HTTP status's. */
function replyExitCode(status: number, text: string): number {
  let envelope: { success?: unknown; code?: unknown } | undefined;
  try {
    envelope = JSON.parse(text) as typeof envelope;
  } catch {
    envelope = undefined;
  }
  if (status < 400 && envelope?.success !== false) return 0;
  if (isErrorCode(envelope?.code)) return ERROR_CODES[envelope.code].exit;
  return status >= 400 ? ERROR_CODES[errorCodeForStatus(status)].exit : 1;
}

/** `gw api <METHOD> <path>`: any call of the management API, signed in, the reply printed as it came. */
export function buildCommand(ctx: CliContext): Command {
  return new Command('api')
    .description(ctx.t('cli.api.description'))
    .argument('<method>', ctx.t('cli.api.method'))
    .argument('<path>', ctx.t('cli.api.path'))
    .option('--data <json>', ctx.t('cli.api.data'))
    .option('-f, --field <name=value>', ctx.t('cli.api.field'), (value: string, previous: string[] = []) => [
      ...previous,
      value,
    ])
    .option('--dry-run', ctx.t('cli.flags.dry_run'))
    .action(async (methodText: string, pathText: string, flags: ApiFlags) => {
      const method = methodText.toUpperCase();
      if (!METHODS.includes(method))
        throw new CliError('usage', 'cli.errors.bad_method', {
          method: methodText,
          methods: METHODS.join(', '),
        });
      const credentials = currentCredentials(ctx);
      if (!credentials.server) throw new CliError('usage', 'cli.errors.server_needed');
      const url = new URL(
        pathText.startsWith('/') ? pathText : `/${pathText}`,
        `${checkedServerUrl(credentials.server)}/`,
      );
      let body = await bodyText(ctx, flags.data);
      const fields = fieldValues(flags.field ?? []);
      if (method === 'GET')
        for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, String(value));
      else if (Object.keys(fields).length > 0)
        body = JSON.stringify({ ...(body ? JSON.parse(body) : {}), ...fields });
      const headers: Record<string, string> = {
        accept: 'application/json',
        'accept-language': ctx.language.replace('_', '-'),
      };
      if (credentials.accessToken) headers.authorization = `Bearer ${credentials.accessToken}`;
      if (body !== undefined) headers['content-type'] = 'application/json';
      let reply: Awaited<ReturnType<ReturnType<typeof cliFetch>>>;
      try {
        reply = await cliFetch(ctx, { dryRun: flags.dryRun === true })(url.toString(), {
          method,
          headers,
          body,
        });
      } catch (error) {
        if (isDryRunStop(error)) return;
        throw error;
      }
      const text = await reply.text();
      let shown = text;
      try {
        shown = JSON.stringify(JSON.parse(text), null, 2);
      } catch {
        // not JSON: printed as it came
      }
      if (shown) ctx.write(shown.endsWith('\n') ? shown : `${shown}\n`);
      const exitCode = replyExitCode(reply.status, text);
      if (exitCode !== 0)
        throw new CliError(exitCodeKind(exitCode), 'cli.errors.api_failed', { status: reply.status });
    });
}

/** The CLI error kind that leaves with `code`. */
function exitCodeKind(code: number): CliErrorKind {
  const kinds: Record<number, CliErrorKind> = { 2: 'usage', 4: 'auth', 5: 'not_found', 6: 'rate_limited' };
  return kinds[code] ?? 'failure';
}
