import { type Command, Option } from 'commander';
import type { ApiClient } from '@gw/core';
import { parseIntegerText } from '../input/values.js';
import { CliError } from '../output/cli-error.js';
import type { CliContext } from '../runtime/context.js';
import { isDryRunStop } from '../runtime/dry-run.js';
import { confirm } from '../runtime/prompt.js';
import type { AnyResourceSpec } from './resource-spec.js';

/** The flags every changing verb takes. */
export interface ChangeFlags {
  yes?: boolean;
  dryRun?: boolean;
}

/** Adds `--dry-run` (and `--yes` when the verb destroys something) to a verb. */
export function addChangeFlags(ctx: CliContext, command: Command, destructive: boolean): Command {
  command.addOption(new Option('--dry-run', ctx.t('cli.flags.dry_run')));
  if (destructive) command.addOption(new Option('-y, --yes', ctx.t('cli.flags.yes')));
  return command;
}

/** Checks an id as typed: a whole number from 1, unless the resource's ids are names. */
export function checkedId(spec: AnyResourceSpec, text: string): string {
  if (spec.idKind === 'text') {
    if (text.trim() === '') throw new CliError('usage', 'cli.errors.empty_id');
    return text;
  }
  return String(parseIntegerText(text, '<id>', 1));
}

/** Reads the records the ids name, one after another (so a missing one stops before any change). */
export async function rowsFor<Row>(
  spec: AnyResourceSpec,
  client: ApiClient,
  ids: readonly string[],
): Promise<Row[]> {
  if (!spec.get) throw new CliError('usage', 'cli.errors.no_lookup', { command: spec.name });
  const rows: Row[] = [];
  for (const id of ids) rows.push((await spec.get(client, id)) as Row);
  return rows;
}

/**
 * Before a change that destroys something: off a terminal `--yes` is required (exit 2, nothing asked
 * or sent); on one the user is asked. A dry run changes nothing, so it asks nothing.
 */
export function requireYes(ctx: CliContext, flags: ChangeFlags): void {
  if (flags.yes || flags.dryRun || ctx.stdinIsTty) return;
  throw new CliError('usage', 'cli.errors.needs_yes');
}

/** Asks the question on the terminal unless `--yes` or `--dry-run` was given; declining is exit 3. */
export async function confirmChange(ctx: CliContext, flags: ChangeFlags, question: string): Promise<void> {
  requireYes(ctx, flags);
  if (flags.yes || flags.dryRun) return;
  if (!(await confirm(ctx, question))) throw new CliError('cancelled', 'cli.errors.cancelled');
}

/**
 * Runs one change; under `--dry-run` the transport prints the request in place of sending it and this
 * answers undefined, so a verb over several records prints each request.
 */
export async function runChange<T>(change: () => Promise<T>): Promise<T | undefined> {
  try {
    return await change();
  } catch (error) {
    if (isDryRunStop(error)) return undefined;
    throw error;
  }
}
