// Running what a menu or a key chose: a panel opens, an action asking for values opens its form, a
// dangerous one asks first, a copy puts its text on the clipboard, and the status line says how it went.
import type { ActionDef, FormDef } from '@gw/core';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import type { AnyScreen } from './resource-screen.js';
import { type ScreenEntry, entryLabelKey } from './screen-entries.js';
import type { ScreenExtras } from './screen-extras.js';
import type { Mode } from './use-list-keys.js';

// biome-ignore lint/suspicious/noExplicitAny: rows of any screen
type Row = any;

/** An action that asks for values, as a form the kit can show (its values go to `input.run`). */
export function actionInputForm(action: ActionDef<Row>, row: Row): FormDef<Row, Row, Row> | undefined {
  const input = action.input;
  if (!input) return undefined;
  return {
    fields: input.fields,
    schema: input.schema,
    empty: () => input.empty(row),
    fromRow: () => input.empty(row),
    toInput: (values) => values,
    create: (client, values) => input.run(client, row, values),
    check: async (_client, values) => input.refuse?.(values, row) ?? {},
    createTitleKey: input.titleKey,
    createdKey: action.doneKey,
  };
}

export interface ScreenActionsOptions {
  screen: AnyScreen;
  extras: ScreenExtras<Row>;
  setMode: (mode: Mode) => void;
  /** After an action ran (or failed): the list reloads, and the marks go when `clearMarks`. */
  afterRun: (clearMarks: boolean) => void;
}

/** Starts and runs a screen's entries. */
export function useScreenActions({ screen, extras, setMode, afterRun }: ScreenActionsOptions) {
  const { t } = useTuiEnv();
  const { client } = useSession();
  const host = useScreenHost();
  const { copy } = useTuiEnv();
  const nameOf = (row: Row) => screen.rowName?.(row) ?? String(screen.rowKey(row));

  const copyText = (text: string) => {
    copy(text);
    host.notify(t('tui.kit.copied', { text: text.replace(/\n/g, ' ') }));
  };

  /** Runs an action on rows now (asked and filled in already). */
  const run = async (action: ActionDef<Row>, rows: Row[]) => {
    setMode({ kind: 'list' });
    try {
      const result = await action.run(client, rows);
      const text = extras.results?.[action.id];
      if (action.result === 'copy') copyText(String(result ?? ''));
      else if (text) host.notify(text(result, rows, t));
      else
        host.notify(
          t(action.doneKey ?? 'tui.kit.done', {
            name: rows.length === 1 ? nameOf(rows[0]) : '',
            count: typeof result === 'number' ? result : rows.length,
          }),
        );
    } catch (error) {
      host.notifyError(error);
    }
    afterRun(true);
  };

  /** Opens an entry: a panel, an action's form, its confirmation, or runs it. */
  const start = (entry: ScreenEntry<Row>, rows: Row[], askAnyway = false) => {
    if (entry.kind === 'extra') return setMode({ kind: 'panel', extra: entry.extra, row: rows[0] });
    const action = entry.action;
    const form = rows[0] === undefined ? undefined : actionInputForm(action, rows[0]);
    if (form) return setMode({ kind: 'form', form, row: undefined });
    if (!action.confirmKey && !askAnyway) return void run(action, rows);
    const name = rows.length === 1 && rows[0] !== undefined ? nameOf(rows[0]) : '';
    const text = action.confirmKey
      ? t(action.confirmKey, { name, count: rows.length })
      : t('tui.kit.confirm_action', { action: t(entryLabelKey(entry)), count: rows.length });
    setMode({ kind: 'confirm', action, rows, text });
  };

  /** Switches a row's status, saying which way it went. */
  const toggleStatus = async (row: Row) => {
    const status = screen.status;
    if (!status || !(status.applies?.(row) ?? true)) return;
    const on = !status.isOn(row);
    // Core says why a switch would be refused (an expired token needs an edit first) before asking the server.
    const refusal = status.refusal?.(row, on);
    if (refusal) return host.notify(t(refusal), 'error');
    try {
      await status.set(client, row, on);
      host.notify(t((on ? status.onKey : status.offKey) ?? 'tui.kit.done', { name: nameOf(row) }));
    } catch (error) {
      host.notifyError(error);
    }
    afterRun(false);
  };

  return { run, start, toggleStatus, copyText, nameOf };
}
