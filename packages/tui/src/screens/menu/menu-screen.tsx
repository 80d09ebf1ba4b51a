import type { MenuItem } from '@gw/core';
import { Box, Text } from 'ink';
import { useKeys } from '../../hooks/use-keys.js';
import { useScreenFrame } from '../../hooks/use-screen-frame.js';
import { useScreenHost, useTuiEnv } from '../../hooks/tui-context.js';
import { isSelectable, menuRows, visibleWindow } from './menu-rows.js';

/** Where the menu's cursor is and which collapses are open (kept by the shell across screens). */
export interface MenuState {
  cursorId: string;
  expanded: ReadonlySet<string>;
}

export interface MenuScreenProps {
  menu: readonly MenuItem[];
  state: MenuState;
  onState: (state: MenuState) => void;
  onOpen: (item: MenuItem) => void;
}

const BINDINGS = [
  { keys: 'j/k', labelKey: 'tui.keys.move' },
  { keys: 'g/G', labelKey: 'tui.keys.top_bottom' },
  { keys: 'Enter', labelKey: 'tui.keys.open' },
  { keys: 'Space', labelKey: 'tui.keys.expand' },
];

/** The console menu: the same groups, collapses and items as the web sidebar, driven by keys. */
export function MenuScreen({ menu, state, onState, onOpen }: MenuScreenProps) {
  const { t, glyphs } = useTuiEnv();
  const host = useScreenHost();
  useScreenFrame(BINDINGS, false);
  const rows = menuRows(menu, state.expanded);
  const selectable = rows.flatMap((row, index) => (isSelectable(row) ? [index] : []));
  const found = rows.findIndex((row) => isSelectable(row) && row.entry.id === state.cursorId);
  const cursor = found >= 0 ? found : (selectable[0] ?? 0);

  const moveTo = (index: number | undefined) => {
    const row = index === undefined ? undefined : rows[index];
    if (row) onState({ ...state, cursorId: row.entry.id });
  };
  const toggle = (id: string, open?: boolean) => {
    const expanded = new Set(state.expanded);
    if (open ?? !expanded.has(id)) expanded.add(id);
    else expanded.delete(id);
    onState({ cursorId: id, expanded });
  };

  useKeys((input, key) => {
    const position = selectable.indexOf(cursor);
    const row = rows[cursor];
    if (input === 'j' || key.downArrow) moveTo(selectable[Math.min(position + 1, selectable.length - 1)]);
    else if (input === 'k' || key.upArrow) moveTo(selectable[Math.max(position - 1, 0)]);
    else if (input === 'g' || key.home) moveTo(selectable[0]);
    else if (input === 'G' || key.end) moveTo(selectable.at(-1));
    else if (row?.kind === 'collapse' && (key.return || input === ' ')) toggle(row.entry.id);
    else if (row?.kind === 'collapse' && key.rightArrow) toggle(row.entry.id, true);
    else if (row?.kind === 'collapse' && key.leftArrow) toggle(row.entry.id, false);
    else if (row?.kind === 'item' && (key.return || key.rightArrow)) onOpen(row.entry);
  }, host.active);

  const window = visibleWindow(rows.length, cursor, Math.max(3, host.height));
  return (
    <Box flexDirection="column" paddingX={1}>
      {rows.slice(window.start, window.end).map((row, offset) => {
        const index = window.start + offset;
        const indent = '  '.repeat(row.depth);
        if (row.kind === 'group')
          return <Text key={row.entry.id} dimColor>{`${indent}${t(row.entry.title)}`}</Text>;
        if (row.kind === 'error')
          return (
            <Text key={row.entry.id} color="red">
              {t('nav.error')}
            </Text>
          );
        const selected = index === cursor;
        const mark = row.kind === 'collapse' ? `${row.expanded ? glyphs.expanded : glyphs.collapsed} ` : '';
        const pointer = selected ? glyphs.pointer : ' ';
        return (
          <Text key={row.entry.id} inverse={selected} wrap="truncate-end">
            {`${pointer}${indent}${mark}${t(row.entry.title)}`}
          </Text>
        );
      })}
    </Box>
  );
}
