// Verbs on records named by id: delete, enable, disable, and the screen's row actions (a user's
// promote, a code's copy…), plus its toolbar actions that act on no record.
import { Command } from 'commander';
import type { ActionDef, ApiClient, FormDef } from '@gw/core';
import { parseWithSchema, refusalError } from '../input/schema.js';
import { CliError } from '../output/cli-error.js';
import { jsonOption } from '../output/json-fields.js';
import { printJson } from '../output/print.js';
import { signedInClient } from '../runtime/client.js';
import type { CliContext } from '../runtime/context.js';
import { fieldFlags } from './field-flags.js';
import type { AnyResourceSpec } from './resource-spec.js';
import { addChangeFlags, checkedId, confirmChange, requireYes, rowsFor, runChange } from './verb-support.js';
import { applyFlags } from './verbs-form.js';

type Opts = Record<string, unknown>;

function rowName(spec: AnyResourceSpec, row: unknown): string {
  return spec.screen.rowName?.(row) ?? String(spec.screen.rowKey(row));
}

/** A verb over one or more ids, signed in, with the records read before anything changes. */
function rowsCommand(
  ctx: CliContext,
  spec: AnyResourceSpec,
  name: string,
  description: string,
  destructive: boolean,
  run: (client: ApiClient, rows: unknown[], opts: Opts) => Promise<void>,
): Command {
  const command = new Command(name)
    .description(description)
    .argument('<id...>', ctx.t(spec.idKind === 'text' ? 'cli.args.names' : 'cli.args.ids'));
  addChangeFlags(ctx, command, destructive);
  command.addOption(jsonOption(ctx));
  return command.action(async (ids: string[], opts: Opts) => {
    const checked = ids.map((id) => checkedId(spec, id));
    if (destructive) requireYes(ctx, opts);
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    await run(client, await rowsFor(spec, client, checked), opts);
  });
}

/** Refuses an action on a record it does not apply to (root cannot be deleted, a used code enabled). */
function checkApplies(
  ctx: CliContext,
  spec: AnyResourceSpec,
  action: ActionDef<unknown>,
  rows: unknown[],
): void {
  for (const row of rows) {
    if (action.applies && !action.applies(row)) {
      throw new CliError('failure', 'cli.errors.action_not_applicable', {
        action: ctx.t(action.labelKey),
        name: rowName(spec, row),
      });
    }
  }
}

/** The question asked before a destructive action, naming the records. */
function question(
  ctx: CliContext,
  spec: AnyResourceSpec,
  action: ActionDef<unknown>,
  rows: unknown[],
): string {
  const name = rows.map((row) => rowName(spec, row)).join(', ');
  return ctx.t(action.confirmKey ?? 'cli.confirm.action', {
    name,
    count: rows.length,
    action: ctx.t(action.labelKey),
  });
}

/** Prints what an action answered when it is something to show (copied text, a count, a record). */
function printResult(ctx: CliContext, action: ActionDef<unknown>, result: unknown, opts: Opts): void {
  if (action.result === 'copy' && typeof result === 'string') ctx.write(`${result}\n`);
  else if (opts.json && result !== undefined) printJson(ctx, result);
  if (action.doneKey) ctx.note(ctx.t(action.doneKey, { count: typeof result === 'number' ? result : 1 }));
}

/** A row action as a verb (`users promote 7`, `redemptions copy 3`), with its input form's flags. */
export function rowActionVerb(
  ctx: CliContext,
  spec: AnyResourceSpec,
  action: ActionDef<unknown>,
  name: string,
): Command {
  const destructive = action.intent === 'danger';
  const input = action.input;
  const flags = input ? fieldFlags(ctx, input.fields, 'create', input.empty(undefined)) : [];
  const command = rowsCommand(
    ctx,
    spec,
    name,
    ctx.t(action.labelKey),
    destructive,
    async (client, rows, opts) => {
      checkApplies(ctx, spec, action, rows);
      if (destructive) await confirmChange(ctx, opts, question(ctx, spec, action, rows));
      for (const row of rows) {
        let result: unknown;
        if (input) {
          const given = flags.flatMap((flag) => {
            const value = flag.read(opts);
            return value === undefined ? [] : [{ field: flag, value }];
          });
          const form = { fields: input.fields, changed: undefined } as unknown as FormDef<
            unknown,
            Record<string, unknown>,
            unknown
          >;
          const flagNames = Object.fromEntries(flags.map((flag) => [flag.field.name, flag.flag]));
          const values = parseWithSchema(
            ctx,
            input.schema,
            applyFlags(form, input.empty(row), given),
            flagNames,
          );
          const refused = refusalError(ctx, input.refuse?.(values, row) ?? {}, flagNames);
          if (refused) throw refused;
          result = await runChange(() => input.run(client, row, values));
        } else {
          result = await runChange(() => action.run(client, [row]));
        }
        if (!opts.dryRun) printResult(ctx, action, result, opts);
      }
    },
  );
  for (const flag of flags) for (const option of flag.options) command.addOption(option);
  return command;
}

/** `<resource> delete <id…>`: asks first on a terminal; elsewhere it needs `--yes`. */
export function deleteVerb(ctx: CliContext, spec: AnyResourceSpec, action: ActionDef<unknown>): Command {
  return rowActionVerb(ctx, spec, action, 'delete').alias('rm').description(ctx.t('cli.verbs.delete'));
}

/** `<resource> enable|disable <id…>`: the screen's status switch, or its enable/disable action. */
export function statusVerb(ctx: CliContext, spec: AnyResourceSpec, on: boolean): Command {
  const status = spec.screen.status;
  const verb = on ? 'enable' : 'disable';
  const description = ctx.t(`cli.verbs.${verb}`);
  return rowsCommand(ctx, spec, verb, description, false, async (client, rows, opts) => {
    for (const row of rows) {
      if (!status) throw new CliError('usage', 'cli.errors.no_lookup', { command: spec.name });
      if (status.applies && !status.applies(row)) {
        throw new CliError('failure', 'cli.errors.status_not_applicable', { name: rowName(spec, row) });
      }
      const refusal = status.refusal?.(row, on);
      if (refusal) throw new CliError('failure', refusal);
      const result = await runChange(() => status.set(client, row, on));
      if (opts.dryRun) continue;
      if (opts.json && result !== undefined) printJson(ctx, result);
      const done = on ? status.onKey : status.offKey;
      ctx.note(ctx.t(done ?? `cli.done.${verb}d`, { name: rowName(spec, row) }));
    }
  });
}

/** A toolbar action as a verb (`channels delete-disabled`): it acts on no record. */
export function toolbarVerb(ctx: CliContext, action: ActionDef<unknown>, name: string): Command {
  const destructive = action.intent === 'danger';
  const command = new Command(name).description(ctx.t(action.labelKey));
  addChangeFlags(ctx, command, destructive);
  return command.action(async (opts: Opts) => {
    if (destructive)
      await confirmChange(
        ctx,
        opts,
        ctx.t(action.confirmKey ?? 'cli.confirm.action', { action: ctx.t(action.labelKey) }),
      );
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    const result = await runChange(() => action.run(client, []));
    if (!opts.dryRun) printResult(ctx, action, result, opts);
  });
}
