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
import type { DetailBlock } from './screen-extras.js';

export interface RowDetailProps {
  screen: AnyScreen;
  /** The list's query: its view picks the columns (an admin search's owner). */
  query: ScreenQuery;
  // biome-ignore lint/suspicious/noExplicitAny: a row of any screen
  row: any;
  /** The screen's own detail lines (ScreenExtras.detailLines); its columns otherwise. */
  // biome-ignore lint/suspicious/noExplicitAny: a row of any screen
  detailLines?: (row: any, ctx: ColumnContext) => readonly { labelKey: string; text: string }[];
  /** A block under the lines (ScreenExtras.detailBlock). */
  // biome-ignore lint/suspicious/noExplicitAny: a row of any screen
  detailBlock?: (row: any) => DetailBlock | undefined;
}

/**
 * One row on its own: every column of the screen (not only those the table had room for), one a
 * line; a long value wraps over the lines the pane has left.
 */
export function RowDetail({ screen, query, row, detailLines, detailBlock }: RowDetailProps) {
  const { t, glyphs } = useTuiEnv();
  const { quota } = useSession();
  const host = useScreenHost();
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const name = screen.rowName?.(row) ?? String(screen.rowKey(row));
  const lines: [string, string][] = detailLines
    ? detailLines(row, ctx).map((line) => [t(line.labelKey), line.text])
    : screenColumns(screen, query).map((column) => [t(column.titleKey), column.value(row, ctx)]);
  const labelWidth = Math.min(24, Math.max(...lines.map(([label]) => displayWidth(label))));
  const block = detailBlock?.(row);
  const blockLines = block ? block.text.split('\n') : [];
  const spare = host.height - lines.length - 2 - (block ? blockLines.length + 1 : 0);
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold wrap="truncate-end">{`${t(screen.titleKey)}: ${name}`}</Text>
      {lines.map(([label, value]) => (
        <Box key={label}>
          <Text>{`  ${fitCells(label, labelWidth, glyphs.ellipsis)}  `}</Text>
          <Text wrap={spare > 0 ? 'wrap' : 'truncate-end'}>{glyphs.text(value)}</Text>
        </Box>
      ))}
      {block ? <Text bold>{`  ${t(block.titleKey)}`}</Text> : null}
      {/* The block's lines as they are (indented JSON), cut at the pane's foot and at its width. */}
      {blockLines.slice(0, Math.max(1, host.height - lines.length - 3)).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one text, in order
        <Text key={index} wrap="truncate-end">{`    ${glyphs.text(line)}`}</Text>
      ))}
    </Box>
  );
}
