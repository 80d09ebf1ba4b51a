import { type ColumnContext, type ColumnDef, displayWidth, fitCells } from '@gw/core';
import { Box, Text } from 'ink';
import { useTuiEnv } from '../hooks/tui-context.js';

export interface RowDetailProps<Row> {
  title: string;
  row: Row;
  columns: readonly ColumnDef<Row>[];
  ctx: ColumnContext;
}

/** One row on its own: every column of the screen (not only those the table had room for), one a line. */
export function RowDetail<Row>({ title, row, columns, ctx }: RowDetailProps<Row>) {
  const { t, glyphs } = useTuiEnv();
  const lines = columns.map((column): [string, string] => [t(column.titleKey), column.value(row, ctx)]);
  const labelWidth = Math.min(24, Math.max(...lines.map(([label]) => displayWidth(label))));
  return (
    <Box flexDirection="column" paddingX={1}>
      <Text bold>{title}</Text>
      {lines.map(([label, value]) => (
        <Text
          key={label}
          wrap="truncate-end"
        >{`  ${fitCells(label, labelWidth, glyphs.ellipsis)}  ${glyphs.text(value)}`}</Text>
      ))}
      <Text dimColor>{t('tui.kit.detail_hint')}</Text>
    </Box>
  );
}
