import { ROLES, type ScreenDef, type ScreenQuery, screenForRole } from '@gw/core';
import { Box } from 'ink';
import { useEffect, useMemo, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import { useScreenFrame } from '../hooks/use-screen-frame.js';
import { ActionMenu } from './action-menu.js';
import { FilterForm, formFilters } from './filter-form.js';
import { listBindings, MODE_BINDINGS } from './list-keys.js';
import { ListView } from './list-view.js';
import { ResourceForm } from './resource-form.js';
import { RowDetail } from './row-detail.js';
import { batchEntries, copiesOnly, type EntryContext, listEntries, rowEntries } from './screen-entries.js';
import type { ScreenExtras } from './screen-extras.js';
import { type Mode, useListKeys } from './use-list-keys.js';
import { useResourceList } from './use-resource-list.js';
import { useScreenActions } from './use-screen-actions.js';

// biome-ignore lint/suspicious/noExplicitAny: a kit renders screens of any row and form types
export type AnyScreen = ScreenDef<any, any, any>;
// biome-ignore lint/suspicious/noExplicitAny: rows of any screen
type Row = any;

/**
 * A list-only screen (no form: its Values are `never`) as the kit takes it; the kit never opens a form
 * for a screen without one.
 */
export function listOnly(screen: ScreenDef<Row, never, never>): AnyScreen {
  return screen as unknown as AnyScreen;
}

export interface ResourceScreenProps {
  /** One screen, or the tabs of one route (ScreenDef.tab). */
  screens: readonly AnyScreen[];
  /** Where a created list (codes) is written on request; the working directory by default. */
  saveDir?: string;
  /** The screen's terminal-only panels, result texts and quick keys. */
  extras?: ScreenExtras<Row>;
}

/** Rows around the table on a list screen: title, header row, page line, and a spare for the search line. */
const LIST_CHROME_ROWS = 4;

/**
 * Any core ScreenDef in the terminal: the columns fitted to the width by priority, server paging and
 * sorting, `/` live keyword, a filter form, detail on Enter, the status switch, row, toolbar and
 * batch actions over marked rows (by role, asked first where the screen says so, hidden in read-only
 * mode), create and edit through the kit's form, the screen's own panels, and tabs where screens
 * share a route.
 */
export function ResourceScreen({
  screens: described,
  saveDir = process.cwd(),
  extras = {},
}: ResourceScreenProps) {
  const { user } = useSession();
  // Below admin a screen lists the user's own rows (selfList) without the admin-only columns and filters.
  const screens = useMemo(
    () => described.map((one) => screenForRole(one, user.role)),
    [described, user.role],
  );
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
      extras={extras}
    />
  );
}

interface ScreenBodyProps {
  screen: AnyScreen;
  screens: readonly AnyScreen[];
  tab: number;
  onNextTab: () => void;
  saveDir: string;
  extras: ScreenExtras<Row>;
}

