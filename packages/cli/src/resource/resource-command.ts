// One command per resource, its verbs built from the core screen (architecture §6): list, view,
// create, edit, delete, enable, disable and export where the screen has them, its row and toolbar
// actions where the spec names a verb for them, and the spec's own verbs.
import { Command } from 'commander';
import type { CliContext } from '../runtime/context.js';
import type { AnyResourceSpec } from './resource-spec.js';
import { formVerb } from './verbs-form.js';
import { exportVerb, listVerb, statusIndicatorVerb, viewVerb } from './verbs-read.js';
import { deleteVerb, rowActionVerb, statusVerb, toolbarVerb } from './verbs-rows.js';

/** A verb known by name before it is built: deriving its flags is left until it runs or is helped. */
interface LazyVerb {
  name: string;
  aliases?: string[];
  description: string;
  build(): Command;
}

/** The verbs the screen supports, in the order help lists them. */
function genericVerbs(ctx: CliContext, spec: AnyResourceSpec): LazyVerb[] {
  const { screen } = spec;
  const omitted = new Set(spec.omit ?? []);
  const offered = (verb: NonNullable<AnyResourceSpec['omit']>[number], available: boolean) =>
    available && !omitted.has(verb);
  const generic = (name: string, build: () => Command, aliases?: string[]): LazyVerb => ({
    name,
    aliases,
    description: ctx.t(`cli.verbs.${name}`),
    build,
  });
  const verbs: LazyVerb[] = [];
  if (offered('list', true)) verbs.push(generic('list', () => listVerb(ctx, spec), ['ls']));
  if (offered('view', spec.get !== undefined))
    verbs.push(generic('view', () => viewVerb(ctx, spec), ['show']));
  if (offered('create', screen.form !== undefined)) {
    verbs.push(generic('create', () => formVerb(ctx, spec, 'create')));
  }
  if (offered('edit', screen.form !== undefined && screen.editable === true && spec.get !== undefined)) {
    verbs.push(generic('edit', () => formVerb(ctx, spec, 'edit')));
  }
  const remove = screen.rowActions.find((action) => action.id === 'delete');
  if (remove && offered('delete', spec.get !== undefined)) {
    verbs.push(generic('delete', () => deleteVerb(ctx, spec, remove), ['rm']));
  }
  if (screen.status && spec.get) {
    if (offered('enable', true)) verbs.push(generic('enable', () => statusVerb(ctx, spec, true)));
    if (offered('disable', true)) verbs.push(generic('disable', () => statusVerb(ctx, spec, false)));
  }
  const rowActions = [...screen.rowActions, ...(screen.batchActions ?? [])];
  for (const [id, name] of Object.entries(spec.actionVerbs ?? {})) {
    const action = rowActions.find((candidate) => candidate.id === id);
    if (action && spec.get) {
      verbs.push({
        name,
        description: ctx.t(action.labelKey),
        build: () => rowActionVerb(ctx, spec, action, name),
      });
    }
  }
  for (const [id, name] of Object.entries(spec.toolbarVerbs ?? {})) {
    const action = screen.toolbarActions?.find((candidate) => candidate.id === id);
    if (action)
      verbs.push({ name, description: ctx.t(action.labelKey), build: () => toolbarVerb(ctx, action, name) });
  }
  if (screen.indicators?.length) verbs.push(generic('status', () => statusIndicatorVerb(ctx, spec)));
  if (offered('export', screen.exportCsv === true || spec.exportable === true)) {
    verbs.push(generic('export', () => exportVerb(ctx, spec)));
  }
  return verbs;
}

const specs = new WeakMap<Command, AnyResourceSpec>();

/** The resource a verb works on (shell completion reads its ids from the resource's list). */
export function specOfCommand(command: Command): AnyResourceSpec | undefined {
  return specs.get(command);
}

/**
 * The verb the command words name after this resource (`tokens list` → `list`); undefined when every
 * verb is wanted (help, completion).
 */
function wantedVerb(ctx: CliContext, spec: AnyResourceSpec): string | undefined {
  const words = ctx.words;
  if (!words) return undefined;
  const at = words.findIndex((word) => word === spec.name || spec.aliases?.includes(word));
  return at < 0 ? undefined : (words[at + 1] ?? '');
}

/**
 * The command of a resource (`gw channels …`). Only the verb the words name is built whole; the
 * others stand in its help by name and description.
 */
export function resourceCommand(ctx: CliContext, spec: AnyResourceSpec, descriptionKey: string): Command {
  const command = new Command(spec.name)
    .aliases([...(spec.aliases ?? [])])
    .description(ctx.t(descriptionKey));
  const extra = spec.extraVerbs?.(ctx, spec) ?? [];
  const extraNames = new Set(extra.map((verb) => verb.name()));
  const wanted = wantedVerb(ctx, spec);
  // A resource's own verb replaces the generic one of the same name (channels' `test`).
  for (const verb of genericVerbs(ctx, spec)) {
    if (extraNames.has(verb.name)) continue;
    const named = wanted === undefined || verb.name === wanted || verb.aliases?.includes(wanted);
    command.addCommand(
      named ? verb.build() : new Command(verb.name).aliases(verb.aliases ?? []).description(verb.description),
    );
  }
  for (const verb of extra) command.addCommand(verb);
  for (const verb of command.commands) specs.set(verb, spec);
  return command;
}
