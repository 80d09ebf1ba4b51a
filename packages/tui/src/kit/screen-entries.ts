// The choices a screen's menus offer: core's actions (by role and row) and the screen's terminal-only
// panels, with a panel standing in for the core action it replaces. Pure, so the menus are tested alone.
import { type ActionDef, actionsFor } from '@gw/core';
import type { ScreenExtra } from './screen-extras.js';

/** One choice of a menu: one of core's actions, or a terminal panel. */
export type ScreenEntry<Row> =
  | { kind: 'action'; action: ActionDef<Row> }
  | { kind: 'extra'; extra: ScreenExtra<Row> };

/** What a menu needs to know about who is asking. */
export interface EntryContext {
  role: number;
  readOnly: boolean;
}

/** Whether an action changes nothing stored: it only hands text over to be copied. */
export const copiesOnly = <Row>(action: ActionDef<Row>) => action.result === 'copy';

const allowed = <Row>(extra: ScreenExtra<Row>, context: EntryContext) =>
  (extra.role ?? 0) <= context.role && !(context.readOnly && extra.mutates);

/** Core's actions with the panels that replace some of them, then the scope's other panels. */
function merge<Row>(
  actions: readonly ActionDef<Row>[],
  extras: readonly ScreenExtra<Row>[],
  context: EntryContext,
): ScreenEntry<Row>[] {
  const entries: ScreenEntry<Row>[] = [];
  for (const action of actions) {
    if (context.readOnly && !copiesOnly(action)) continue;
    const replacement = extras.find((extra) => extra.replaces === action.id && allowed(extra, context));
    entries.push(replacement ? { kind: 'extra', extra: replacement } : { kind: 'action', action });
  }
  for (const extra of extras)
    if (!extra.replaces && allowed(extra, context)) entries.push({ kind: 'extra', extra });
  return entries;
}

/** The menu of one row: its actions (role, applies) and the row panels that apply. */
export function rowEntries<Row>(
  actions: readonly ActionDef<Row>[],
  extras: readonly ScreenExtra<Row>[],
  row: Row,
  context: EntryContext,
): ScreenEntry<Row>[] {
  return merge(
    actionsFor(actions, row, context.role),
    extras.filter((extra) => extra.scope === 'row' && (extra.applies?.(row) ?? true)),
    context,
  );
}

/** The menu of the whole list (the toolbar): its actions by role and the list panels. */
export function listEntries<Row>(
  actions: readonly ActionDef<Row>[],
  extras: readonly ScreenExtra<Row>[],
  context: EntryContext,
): ScreenEntry<Row>[] {
  return merge(
    actions.filter((action) => (action.role ?? 0) <= context.role),
    extras.filter((extra) => extra.scope === 'list'),
    context,
  );
}

/** The menu of the marked rows: the batch actions the role may run. */
export function batchEntries<Row>(
  actions: readonly ActionDef<Row>[],
  context: EntryContext,
): ScreenEntry<Row>[] {
  if (context.readOnly) return [];
  return actions
    .filter((action) => (action.role ?? 0) <= context.role)
    .map((action) => ({ kind: 'action', action }));
}

/** The label key of an entry. */
export function entryLabelKey<Row>(entry: ScreenEntry<Row>): string {
  return entry.kind === 'action' ? entry.action.labelKey : entry.extra.labelKey;
}

/** Whether an entry is drawn as dangerous (red). */
export function entryDanger<Row>(entry: ScreenEntry<Row>): boolean {
  return entry.kind === 'action' && entry.action.intent === 'danger';
}

/** The delete among a menu's entries (Ctrl-d runs it after a confirmation). */
export function deleteEntry<Row>(entries: readonly ScreenEntry<Row>[]): ScreenEntry<Row> | undefined {
  return entries.find(
    (entry) =>
      entry.kind === 'action' && (entry.action.id === 'delete' || entry.action.id === 'batch_delete'),
  );
}
