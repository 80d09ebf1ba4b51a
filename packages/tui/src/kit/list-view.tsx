import {
  type ColumnContext,
  type FilterDef,
  formatTimestamp,
  type ScreenQuery,
  screenColumns,
} from '@gw/core';
import { Box, Text } from 'ink';
import { type Dispatch, type ReactNode, type SetStateAction, useEffect, useState } from 'react';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import { DataTable } from '../ui/data-table.js';
import { TextInput } from '../ui/text-input.js';
import type { AnyScreen } from './resource-screen.js';
import type { useResourceList } from './use-resource-list.js';

// biome-ignore lint/suspicious/noExplicitAny: rows of any screen
type Row = any;

export interface ListViewProps {
  screen: AnyScreen;
  screens: readonly AnyScreen[];
  tab: number;
  list: ReturnType<typeof useResourceList<Row>>;
  query: ScreenQuery;
  setQuery: Dispatch<SetStateAction<ScreenQuery>>;
  cursor: number;
  setCursor: Dispatch<SetStateAction<number>>;
  marked: ReadonlyMap<string | number, Row>;
  searching: boolean;
  otherFilters: readonly FilterDef[];
  /** A menu (an element) or a question (its text) shown above the table. */
  overlay?: ReactNode;
  /** The screen's summary line (ScreenExtras.summary), under the notice. */
  summary?: ReactNode;
}

/** The states core says a screen shows in its title (a bot's "online"), read once when it opens. */
function useIndicators(screen: AnyScreen): string[] {
  const { t } = useTuiEnv();
  const { client } = useSession();
  const [indicators, setIndicators] = useState<string[]>([]);
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
  return indicators;
}

/** A list screen's page: title line, tabs, notice, search line, a menu or question, the table, the pager. */
export function ListView(props: ListViewProps) {
  const { screen, screens, tab, list, query, setQuery, cursor, setCursor, marked, searching } = props;
  const { t, glyphs, columns } = useTuiEnv();
  const { quota } = useSession();
  const host = useScreenHost();
  const indicators = useIndicators(screen);
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const keywordFilter = screen.filters.find((filter) => filter.kind === 'keyword');
  const active = props.otherFilters.filter((filter) => query[filter.name] !== undefined).length;
  const sortColumn = screen.columns.find(
    (column) => column.sortField && query.order.replace(/^-/, '') === column.sortField,
  );
  const title = [
    t(screen.titleKey),
    ...indicators,
    query.keyword ? t('tui.tokens.filter_active', { keyword: query.keyword }) : '',
    active ? t('tui.kit.filters_active', { count: active }) : '',
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
        {glyphs.text(title.join('  '))}
      </Text>
      {screens.length > 1 ? (
        <Text wrap="truncate-end">
          {screens.map((one, index) => {
            const label = t(one.tab?.labelKey ?? one.titleKey);
            return index === tab ? `[${label}] ` : ` ${label}  `;
          })}
        </Text>
      ) : null}
      {screen.noticeKey ? (
        <Text dimColor wrap="truncate-end">
          {glyphs.text(t(screen.noticeKey))}
        </Text>
      ) : null}
      {props.summary ?? null}
      {searching ? (
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
      {typeof props.overlay === 'string' ? (
        <Text color="yellow" bold wrap="truncate-end">{`${props.overlay} [y/N]`}</Text>
      ) : (
        props.overlay
      )}
      <DataTable
        columns={screenColumns(screen, query)}
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
