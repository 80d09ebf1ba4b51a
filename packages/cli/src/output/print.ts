import {
  type ColumnContext,
  type ColumnDef,
  DEFAULT_QUOTA_DISPLAY,
  formatIsoTimestamp,
  formatTimestamp,
  type QuotaDisplay,
} from '@gw/core';
import type { CliContext } from '../runtime/context.js';
import type { CliColor } from './color.js';
import { renderJson } from './json.js';
import { renderRecord, renderRecordTsv, renderTable, renderTsv } from './table.js';

/** How column values are rendered here: local `YYYY-MM-DD HH:mm:ss` on a terminal, ISO 8601 on a pipe. */
export function columnContext(ctx: CliContext, quota: QuotaDisplay = DEFAULT_QUOTA_DISPLAY): ColumnContext {
  return { t: ctx.t, quota, time: ctx.stdoutIsTty ? formatTimestamp : formatIsoTimestamp };
}

export interface PrintRowsOptions<Row> {
  quota?: QuotaDisplay;
  cellColor?: (column: ColumnDef<Row>, row: Row) => CliColor;
}

/** Prints rows as a fitted table on a terminal or as header-less TSV on a pipe. */
export function printRows<Row>(
  ctx: CliContext,
  rows: readonly Row[],
  columns: readonly ColumnDef<Row>[],
  options: PrintRowsOptions<Row> = {},
): void {
  const columnCtx = columnContext(ctx, options.quota);
  if (!ctx.stdoutIsTty) {
    ctx.write(renderTsv(rows, columns, columnCtx));
    return;
  }
  ctx.write(
    renderTable(rows, {
      columns,
      ctx: columnCtx,
      paint: ctx.paint,
      width: ctx.columns,
      cellColor: options.cellColor,
    }),
  );
}

/** One field of a record: its stable id (pipes), its i18n label key (terminals) and the value. */
export interface RecordField {
  id: string;
  labelKey: string;
  value: string;
}

/** Prints one record: `Label: value` lines on a terminal, `id<TAB>value` lines on a pipe. */
export function printRecord(ctx: CliContext, fields: readonly RecordField[]): void {
  if (!ctx.stdoutIsTty) {
    ctx.write(renderRecordTsv(fields.map((field) => [field.id, field.value] as const)));
    return;
  }
  ctx.write(
    renderRecord(
      fields.map((field) => [ctx.t(field.labelKey), field.value] as const),
      ctx.paint,
    ),
  );
}

/** Prints a value as `--json` output. */
export function printJson(ctx: CliContext, value: unknown): void {
  ctx.write(renderJson(value));
}
