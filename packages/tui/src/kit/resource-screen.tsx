import {
  type ActionDef,
  actionsFor,
  type ColumnContext,
  formatTimestamp,
  ROLES,
  type ScreenDef,
  type ScreenQuery,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useEffect, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import { useKeys } from '../hooks/use-keys.js';
import { useScreenFrame } from '../hooks/use-screen-frame.js';
import { DataTable } from '../ui/data-table.js';
import { TextInput } from '../ui/text-input.js';
import { FilterForm, formFilters } from './filter-form.js';
import { ActionMenu } from './action-menu.js';
import { listAction, listBindings, MODE_BINDINGS, nextOrder } from './list-keys.js';
import { ResourceForm } from './resource-form.js';
import { RowDetail } from './row-detail.js';
import { useResourceList } from './use-resource-list.js';

// biome-ignore lint/suspicious/noExplicitAny: a kit renders screens of any row and form types
export type AnyScreen = ScreenDef<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: rows of any screen
type Row = any;

type Mode =
  | { kind: 'list' }
  | { kind: 'search' }
  | { kind: 'filters' }
  | { kind: 'detail'; row: Row }
  | { kind: 'form'; row?: Row }
  | { kind: 'pick'; title: string; actions: ActionDef<Row>[]; rows: Row[]; cursor: number }
  | { kind: 'confirm'; text: string; action: ActionDef<Row>; rows: Row[] };

export interface ResourceScreenProps {
  /** One screen, or the tabs of one route (ScreenDef.tab). */
  screens: readonly AnyScreen[];
  /** Where a created list (codes) is written on request; the working directory by default. */
  saveDir?: string;
}

/** Rows around the table on a list screen: title, header row, page line, and a spare for the search line. */
const LIST_CHROME_ROWS = 4;

/**
 * Any core ScreenDef in the terminal: the columns fitted to the width by priority, server paging and
 * sorting, `/` live keyword, a filter form, detail on Enter, the status switch, row, toolbar and
 * batch actions (by role, asked first where the screen says so), create and edit through the kit's
 * form, and tabs where screens share a route.
 */
export function ResourceScreen({ screens, saveDir = process.cwd() }: ResourceScreenProps) {
  const [tab, setTab] = useState(0);
  const screen = screens[tab] ?? screens[0];
  if (!screen) return null;
  return (
    <ScreenBody
      key={screen.tab?.id ?? screen.id}
      screen={screen}
      screens={screens}
      tab={tab}
      onNextTab={() => setTab((tab + 1) % screens.length)}
      saveDir={saveDir}
    />
  );
}

interface ScreenBodyProps {
  screen: AnyScreen;
  screens: readonly AnyScreen[];
  tab: number;
  onNextTab: () => void;
  saveDir: string;
}

function ScreenBody({ screen, screens, tab, onNextTab, saveDir }: ScreenBodyProps) {
  const { t, glyphs, columns, refreshSeconds } = useTuiEnv();
  const { client, quota, user } = useSession();
  const host = useScreenHost();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [paused, setPaused] = useState(false);
  const [cursor, setCursor] = useState(0);
  const [marked, setMarked] = useState<ReadonlyMap<string | number, Row>>(new Map());
  const [indicators, setIndicators] = useState<string[]>([]);
  const notice = screen.noticeKey ? t(screen.noticeKey) : '';
  const tabs = screens.length > 1;
  const size = Math.max(3, host.height - LIST_CHROME_ROWS - (tabs ? 1 : 0) - (notice ? 1 : 0));
  const [query, setQuery] = useState<ScreenQuery>({ page: 1, size, order: screen.defaultOrder });
  useEffect(
    () => setQuery((previous) => (previous.size === size ? previous : { ...previous, size, page: 1 })),
    [size],
  );
  const live = !paused && (mode.kind === 'list' || mode.kind === 'detail');
  const list = useResourceList(screen, client, query, host.notifyError, live ? refreshSeconds : 0);
  const keywordFilter = screen.filters.find((filter) => filter.kind === 'keyword');
  const otherFilters = formFilters(screen.filters, user.role, ROLES.admin);
  const sortFields = screen.columns.flatMap((column) => (column.sortField ? [column.sortField] : []));
  const selected = list.rows[Math.min(cursor, list.rows.length - 1)];
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const nameOf = (row: Row) => screen.rowName?.(row) ?? String(screen.rowKey(row));
  const rowActions = (row: Row | undefined) =>
    row === undefined ? [] : actionsFor(screen.rowActions, row, user.role);

  useEffect(() => {
    let live = true;
    for (const indicator of screen.indicators ?? [])
      indicator.load(client).then(
        (state) => {
          if (live) setIndicators((previous) => [...previous, t(state.labelKey)]);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [screen, client, t]);

  const bindings =
    mode.kind === 'list'
      ? listBindings(screen, {
          filters: otherFilters.length > 0,
          tabs,
          rowActions: screen.rowActions.length > 0,
        })
      : MODE_BINDINGS[mode.kind];
  const onBack = () => {
    if (mode.kind === 'detail' || mode.kind === 'pick') setMode({ kind: 'list' });
    else if (mode.kind === 'list' && marked.size > 0) setMarked(new Map());
    else if (mode.kind === 'list' && query.keyword)
      setQuery(({ keyword: _gone, ...rest }) => ({ ...rest, page: 1 }));
    else return false;
    return true;
  };
  useScreenFrame(
    bindings,
    mode.kind !== 'list' && mode.kind !== 'detail',
    { loading: list.loading, updatedAt: list.updatedAt, paused: paused && refreshSeconds > 0 },
    onBack,
    mode.kind !== 'form',
  );

  const run = async (action: ActionDef<Row>, rows: Row[]) => {
    setMode({ kind: 'list' });
    try {
      const result = await action.run(client, rows);
      if (action.result === 'copy') host.notify(t('tui.kit.copy_text', { text: String(result ?? '') }));
      else host.notify(t(action.doneKey ?? 'tui.kit.done'));
      setMarked(new Map());
    } catch (error) {
      host.notifyError(error);
    }
    await list.reload();
  };
  const start = (action: ActionDef<Row>, rows: Row[]) => {
    if (!action.confirmKey) return void run(action, rows);
    const name = rows.length === 1 && rows[0] !== undefined ? nameOf(rows[0]) : '';
    setMode({ kind: 'confirm', action, rows, text: t(action.confirmKey, { name, count: rows.length }) });
  };
  const toggleStatus = async (row: Row) => {
    const status = screen.status;
    if (!status || !(status.applies?.(row) ?? true)) return;
    const on = !status.isOn(row);
    try {
      await status.set(client, row, on);
      const key = on ? status.onKey : status.offKey;
      host.notify(t(key ?? 'tui.kit.done', { name: nameOf(row) }));
    } catch (error) {
      host.notifyError(error);
    }
    await list.reload();
  };
  const setPage = (page: number) => {
    setQuery((previous) => ({ ...previous, page: Math.min(list.pages, Math.max(1, page)) }));
    setCursor(0);
  };

  useKeys(
    (input, key) => {
      if (mode.kind === 'confirm') {
        if (input === 'y' || input === 'Y') void run(mode.action, mode.rows);
        else setMode({ kind: 'list' });
        return;
      }
      if (mode.kind === 'pick') {
        const last = mode.actions.length - 1;
        if (key.escape) return setMode({ kind: 'list' });
        if (input === 'j' || key.downArrow)
          return setMode({ ...mode, cursor: Math.min(last, mode.cursor + 1) });
        if (input === 'k' || key.upArrow) return setMode({ ...mode, cursor: Math.max(0, mode.cursor - 1) });
        const digit = Number(input);
        const chosen = key.return
          ? mode.actions[mode.cursor]
          : Number.isInteger(digit) && digit > 0
            ? mode.actions[digit - 1]
            : undefined;
        if (chosen) start(chosen, mode.rows);
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
        if (key.return) setMode({ kind: 'list' });
        else if (input === 'e' && screen.editable && (screen.editableRow?.(mode.row) ?? true))
          setMode({ kind: 'form', row: mode.row });
        else if (input === 'a') openRowActions(mode.row);
        return;
      }
      if (mode.kind !== 'list') return;
      const action = listAction(input, key);
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
          return keywordFilter ? setMode({ kind: 'search' }) : undefined;
        case 'filters':
          return otherFilters.length ? setMode({ kind: 'filters' }) : undefined;
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
          return setPaused((current) => !current);
        case 'next_tab':
          return tabs ? onNextTab() : undefined;
        case 'create':
          return screen.form ? setMode({ kind: 'form' }) : undefined;
        case 'toolbar_actions': {
          const actions = (screen.toolbarActions ?? []).filter((one) => (one.role ?? 0) <= user.role);
          if (actions.length)
            setMode({ kind: 'pick', title: t('tui.kit.toolbar_title'), actions, rows: [], cursor: 0 });
          return;
        }
        case 'batch_actions': {
          const rows = [...marked.values()];
          const actions = (screen.batchActions ?? []).filter((one) => (one.role ?? 0) <= user.role);
          if (!actions.length) return;
          if (!rows.length) return host.notify(t('tui.kit.mark_first'), 'error');
          setMode({
            kind: 'pick',
            title: t('tui.kit.batch_title', { count: rows.length }),
            actions,
            rows,
            cursor: 0,
          });
          return;
        }
      }
      if (selected === undefined) return;
      if (action === 'detail') setMode({ kind: 'detail', row: selected });
      else if (action === 'toggle') void toggleStatus(selected);
      else if (action === 'row_actions') openRowActions(selected);
      else if (action === 'edit' && screen.editable && (screen.editableRow?.(selected) ?? true))
        setMode({ kind: 'form', row: selected });
      else if (action === 'mark' && screen.batchActions?.length) {
        const id = screen.rowKey(selected);
        const next = new Map(marked);
        if (next.has(id)) next.delete(id);
        else next.set(id, selected);
        setMarked(next);
        setCursor((current) => Math.min(current + 1, last));
      }
    },
    host.active && mode.kind !== 'form' && mode.kind !== 'filters',
  );

  function openRowActions(row: Row) {
    const actions = rowActions(row);
    if (!actions.length) return host.notify(t('tui.kit.no_actions'), 'error');
    setMode({
      kind: 'pick',
      title: t('tui.kit.actions_title', { name: nameOf(row) }),
      actions,
      rows: [row],
      cursor: 0,
    });
  }

  if (mode.kind === 'form' && screen.form)
    return (
      <Box flexDirection="column" paddingX={1}>
        <ResourceForm
          form={screen.form}
          row={mode.row}
          saveDir={saveDir}
          onClose={(saved) => {
            setMode({ kind: 'list' });
            if (saved) void list.reload();
          }}
        />
      </Box>
    );
  if (mode.kind === 'filters')
    return (
      <Box flexDirection="column" paddingX={1}>
        <FilterForm
          filters={otherFilters}
          query={query}
          onCancel={() => setMode({ kind: 'list' })}
          onApply={(values) => {
            setQuery((previous) => {
              const next: ScreenQuery = { ...previous, page: 1 };
              for (const [name, value] of Object.entries(values)) {
                if (value === '') delete next[name];
                else next[name] = value;
              }
              return next;
            });
            setCursor(0);
            setMode({ kind: 'list' });
          }}
        />
      </Box>
    );
  if (mode.kind === 'detail')
    return (
      <RowDetail
        title={`${t(screen.titleKey)}: ${nameOf(mode.row)}`}
        row={mode.row}
        columns={screen.columns}
        ctx={ctx}
      />
    );

  const sortColumn = screen.columns.find(
    (column) => column.sortField && query.order.replace(/^-/, '') === column.sortField,
  );
  const parts = [
    t(screen.titleKey),
    ...indicators,
    query.keyword ? t('tui.tokens.filter_active', { keyword: query.keyword }) : '',
    otherFilters.some((filter) => query[filter.name] !== undefined)
      ? t('tui.kit.filters_active', {
          count: otherFilters.filter((filter) => query[filter.name] !== undefined).length,
        })
      : '',
    query.order !== screen.defaultOrder && sortColumn
      ? t('tui.kit.sorted', {
          column: t(sortColumn.titleKey),
          direction: query.order.startsWith('-') ? '↓' : '↑',
        })
      : '',
    marked.size ? t('tui.kit.marked', { count: marked.size }) : '',
  ].filter(Boolean);
  const markedHere = new Set(
    list.rows.flatMap((row, index) => (marked.has(screen.rowKey(row)) ? [index] : [])),
  );
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">
        {glyphs.text(parts.join('  '))}
      </Text>
      {tabs ? (
        <Text wrap="truncate-end">
          {screens.map((one, index) => {
            const label = t(one.tab?.labelKey ?? one.titleKey);
            return index === tab ? `[${label}] ` : ` ${label}  `;
          })}
        </Text>
      ) : null}
      {notice ? (
        <Text dimColor wrap="truncate-end">
          {glyphs.text(notice)}
        </Text>
      ) : null}
      {mode.kind === 'search' ? (
        <Box>
          <Text color="cyan">{`${t(keywordFilter?.placeholderKey ?? keywordFilter?.labelKey ?? 'common.search')}: /`}</Text>
          <TextInput
            value={String(query.keyword ?? '')}
            onChange={(keyword) => {
              // Live: every key asks the server again from page 1.
              setQuery(({ keyword: _old, ...rest }) =>
                keyword ? { ...rest, keyword, page: 1 } : { ...rest, page: 1 },
              );
              setCursor(0);
            }}
            focus={host.active}
          />
        </Box>
      ) : null}
      {mode.kind === 'confirm' ? <Text color="yellow" bold>{`${mode.text} [y/N]`}</Text> : null}
      {mode.kind === 'pick' ? (
        <ActionMenu title={mode.title} actions={mode.actions} cursor={mode.cursor} />
      ) : null}
      <DataTable
        columns={screen.columns}
        rows={list.rows}
        ctx={ctx}
        selected={Math.min(cursor, list.rows.length - 1)}
        width={columns - 2}
        glyphs={glyphs}
        marked={markedHere}
      />
      {list.rows.length === 0 ? (
        <Text dimColor>
          {glyphs.text(t(list.loading ? 'common.loading' : (screen.emptyKey ?? 'common.no_data')))}
        </Text>
      ) : null}
      {list.updatedAt === undefined ? null : (
        <Text dimColor>
          {t('common.page_of', {
            page: list.shown?.page ?? query.page,
            pages: list.pages,
            total: list.total,
          })}
        </Text>
      )}
    </Box>
  );
}
