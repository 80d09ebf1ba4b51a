// `create` and `edit`: flags from the screen's form fields, the form's own defaults and rules, the
// server's answer printed. One pipeline for every resource.
import { Command } from 'commander';
import { type ApiClient, type FormDef, formSchema, visibleFields } from '@gw/core';
import { parseWithSchema, refusalError } from '../input/schema.js';
import { CliError } from '../output/cli-error.js';
import { exitCodeForError } from '../output/exit-codes.js';
import { jsonOption, jsonRequest, pickJson } from '../output/json-fields.js';
import { printJson } from '../output/print.js';
import { signedInClient } from '../runtime/client.js';
import type { CliContext } from '../runtime/context.js';
import { type FieldFlag, fieldFlags } from './field-flags.js';
import type { AnyResourceSpec } from './resource-spec.js';
import { addChangeFlags, checkedId, runChange } from './verb-support.js';

type Opts = Record<string, unknown>;
type AnyForm = FormDef<unknown, Record<string, unknown>, unknown>;
type Mode = 'create' | 'edit';
type Given = ReadonlyArray<{ field: FieldFlag<Record<string, unknown>>; value: unknown }>;

/**
 * The values to save: the form's starting values with each flag given laid over them in the form's
 * order, each change passed through the form's own rules (a channel type pre-fills its models, a
 * quota typed makes a token limited).
 */
export function applyFlags(
  form: AnyForm,
  start: Record<string, unknown>,
  given: Given,
): Record<string, unknown> {
  let values = start;
  for (const { field, value } of given) {
    const previous = values;
    values = { ...values, [field.field.name]: value };
    values = { ...values, ...(field.field.rewrite?.(values, previous) ?? {}) };
    values = { ...values, ...(form.changed?.(values, previous) ?? {}) };
  }
  return values;
}

/**
 * Flags that cannot apply to the values they led to: a field the form hides there (a base URL for a
 * type without one), one it locks (a tag's field on a tagged channel), or a switch a later flag undid.
 */
function refuseMisfits(form: AnyForm, mode: Mode, values: Record<string, unknown>, given: Given): void {
  const shown = new Set(visibleFields(form.fields, values, mode).map((field) => field.name));
  for (const { field, value } of given) {
    const name = field.field.name;
    if (!shown.has(name)) throw new CliError('usage', 'cli.errors.flag_not_applicable', { flag: field.flag });
    if (field.field.disabled?.(values))
      throw new CliError('usage', 'cli.errors.flag_locked', { flag: field.flag });
    if (field.field.kind === 'switch' && values[name] !== value) {
      throw new CliError('usage', 'cli.errors.flags_conflict', { flag: field.flag });
    }
  }
}

/** Checks, then saves (or under `--dry-run` prints the request); answers what the server sent back. */
async function saveForm(
  ctx: CliContext,
  spec: AnyResourceSpec,
  mode: Mode,
  flags: readonly FieldFlag<Record<string, unknown>>[],
  opts: Opts,
  client: ApiClient,
  row: unknown,
  preset: Given = [],
): Promise<unknown> {
  const form = spec.screen.form as AnyForm;
  const given: Given = [
    ...preset,
    ...flags.flatMap((field) => {
      const value = field.read(opts);
      return value === undefined ? [] : [{ field, value }];
    }),
  ];
  if (mode === 'edit' && given.length === preset.length) {
    throw new CliError('usage', 'cli.errors.nothing_to_edit', {
      flags: flags.map((field) => field.flag).join(', '),
    });
  }
  const start = row === undefined ? form.empty() : form.fromRow(row);
  const values = applyFlags(form, start, given);
  refuseMisfits(form, mode, values, given);
  const flagNames = Object.fromEntries(flags.map((field) => [field.field.name, field.flag]));
  const checked = parseWithSchema(ctx, formSchema(form, mode), values, flagNames);
  const refused = refusalError(ctx, (await form.check?.(client, checked, row)) ?? {}, flagNames);
  if (refused) throw refused;
  const input = form.toInput(checked, row);
  return runChange(() =>
    row === undefined ? form.create(client, input) : (form.update ?? form.create)(client, input, row),
  );
}

