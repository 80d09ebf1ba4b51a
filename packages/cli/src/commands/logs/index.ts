import type { Command } from 'commander';
import { LOG_SCREEN, type Log, logSchema } from '@gw/core';
import { resourceCommand } from '../../resource/resource-command.js';
import { type ResourceSpec, schemaFields } from '../../resource/resource-spec.js';
import type { CliContext } from '../../runtime/context.js';
import { logExportVerb } from './log-export.js';
import { LOG_FLAG_NAMES } from './log-query.js';
import { logStatVerb } from './log-stat.js';

/**
 * Usage logs (console-screens §3): admins list everyone's logs, others their own, with every filter of
 * the web; `stat` the quota, RPM and TPM of a filter; `export` the server's CSV, streamed.
 */
export const LOG_SPEC: ResourceSpec<Log, unknown, unknown> = {
  name: 'logs',
  aliases: ['log'],
  // The log screen has no form: none is offered (nor its types carried).
  screen: { ...LOG_SCREEN, form: undefined },
  jsonFields: schemaFields(logSchema),
  flagNames: LOG_FLAG_NAMES,
  // The server has no one-log read: `list --json` shows every field of each.
  omit: ['view', 'export'],
  extraVerbs: (ctx) => [logStatVerb(ctx), logExportVerb(ctx)],
};

/** `gw logs` (alias `log`). */
export function buildCommand(ctx: CliContext): Command {
  return resourceCommand(ctx, LOG_SPEC, 'cli.logs.description');
}
