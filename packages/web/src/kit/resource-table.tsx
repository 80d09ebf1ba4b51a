import { Checkbox, HTMLTable, Icon, ProgressBar, Tag } from '@blueprintjs/core';
import type { ColumnContext, ScreenDef } from '@gw/core';
import { nextOrder, orderDirection } from '../features/tokens/token-list';
import { useT } from '../lib/use-t';
import { CopyCell } from './copy-cell';
import { InlineNumber } from './inline-number';
import { RowActions } from './row-actions';
import { StatusSwitch } from './status-switch';

export type RowKey = string | number;

interface ResourceTableProps<Row, Values, Input> {
  screen: ScreenDef<Row, Values, Input>;
  rows: readonly Row[];
  loading: boolean;
  /** The rows are the previous query's, shown dimmed while the new ones load (never as current). */
  stale?: boolean;
  order: string;
  onOrder: (order: string) => void;
  ctx: ColumnContext;
  role: number;
  /** Present when the screen has batch actions: the selected rows' keys. */
  selected?: ReadonlySet<RowKey>;
  onSelect?: (keys: ReadonlySet<RowKey>) => void;
  onEdit?: (row: Row) => void;
}

/**
 * A screen's table: core's columns, sortable headers (with the column's hint), a loading bar, the
 * "no data" row, the inline status switch, row selection and the row actions; scrolls sideways
 * inside its frame when wider than the page.
 */
export function ResourceTable<Row, Values, Input>(props: ResourceTableProps<Row, Values, Input>) {
  const { screen, rows, ctx, selected, onSelect } = props;
  const t = useT();
  const name = (row: Row) => screen.rowName?.(row) ?? String(screen.rowKey(row));
  const keys = rows.map((row) => screen.rowKey(row));
  const allSelected = selected !== undefined && keys.length > 0 && keys.every((key) => selected.has(key));
  const toggle = (key: RowKey) => {
    if (!selected || !onSelect) return;
    const next = new Set(selected);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    onSelect(next);
  };
  const span = screen.columns.length + 1 + (selected ? 1 : 0);
  return (
    <div className="gw-table-wrap">
      {props.loading && <ProgressBar intent="primary" className="gw-table-progress" />}
      <HTMLTable
        compact
        striped
        interactive
        className={props.stale ? 'gw-table gw-table-stale' : 'gw-table'}
        aria-label={t(screen.titleKey)}
        aria-busy={props.loading}
      >
        <thead>
          <tr>
            {selected && (
              <th className="gw-select-cell">
                <Checkbox
                  aria-label={t('web.kit.select_page')}
                  checked={allSelected}
                  indeterminate={!allSelected && keys.some((key) => selected.has(key))}
                  onChange={() => onSelect?.(new Set(allSelected ? [] : keys))}
                />
              </th>
            )}
            {screen.columns.map((column) => {
              const direction = orderDirection(props.order, column.sortField);
              const title = t(column.titleKey);
              const help = column.helpKey ? t(column.helpKey) : undefined;
              return (
                <th
                  key={column.id}
                  title={help}
                  aria-sort={
                    direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined
                  }
                >
                  {column.sortField ? (
                    <button
                      type="button"
                      className="gw-sort-button"
                      aria-label={t('web.kit.sort_by', { name: title })}
                      onClick={() => props.onOrder(nextOrder(props.order, column.sortField as string))}
                    >
                      {title}
                      <Icon
                        icon={
                          direction === 'asc'
                            ? 'caret-up'
                            : direction === 'desc'
                              ? 'caret-down'
                              : 'double-caret-vertical'
                        }
                        size={12}
                      />
                    </button>
                  ) : (
                    title
                  )}
                  {help && <Icon icon="help" size={12} className="gw-column-help" aria-label={help} />}
                </th>
              );
            })}
            <th>{t('common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !props.loading && (
            <tr>
              <td colSpan={span} className="gw-no-data">
                {t(screen.emptyKey ?? 'common.no_data')}
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const key = screen.rowKey(row);
            return (
              <tr key={key}>
                {selected && (
                  <td className="gw-select-cell">
                    <Checkbox
                      aria-label={t('web.kit.select_row', { name: name(row) })}
                      checked={selected.has(key)}
                      onChange={() => toggle(key)}
                    />
                  </td>
                )}
                {screen.columns.map((column) => {
                  const inline = screen.inlineNumbers?.find((def) => def.column === column.id);
                  return (
                    <td key={column.id}>
                      {inline ? (
                        <InlineNumber def={inline} row={row} name={name(row)} entity={screen.entity} />
                      ) : column.image ? (
                        column.value(row, ctx) ? (
                          <img
                            className="gw-cell-image"
                            src={column.value(row, ctx)}
                            alt={t('web.kit.image_of', { name: name(row) })}
                          />
                        ) : null
                      ) : screen.status && screen.status.column === column.id ? (
                        <StatusSwitch
                          status={screen.status}
                          row={row}
                          name={name(row)}
                          text={column.value(row, ctx)}
                          entity={screen.entity}
                        />
                      ) : column.chips ? (
                        <span className="gw-cell-chips">
                          {/* A cell's chips are distinct texts (a group's models, a model's modalities). */}
                          {column.chips(row, ctx).map((chip) => (
                            <Tag key={chip.text} minimal round intent={chip.tone ?? 'none'}>
                              {chip.text}
                            </Tag>
                          ))}
                        </span>
                      ) : column.copy ? (
                        <CopyCell
                          text={column.value(row, ctx)}
                          chip={column.chip}
                          tone={column.tone?.(row)}
                        />
                      ) : column.chip ? (
                        <Tag minimal round intent={column.tone?.(row) ?? 'none'}>
                          {column.value(row, ctx)}
                        </Tag>
                      ) : (
                        column.value(row, ctx)
                      )}
                    </td>
                  );
                })}
                <td>
                  <RowActions
                    row={row}
                    name={name(row)}
                    actions={screen.rowActions}
                    role={props.role}
                    entity={screen.entity}
                    onEdit={
                      props.onEdit && (screen.editableRow?.(row) ?? true)
                        ? () => props.onEdit?.(row)
                        : undefined
                    }
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}
