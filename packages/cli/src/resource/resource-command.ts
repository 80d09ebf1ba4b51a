// One command per resource, its verbs built from the core screen (architecture §6): list, view,
// create, edit, delete, enable, disable and export where the screen has them, its row and toolbar
// actions where the spec names a verb for them, and the spec's own verbs.
import { Command } from 'commander';
import type { CliContext } from '../runtime/context.js';
import type { AnyResourceSpec } from './resource-spec.js';
import { formVerb } from './verbs-form.js';
import { exportVerb, listVerb, statusIndicatorVerb, viewVerb } from './verbs-read.js';
import { deleteVerb, rowActionVerb, statusVerb, toolbarVerb } from './verbs-rows.js';

/** The verbs the screen supports, in the order help lists them. */
function genericVerbs(ctx: CliContext, spec: AnyResourceSpec): Command[] {
  const { screen } = spec;
  const omitted = new Set(spec.omit ?? []);
  const offered = (verb: NonNullable<AnyResourceSpec['omit']>[number], available: boolean) =>
    available && !omitted.has(verb);
  const verbs: Command[] = [];
  if (offered('list', true)) verbs.push(listVerb(ctx, spec));
  if (offered('view', spec.get !== undefined)) verbs.push(viewVerb(ctx, spec));
  if (offered('create', screen.form !== undefined)) verbs.push(formVerb(ctx, spec, 'create'));
  if (offered('edit', screen.form !== undefined && screen.editable === true && spec.get !== undefined)) {
    verbs.push(formVerb(ctx, spec, 'edit'));
  }
  const remove = screen.rowActions.find((action) => action.id === 'delete');
  if (remove && offered('delete', spec.get !== undefined)) verbs.push(deleteVerb(ctx, spec, remove));
  if (screen.status && spec.get) {
    if (offered('enable', true)) verbs.push(statusVerb(ctx, spec, true));
    if (offered('disable', true)) verbs.push(statusVerb(ctx, spec, false));
  }
  for (const [id, verb] of Object.entries(spec.actionVerbs ?? {})) {
    const action = [...screen.rowActions, ...(screen.batchActions ?? [])].find(
      (candidate) => candidate.id === id,
    );
    if (action && spec.get) verbs.push(rowActionVerb(ctx, spec, action, verb));
  }
  for (const [id, verb] of Object.entries(spec.toolbarVerbs ?? {})) {
    const action = screen.toolbarActions?.find((candidate) => candidate.id === id);
    if (action) verbs.push(toolbarVerb(ctx, action, verb));
  }
  if (screen.indicators?.length) verbs.push(statusIndicatorVerb(ctx, spec));
  if (offered('export', screen.exportCsv === true || spec.exportable === true))
    verbs.push(exportVerb(ctx, spec));
  return verbs;
}

const specs = new WeakMap<Command, AnyResourceSpec>();

/** The resource a verb works on (shell completion reads its ids from the resource's list). */
export function specOfCommand(command: Command): AnyResourceSpec | undefined {
  return specs.get(command);
}

/** The command of a resource (`gw channels …`), with `list` run when no verb is given. */
export function resourceCommand(ctx: CliContext, spec: AnyResourceSpec, descriptionKey: string): Command {
  const command = new Command(spec.name)
    .aliases([...(spec.aliases ?? [])])
    .description(ctx.t(descriptionKey));
  const extra = spec.extraVerbs?.(ctx, spec) ?? [];
  const extraNames = new Set(extra.map((verb) => verb.name()));
  // A resource's own verb replaces the generic one of the same name (channels' `test`).
  for (const verb of genericVerbs(ctx, spec)) if (!extraNames.has(verb.name())) command.addCommand(verb);
  for (const verb of extra) command.addCommand(verb);
  for (const verb of command.commands) specs.set(verb, spec);
  return command;
}
