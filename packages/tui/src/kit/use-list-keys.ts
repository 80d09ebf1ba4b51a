// The keys of a list screen and of its small modes (search line, menu, confirmation, detail).
import type { ActionDef, FilterDef, FormDef, ScreenQuery } from '@gw/core';
import { type Dispatch, type SetStateAction, useMemo } from 'react';
import { useScreenHost, useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import type { KeyBinding } from '../lib/key-bindings.js';
import { listAction, MUTATING_LIST_ACTIONS, nextOrder } from './list-keys.js';
import type { AnyScreen } from './resource-screen.js';
import { copiesOnly, deleteEntry, type ScreenEntry } from './screen-entries.js';
import type { ScreenExtra, ScreenExtras } from './screen-extras.js';
import type { useResourceList } from './use-resource-list.js';
import type { useScreenActions } from './use-screen-actions.js';

// biome-ignore lint/suspicious/noExplicitAny: rows of any screen
type Row = any;

/** What a list screen is doing. */
export type Mode =
  | { kind: 'list' }
  | { kind: 'search' }
  | { kind: 'filters' }
  | { kind: 'detail'; row: Row }
  /** The screen's form (or an action's) on a row, or empty to create. */
  | { kind: 'form'; row?: Row; form?: FormDef<Row, Row, Row> }
  | { kind: 'pick'; title: string; entries: ScreenEntry<Row>[]; rows: Row[]; cursor: number }
  | { kind: 'confirm'; text: string; action: ActionDef<Row>; rows: Row[] }
  | { kind: 'panel'; extra: ScreenExtra<Row>; row?: Row };

export interface ListKeysOptions {
  screen: AnyScreen;
  mode: Mode;
  setMode: (mode: Mode) => void;
  list: ReturnType<typeof useResourceList<Row>>;
  query: ScreenQuery;
  setQuery: Dispatch<SetStateAction<ScreenQuery>>;
  cursor: number;
  setCursor: Dispatch<SetStateAction<number>>;
  marked: ReadonlyMap<string | number, Row>;
  setMarked: (marked: ReadonlyMap<string | number, Row>) => void;
  setPaused: Dispatch<SetStateAction<boolean>>;
  onNextTab?: () => void;
  otherFilters: readonly FilterDef[];
  entriesOf: (row: Row) => ScreenEntry<Row>[];
  toolbar: ScreenEntry<Row>[];
  batch: ScreenEntry<Row>[];
  actions: ReturnType<typeof useScreenActions>;
  extras: ScreenExtras<Row>;
  readOnly: boolean;
}

/** Reads the keys of a list screen; answers the screen's own key hints and what Esc does. */
export function useListKeys(options: ListKeysOptions) {
  const { screen, mode, setMode, list, query, setQuery, cursor, setCursor, marked, setMarked } = options;
  const { entriesOf, toolbar, batch, actions, extras, readOnly } = options;
  const { t } = useTuiEnv();
  const host = useScreenHost();
  const selected = list.rows[Math.min(cursor, list.rows.length - 1)];
  const keyword = screen.filters.some((filter) => filter.kind === 'keyword');
  const sortFields = screen.columns.flatMap((column) => (column.sortField ? [column.sortField] : []));
  const editable = (row: Row) => Boolean(screen.editable && (screen.editableRow?.(row) ?? true));

  // The screen's own keys: its panels, and core actions it binds to a letter (a channel's `t` test).
  const quick = useMemo(() => {
    const byKey = new Map<string, { labelKey: string; open: (row: Row | undefined) => void }>();
    if (readOnly) return byKey;
    // Core actions with a key first (a channel's `t` test), then the screen's panels.
    for (const [id, { key: letter, hintKey }] of Object.entries(extras.quickKeys ?? {})) {
      if (!screen.rowActions.some((one: ActionDef<Row>) => one.id === id)) continue;
      byKey.set(letter, {
        labelKey: hintKey,
        open: (row) => {
          const entry =
            row === undefined
              ? undefined
              : entriesOf(row).find((one) => one.kind === 'action' && one.action.id === id);
          if (entry) actions.start(entry, [row]);
        },
      });
    }
    for (const extra of extras.extras ?? [])
      byKey.set(extra.key, {
        labelKey: extra.hintKey ?? extra.labelKey,
        open: (row) => {
          if (extra.scope === 'row' && (row === undefined || !(extra.applies?.(row) ?? true))) return;
          setMode({ kind: 'panel', extra, row: extra.scope === 'row' ? row : undefined });
        },
      });
    return byKey;
  }, [extras, screen, readOnly, setMode, entriesOf, actions]);
  const extraBindings: KeyBinding[] = [...quick].map(([keys, { labelKey }]) => ({ keys, labelKey }));

  const pick = (title: string, entries: ScreenEntry<Row>[], rows: Row[]) => {
    if (entries.length === 0) return host.notify(t('tui.kit.no_actions'), 'error');
    setMode({ kind: 'pick', title, entries, rows, cursor: 0 });
  };
  const markedRows = () => [...marked.values()];
  const setPage = (page: number) => {
    setQuery((previous) => ({ ...previous, page: Math.min(list.pages, Math.max(1, page)) }));
    setCursor(0);
  };

  const onBack = () => {
    if (mode.kind === 'detail' || mode.kind === 'pick') setMode({ kind: 'list' });
    else if (mode.kind === 'list' && marked.size > 0) setMarked(new Map());
    else if (mode.kind === 'list' && query.keyword)
      setQuery(({ keyword: _gone, ...rest }) => ({ ...rest, page: 1 }));
    else return false;
    return true;
  };

  const onListKey = (input: string, key: Parameters<typeof listAction>[1]) => {
    const action = listAction(input, key);
    const own = !key.ctrl ? quick.get(input) : undefined;
    if (own && (action === undefined || !['down', 'up', 'top', 'bottom'].includes(action)))
      return own.open(selected);
    if (action === undefined || (readOnly && MUTATING_LIST_ACTIONS.has(action))) return;
    const last = Math.max(0, list.rows.length - 1);
    switch (action) {
      case 'down':
        return setCursor((current) => Math.min(current + 1, last));
      case 'up':
        return setCursor((current) => Math.max(current - 1, 0));
      case 'top':
        return setCursor(0);
      case 'bottom':
        return setCursor(last);
      case 'next_page':
        return setPage(query.page + 1);
      case 'previous_page':
        return setPage(query.page - 1);
      case 'search':
        return keyword ? setMode({ kind: 'search' }) : undefined;
      case 'filters':
        return options.otherFilters.length ? setMode({ kind: 'filters' }) : undefined;
      case 'sort':
        if (sortFields.length)
          setQuery((previous) => ({
            ...previous,
            page: 1,
            order: nextOrder(sortFields, previous.order, screen.defaultOrder),
          }));
        return;
      case 'refresh':
        return void list.reload();
      case 'pause':
        return options.setPaused((current) => !current);
      case 'next_tab':
        return options.onNextTab?.();
      case 'create':
        return screen.form ? setMode({ kind: 'form' }) : undefined;
      case 'toolbar_actions':
        return pick(t('tui.kit.toolbar_title'), toolbar, []);
      case 'mark_page': {
        const all = list.rows.every((row) => marked.has(screen.rowKey(row)));
        const next = new Map(marked);
        for (const row of list.rows) {
          if (all) next.delete(screen.rowKey(row));
          else next.set(screen.rowKey(row), row);
        }
        return batch.length ? setMarked(next) : undefined;
      }
    }
    if (action === 'actions' && marked.size > 0)
      return pick(t('tui.kit.batch_title', { count: marked.size }), batch, markedRows());
    if (action === 'delete' && marked.size > 0) {
      const entry = deleteEntry(batch);
      return entry ? actions.start(entry, markedRows(), true) : undefined;
    }
    if (selected === undefined) return;
    if (action === 'detail') setMode({ kind: 'detail', row: selected });
    else if (action === 'toggle') void actions.toggleStatus(selected);
    else if (action === 'actions')
      pick(t('tui.kit.actions_title', { name: actions.nameOf(selected) }), entriesOf(selected), [selected]);
    else if (action === 'edit' && editable(selected)) setMode({ kind: 'form', row: selected });
    else if (action === 'delete') {
      const entry = deleteEntry(entriesOf(selected));
      if (entry) actions.start(entry, [selected], true);
    } else if (action === 'copy') copyRow(selected);
    else if (action === 'mark' && batch.length) {
      const id = screen.rowKey(selected);
      const next = new Map(marked);
      if (next.has(id)) next.delete(id);
      else next.set(id, selected);
      setMarked(next);
      setCursor((current) => Math.min(current + 1, last));
    }
  };

  function copyRow(row: Row) {
    const copier = screen.rowActions.find((one: ActionDef<Row>) => copiesOnly(one));
    if (copier) void actions.run(copier, [row]);
  }

  useKeys(
    (input, key) => {
      if (mode.kind === 'confirm') {
        if (input === 'y' || input === 'Y') void actions.run(mode.action, mode.rows);
        else setMode({ kind: 'list' });
        return;
      }
      if (mode.kind === 'pick') {
        const last = mode.entries.length - 1;
        if (key.escape) return setMode({ kind: 'list' });
        if (input === 'j' || key.downArrow)
          return setMode({ ...mode, cursor: Math.min(last, mode.cursor + 1) });
        if (input === 'k' || key.upArrow) return setMode({ ...mode, cursor: Math.max(0, mode.cursor - 1) });
        const digit = Number(input);
        const chosen = key.return
          ? mode.entries[mode.cursor]
          : Number.isInteger(digit) && digit > 0
            ? mode.entries[digit - 1]
            : undefined;
        if (chosen) actions.start(chosen, mode.rows);
        return;
      }
      if (mode.kind === 'search') {
        if (key.escape) {
          setQuery(({ keyword: _gone, ...rest }) => ({ ...rest, page: 1 }));
          setMode({ kind: 'list' });
        } else if (key.return) setMode({ kind: 'list' });
        return;
      }
      if (mode.kind === 'detail') {
        if (key.return || input === 'd') setMode({ kind: 'list' });
        else if (input === 'y') copyRow(mode.row);
        else if (readOnly) return;
        else if (input === 'e' && editable(mode.row)) setMode({ kind: 'form', row: mode.row });
        else if (input === 'a')
          pick(t('tui.kit.actions_title', { name: actions.nameOf(mode.row) }), entriesOf(mode.row), [
            mode.row,
          ]);
        return;
      }
      if (mode.kind === 'list') onListKey(input, key);
    },
    host.active && mode.kind !== 'form' && mode.kind !== 'filters' && mode.kind !== 'panel',
  );

  return { onBack, extraBindings };
}
