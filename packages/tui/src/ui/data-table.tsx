import type { ColumnContext, ColumnDef } from '@gw/core';
import { renderRows } from '@gw/core';
import { Box, Text } from 'ink';
import { fitColumns } from './fit-columns.js';
import type { Glyphs } from './glyphs.js';
import { fitToWidth } from './text-width.js';

const GAP = 2;

export interface DataTableProps<Row> {
  columns: readonly ColumnDef<Row>[];
  rows: readonly Row[];
  ctx: ColumnContext;
  selected: number;
  width: number;
  glyphs: Glyphs;
}

/** A table drawn from core column definitions; columns drop by priority when the width is short. */
export function DataTable<Row>({ columns, rows, ctx, selected, width, glyphs }: DataTableProps<Row>) {
  const titles = columns.map((column) => ctx.t(column.titleKey));
  const cells = renderRows(rows, columns, ctx);
  const markerWidth = 2;
  const fitted = fitColumns(columns, titles, cells, width - markerWidth, GAP);
  const indexes = fitted.columns.map((column) => columns.indexOf(column));
  const line = (values: readonly string[]) =>
    indexes
      .map((columnIndex, position) =>
        fitToWidth(glyphs.text(values[columnIndex] ?? ''), fitted.widths[position] ?? 0, glyphs.ellipsis),
      )
      .join(' '.repeat(GAP))
      .trimEnd();
  return (
    <Box flexDirection="column">
      <Text bold>{`${' '.repeat(markerWidth)}${line(titles)}`}</Text>
      {cells.map((values, rowIndex) => {
        const isSelected = rowIndex === selected;
        const marker = isSelected ? `${glyphs.pointer} ` : '  ';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional within one page
          <Text key={rowIndex} inverse={isSelected} wrap="truncate-end">
            {`${marker}${line(values)}`}
          </Text>
        );
      })}
    </Box>
  );
}
