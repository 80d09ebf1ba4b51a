import type { ColumnContext, ColumnDef } from '@gw/core';
import { fitCells, fitColumnsToWidth, renderRows } from '@gw/core';
import { Box, Text } from 'ink';
import type { Glyphs } from './glyphs.js';

const GAP = 2;
/** The widest a column grows before its cells are cut, so one long name cannot push others off. */
export const TABLE_MAX_COLUMN_WIDTH = 36;

export interface DataTableProps<Row> {
  columns: readonly ColumnDef<Row>[];
  rows: readonly Row[];
  ctx: ColumnContext;
  selected: number;
  width: number;
  glyphs: Glyphs;
  /** Rows marked for a batch action (by position), drawn with `*`. */
  marked?: ReadonlySet<number>;
}

/** A table drawn from core column definitions; columns drop by priority when the width is short. */
export function DataTable<Row>({ columns, rows, ctx, selected, width, glyphs, marked }: DataTableProps<Row>) {
  const titles = columns.map((column) => ctx.t(column.titleKey));
  const cells = renderRows(rows, columns, ctx);
  const markerWidth = 2;
  const fitted = fitColumnsToWidth(columns, titles, cells, width - markerWidth, GAP, {
    maxWidth: TABLE_MAX_COLUMN_WIDTH,
  });
  const line = (values: readonly string[]) =>
    fitted.indexes
      .map((columnIndex, position) =>
        fitCells(glyphs.text(values[columnIndex] ?? ''), fitted.widths[position] ?? 0, glyphs.ellipsis),
      )
      .join(' '.repeat(GAP))
      .trimEnd();
  return (
    <Box flexDirection="column">
      <Text bold>{`${' '.repeat(markerWidth)}${line(titles)}`}</Text>
      {cells.map((values, rowIndex) => {
        const isSelected = rowIndex === selected;
        const marker = `${isSelected ? glyphs.pointer : ' '}${marked?.has(rowIndex) ? '*' : ' '}`;
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
