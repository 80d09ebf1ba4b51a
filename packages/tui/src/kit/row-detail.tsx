import {
  type ColumnContext,
  displayWidth,
  fitCells,
  formatTimestamp,
  type ScreenQuery,
  screenColumns,
} from '@gw/core';
import { Box, Text } from 'ink';
import { useScreenHost, useSession, useTuiEnv } from '../hooks/tui-context.js';
import type { AnyScreen } from './resource-screen.js';

export interface RowDetailProps {
  screen: AnyScreen;
  /** The list's query: its view picks the columns (an admin search's owner). */
  query: ScreenQuery;
  // biome-ignore lint/suspicious/noExplicitAny: a row of any screen
  row: any;
  /** The screen's own detail lines (ScreenExtras.detailLines); its columns otherwise. */
  // biome-ignore lint/suspicious/noExplicitAny: a row of any screen
  detailLines?: (row: any, ctx: ColumnContext) => readonly { labelKey: string; text: string }[];
}

/**
 * One row on its own: every column of the screen (not only those the table had room for), one a
 * line; a long value wraps over the lines the pane has left.
 */
export function RowDetail({ screen, query, row, detailLines }: RowDetailProps) {
  const { t, glyphs } = useTuiEnv();
  const { quota } = useSession();
  const host = useScreenHost();
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const name = screen.rowName?.(row) ?? String(screen.rowKey(row));
  const lines: [string, string][] = detailLines
    ? detailLines(row, ctx).map((line) => [t(line.labelKey), line.text])
    : screenColumns(screen, query).map((column) => [t(column.titleKey), column.value(row, ctx)]);
  const labelWidth = Math.min(24, Math.max(...lines.map(([label]) => displayWidth(label))));
  const spare = host.height - lines.length - 2;
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">{`${t(screen.titleKey)}: ${name}`}</Text>
      {lines.map(([label, value]) => (
        <Box key={label}>
          <Text>{`  ${fitCells(label, labelWidth, glyphs.ellipsis)}  `}</Text>
          <Text wrap={spare > 0 ? 'wrap' : 'truncate-end'}>{glyphs.text(value)}</Text>
        </Box>
      ))}
    </Box>
  );
}