function ScreenBody({ screen, screens, tab, onNextTab, saveDir, extras }: ScreenBodyProps) {
  const { refreshSeconds, readOnly } = useTuiEnv();
  const { client, user } = useSession();
  const host = useScreenHost();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [cursor, setCursor] = useState(0);
  const [marked, setMarked] = useState<ReadonlyMap<string | number, Row>>(new Map());
  const notice = Boolean(screen.noticeKey);
  const tabs = screens.length > 1;
  const Summary = extras.summary;
  const size = Math.max(
    3,
    host.height - LIST_CHROME_ROWS - (tabs ? 1 : 0) - (notice ? 1 : 0) - (Summary ? 1 : 0),
  );
  const [query, setQuery] = useState<ScreenQuery>({ page: 1, size, order: screen.defaultOrder });
  useEffect(
    () => setQuery((previous) => (previous.size === size ? previous : { ...previous, size, page: 1 })),
    [size],
  );
  const list = useResourceList(screen, client, query, {
    refreshSeconds,
    live: mode.kind === 'list' || mode.kind === 'detail',
    onError: host.notifyError,
  });
  const otherFilters = formFilters(screen.filters, user.role, ROLES.admin);
  const context: EntryContext = { role: user.role, readOnly };
  const panels = extras.extras ?? [];
  const entriesOf = (row: Row) => rowEntries(screen.rowActions, panels, row, context);
  const toolbar = listEntries(screen.toolbarActions ?? [], panels, context);
  const batch = batchEntries(screen.batchActions ?? [], context);

  const actions = useScreenActions({
    screen,
    extras,
    setMode,
    afterRun: (clearMarks) => {
      if (clearMarks) setMarked(new Map());
      void list.reload();
    },
  });
  const keys = useListKeys({
    screen,
    mode,
    setMode,
    list,
    query,
    setQuery,
    cursor,
    setCursor,
    marked,
    setMarked,
    setPaused: list.setPaused,
    onNextTab: tabs ? onNextTab : undefined,
    otherFilters,
    entriesOf,
    toolbar,
    batch,
    actions,
    extras,
    readOnly,
  });

  const offered: Record<string, boolean> = {
    e: !readOnly && Boolean(screen.editable),
    a: !readOnly && (screen.rowActions.length > 0 || panels.some((extra) => extra.scope === 'row')),
    y: screen.rowActions.some(copiesOnly),
  };
  const detailBindings = MODE_BINDINGS.detail.filter((binding) => offered[binding.keys] ?? true);
  const bindings =
    mode.kind === 'list'
      ? listBindings(screen, {
          filters: otherFilters.length > 0,
          tabs,
          rowActions: screen.rowActions.length > 0 || panels.some((extra) => extra.scope === 'row'),
          batchActions: batch.length > 0,
          toolbarActions: toolbar.length > 0,
          deletes: screen.rowActions.some((action) => action.id === 'delete'),
          copies: screen.rowActions.some(copiesOnly),
          readOnly,
          extra: keys.extraBindings,
        })
      : mode.kind === 'detail'
        ? detailBindings
        : mode.kind === 'search' || mode.kind === 'pick' || mode.kind === 'confirm'
          ? MODE_BINDINGS[mode.kind]
          : [];
  // A form, the filters and a panel publish their own keys.
  const owned = mode.kind !== 'form' && mode.kind !== 'filters' && mode.kind !== 'panel';
  useScreenFrame(bindings, mode.kind !== 'list' && mode.kind !== 'detail', list.refresh, keys.onBack, owned);

  const form = mode.kind === 'form' ? (mode.form ?? screen.form) : undefined;
  if (mode.kind === 'form' && form)
    return (
      <Box flexDirection="column" paddingX={1}>
        <ResourceForm
          form={form}
          row={mode.row}
          saveDir={saveDir}
          onClose={(saved) => {
            setMode({ kind: 'list' });
            if (saved) {
              setMarked(new Map());
              void list.reload();
            }
          }}
        />
      </Box>
    );
  if (mode.kind === 'panel')
    return (
      <Box flexDirection="column" paddingX={1}>
        {mode.extra.panel({
          row: mode.row,
          close: (changed) => {
            setMode({ kind: 'list' });
            if (changed) void list.reload();
          },
        })}
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
  if (mode.kind === 'detail' && extras.detail) {
    const Detail = extras.detail;
    return <Detail row={mode.row} />;
  }
  if (mode.kind === 'detail')
    return (
      <RowDetail
        screen={screen}
        query={query}
        row={mode.row}
        detailLines={extras.detailLines}
        detailBlock={extras.detailBlock}
      />
    );
  return (
    <ListView
      screen={screen}
      screens={screens}
      tab={tab}
      list={list}
      query={query}
      setQuery={setQuery}
      cursor={cursor}
      setCursor={setCursor}
      marked={marked}
      searching={mode.kind === 'search'}
      otherFilters={otherFilters}
      summary={Summary ? <Summary query={query} updatedAt={list.updatedAt} /> : undefined}
      overlay={
        mode.kind === 'pick' ? (
          <ActionMenu title={mode.title} entries={mode.entries} cursor={mode.cursor} />
        ) : mode.kind === 'confirm' ? (
          mode.text
        ) : undefined
      }
    />
  );
}