/** Prints what a save answered: the resource's own way, else its JSON; a note on stderr either way. */
function printSaved(ctx: CliContext, spec: AnyResourceSpec, mode: Mode, saved: unknown, opts: Opts): void {
  const form = spec.screen.form as AnyForm;
  if (opts.json) {
    // A new record's secret (a token's key) is shown in full this once.
    const record = saved && typeof saved === 'object' && !Array.isArray(saved);
    const shown = record && spec.toJson ? spec.toJson(saved, { ...opts, created: mode === 'create' }) : saved;
    printJson(ctx, pickJson(shown ?? null, jsonRequest(opts.json)));
    return;
  }
  if (mode === 'create' && spec.printCreated) {
    spec.printCreated(ctx, saved, opts);
    return;
  }
  if (mode === 'create' && form.afterCreate) {
    for (const item of form.afterCreate.items(saved)) ctx.write(`${item}\n`);
  }
  const key = mode === 'create' ? (form.createdKey ?? form.doneKey) : (form.updatedKey ?? form.doneKey);
  ctx.note(ctx.t(key ?? (mode === 'create' ? 'cli.done.created' : 'cli.done.updated')));
}

/** `<resource> create` or `<resource> edit <id>`. */
export function formVerb(ctx: CliContext, spec: AnyResourceSpec, mode: Mode): Command {
  const form = spec.screen.form as AnyForm;
  const flags = fieldFlags(ctx, form.fields, mode, form.empty(), spec.flagNames);
  const command = new Command(mode).description(ctx.t(`cli.verbs.${mode}`));
  if (mode === 'edit')
    command.argument('<id>', ctx.t(spec.idKind === 'text' ? 'cli.args.name' : 'cli.args.id'));
  for (const flag of flags) for (const option of flag.options) command.addOption(option);
  addChangeFlags(ctx, command, false);
  command.addOption(jsonOption(ctx));
  return command.action(async (...args: unknown[]) => {
    const opts = args[mode === 'edit' ? 1 : 0] as Opts;
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    let row: unknown;
    if (mode === 'edit') {
      const id = checkedId(spec, String(args[0]));
      if (!spec.get) throw new CliError('usage', 'cli.errors.no_lookup', { command: spec.name });
      row = await spec.get(client, id);
      if (form.load) row = await form.load(client, row);
      if (spec.screen.editableRow && !spec.screen.editableRow(row)) {
        throw new CliError('failure', 'cli.errors.not_editable', { id });
      }
    }
    const saved = await saveForm(ctx, spec, mode, flags, opts, client, row);
    if (opts.dryRun) return;
    printSaved(ctx, spec, mode, saved, opts);
  });
}

/**
 * `<resource> set <name> [flags]`: edits the record of that name when there is one, else creates it
 * (a price is set for a model whether or not it had one). `nameField` is the form field the name fills.
 */
export function upsertVerb(ctx: CliContext, spec: AnyResourceSpec, nameField: string): Command {
  const form = spec.screen.form as AnyForm;
  const all = fieldFlags(ctx, form.fields, 'create', form.empty(), spec.flagNames);
  const nameFlag = all.find((flag) => flag.field.name === nameField);
  const flags = all.filter((flag) => flag !== nameFlag);
  const command = new Command('set')
    .description(ctx.t('cli.verbs.set'))
    .argument('<name>', ctx.t('cli.args.name'));
  for (const flag of flags) for (const option of flag.options) command.addOption(option);
  addChangeFlags(ctx, command, false);
  command.addOption(jsonOption(ctx));
  return command.action(async (name: string, opts: Opts) => {
    const { client } = signedInClient(ctx, { dryRun: opts.dryRun === true });
    const row = await spec.get?.(client, checkedId(spec, name)).catch((error: unknown) => {
      if (exitCodeForError(error) === 5) return undefined;
      throw error;
    });
    const mode: Mode = row === undefined ? 'create' : 'edit';
    const preset = mode === 'create' && nameFlag ? [{ field: nameFlag, value: name }] : [];
    const saved = await saveForm(ctx, spec, mode, flags, opts, client, row, preset);
    if (!opts.dryRun) printSaved(ctx, spec, mode, saved, opts);
  });
}
