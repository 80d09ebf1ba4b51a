import { Button, Checkbox, HTMLTable, Icon, ProgressBar } from '@blueprintjs/core';
import './kit.css';
import { type ColumnContext, type ColumnDef, type ScreenDef, toggleInSet, truncateText } from '@gw/core';
import { Fragment, type ReactNode, useState } from 'react';
import { nextOrder, orderDirection } from './list-order';
import { useT } from '../lib/use-t';
import { CopyCell } from './copy-cell';
import { InlineNumber } from './inline-number';
import { LabelChip } from './label-chip';
import { RowActions } from './row-actions';
import { ariaSort, SortButton } from './sort-button';
import { StatusSwitch } from './status-switch';

export type RowKey = string | number;

/** A cell a page draws itself; `span` above 1 also covers that many following columns. */
export interface CellSlot {
  content: ReactNode;
  span?: number;
}

/**
 * Hooks a page gives the kit's table where a screen needs more than text (console-screens §1.3: inline
 * fields, chips that act, rows that open): each returns undefined to keep the kit's own drawing.
 */
export interface RowSlots<Row> {
  /** A column's cell drawn by the page. */
  cell?: (row: Row, columnId: string) => CellSlot | undefined;
  /** What shows under an opened row; rows it returns undefined for have no chevron. */
  expand?: (row: Row) => (() => ReactNode) | undefined;
  /** The actions cell; `edit` opens the kit's form, `defaults` is the kit's own "⋯" menu. */
  actions?: (row: Row, kit: { edit?: () => void; defaults: ReactNode }) => ReactNode;
  /**
   * Columns whose cells may break onto more lines (kit cells stay on one): a wide table (the logs')
   * then fits its frame instead of scrolling its last columns under the sticky actions column.
   */
  wrap?: readonly string[];
}

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
  slots?: RowSlots<Row>;
  /** The i18n key of the empty list's text (core's emptyStateKey). */
  emptyKey: string;
  /**
   * Columns a page draws inside another's cell, by id → the id of the one holding it (a channel's
   * balance beside its used quota, §1.3): left out, their title joined to the holder's ("Used / Balance").
   */
  merged?: Readonly<Record<string, string>>;
}

/**
 * A screen's table: core's columns, sortable headers (with the column's hint), a loading bar, the
 * "no data" row, the inline status switch, row selection and the row actions; scrolls sideways
 * inside its frame when wider than the page.
 */
export function ResourceTable<Row, Values, Input>(props: ResourceTableProps<Row, Values, Input>) {
  const { rows, ctx, selected, onSelect, slots, merged = {} } = props;
  const screen = {
    ...props.screen,
    columns: props.screen.columns.filter((column) => !(column.id in merged)),
  };
  const t = useT();
  // A holder's title and those of the columns merged into it, one under the other like its cell.
  const titlesOf = (id: string, titleKey: string) => [
    t(titleKey),
    ...props.screen.columns.filter((column) => merged[column.id] === id).map((column) => t(column.titleKey)),
  ];
  const [opened, setOpened] = useState<ReadonlySet<RowKey>>(new Set());
  const expandable = slots?.expand !== undefined;
  const wrapClass = (id: string) => (slots?.wrap?.includes(id) ? 'gw-cell-wrap' : undefined);
  // A table whose cells may wrap should fit its frame: its titles may break between words too.
  const fit = slots?.wrap !== undefined;
  const toggleOpen = (key: RowKey) => setOpened((current) => toggleInSet(current, key));
  const name = (row: Row) => screen.rowName?.(row) ?? String(screen.rowKey(row));
  const keys = rows.map((row) => screen.rowKey(row));
  const allSelected = selected !== undefined && keys.length > 0 && keys.every((key) => selected.has(key));
  const toggle = (key: RowKey) => {
    if (selected && onSelect) onSelect(toggleInSet(selected, key));
  };
  // A read-only list (payment orders) has no actions column at all.
  const hasActions =
    screen.rowActions.length > 0 || props.onEdit !== undefined || slots?.actions !== undefined;
  const span = screen.columns.length + (hasActions ? 1 : 0) + (selected ? 1 : 0) + (expandable ? 1 : 0);
  return (
    <div className="gw-table-wrap">
      {props.loading && <ProgressBar intent="primary" className="gw-table-progress" />}
      <HTMLTable
        compact
        striped
        interactive
        className={['gw-table', props.stale && 'gw-table-stale', fit && 'gw-table-fit']
          .filter(Boolean)
          .join(' ')}
        aria-label={t(screen.titleKey)}
        aria-busy={props.loading}
      >
        <thead>
          <tr>
            {expandable && <th className="gw-expand-cell" aria-label={t('web.kit.details')} />}
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
              const titles = titlesOf(column.id, column.titleKey);
              const title = titles.join(' / ');
              const shownTitle =
                titles.length > 1 ? (
                  <span className="gw-cell-stack">
                    {titles.map((part, index) => (
                      <span key={part}>{index < titles.length - 1 ? `${part} /` : part}</span>
                    ))}
                  </span>
                ) : fit ? (
                  <HeaderWords title={title} />
                ) : (
                  title
                );
              const help = column.helpKey ? t(column.helpKey) : undefined;
              const sort = column.sortField
                ? () => props.onOrder(nextOrder(props.order, column.sortField as string))
                : undefined;
              return (
                <th
                  key={column.id}
                  // The whole header cell sorts (spec §0.8); its button keeps it reachable by keyboard,
                  // and a click on the button reaches this handler once, by bubbling.
                  className={sort ? 'gw-th-sortable' : undefined}
                  onClick={sort}
                  aria-sort={ariaSort(direction)}
                >
                  <span className="gw-th">
                    {sort ? (
                      <SortButton title={title} direction={direction}>
                        {shownTitle}
                      </SortButton>
                    ) : (
                      shownTitle
                    )}
                    {help && <HelpTip text={help} />}
                  </span>
                </th>
              );
            })}
            {hasActions && <th className="gw-actions-head">{t('common.actions')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && !props.loading && (
            <tr>
              <td colSpan={span} className="gw-no-data">
                {t(props.emptyKey)}
              </td>
            </tr>
          )}
          {rows.map((row) => {
            const key = screen.rowKey(row);
            const detail = slots?.expand?.(row);
            const open = detail !== undefined && opened.has(key);
            const edit =
              props.onEdit && (screen.editableRow?.(row) ?? true) ? () => props.onEdit?.(row) : undefined;
            const defaults = (
              <RowActions
                row={row}
                name={name(row)}
                actions={screen.rowActions}
                role={props.role}
                entity={screen.entity}
                onEdit={edit}
              />
            );
            // Columns a wider page-drawn cell covers are skipped.
            let covered = 0;
            return (
              <Fragment key={key}>
                <tr>
                  {expandable && (
                    <td className="gw-expand-cell">
                      {detail && (
                        <Button
                          variant="minimal"
                          size="small"
                          icon={open ? 'chevron-down' : 'chevron-right'}
                          aria-expanded={open}
                          aria-label={t(open ? 'web.kit.collapse_row' : 'web.kit.expand_row', {
                            name: name(row),
                          })}
                          onClick={() => toggleOpen(key)}
                        />
                      )}
                    </td>
                  )}
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
                    if (covered > 0) {
                      covered -= 1;
                      return null;
                    }
                    const custom = slots?.cell?.(row, column.id);
                    if (custom) {
                      covered = Math.max(0, (custom.span ?? 1) - 1);
                      return (
                        <td key={column.id} colSpan={custom.span} className={wrapClass(column.id)}>
                          {custom.content}
                        </td>
                      );
                    }
                    const inline = screen.inlineNumbers?.find((def) => def.column === column.id);
                    // Columns merged into this one stack under its own value (a sign-in time, its IP); a
                    // blank one adds no line (no IP under a user who never signed in).
                    const stacked = props.screen.columns.filter(
                      (other) => merged[other.id] === column.id && !['', '-'].includes(other.value(row, ctx)),
                    );
                    if (Object.values(merged).includes(column.id))
                      return (
                        <td key={column.id}>
                          <span className="gw-cell-stack">
                            {[column, ...stacked].map((part) => (
                              <span key={part.id}>
                                <ColumnCell column={part} row={row} ctx={ctx} name={name(row)} />
                              </span>
                            ))}
                          </span>
                        </td>
                      );
                    return (
                      <td key={column.id} className={wrapClass(column.id)}>
                        {inline ? (
                          <InlineNumber def={inline} row={row} name={name(row)} entity={screen.entity} />
                        ) : screen.status && screen.status.column === column.id ? (
                          <StatusSwitch
                            status={screen.status}
                            row={row}
                            name={name(row)}
                            text={column.value(row, ctx)}
                            fallback={<ColumnCell column={column} row={row} ctx={ctx} name={name(row)} />}
                            entity={screen.entity}
                          />
                        ) : (
                          <ColumnCell
                            column={column}
                            row={row}
                            ctx={ctx}
                            name={name(row)}
                            words={wrapClass(column.id) !== undefined}
                          />
                        )}
                      </td>
                    );
                  })}
                  {hasActions && (
                    <td className="gw-actions-cell">
                      {slots?.actions ? slots.actions(row, { edit, defaults }) : defaults}
                    </td>
                  )}
                </tr>
                {open && detail && (
                  <tr className="gw-expanded-row">
                    <td colSpan={span}>{detail()}</td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** One cell as its column asks: chips, a label chip in its colour, an image, or the text. */
function ColumnCell<Row>({
  column,
  row,
  ctx,
  name,
  words = false,
}: {
  column: ColumnDef<Row>;
  row: Row;
  ctx: ColumnContext;
  name: string;
  /** The cell may wrap: its text breaks between words only (WrapWords). */
  words?: boolean;
}) {
  const t = useT();
  let content: ReactNode;
  if (column.chips) {
    content = (
      <span className="gw-chips">
        {column.chips(row, ctx).map((chip) => (
          <LabelChip key={`${chip.title ?? ''}:${chip.text}`} {...chip} />
        ))}
      </span>
    );
  } else if (column.image) {
    const url = column.value(row, ctx);
    content = url ? (
      <img
        className="gw-cell-image"
        src={url}
        alt={t('web.kit.image_of', { name })}
        loading="lazy"
        // An address that does not load leaves an empty cell, not a cut "broken image" text.
        onError={(event) => {
          event.currentTarget.style.visibility = 'hidden';
        }}
      />
    ) : (
      '-'
    );
  } else if (column.chip && column.value(row, ctx) === '') {
    // An empty chip (an unfinished job's duration) draws nothing.
    content = null;
  } else if (column.chip) {
    const style = column.chipStyle?.(row);
    const text = column.value(row, ctx);
    content = (
      <LabelChip
        text={text}
        tone={style?.tone}
        variant={style?.variant}
        copyName={column.copy ? text : undefined}
        title={column.copy ? t('web.kit.copy_value', { name: text }) : undefined}
      />
    );
  } else if (column.truncate !== undefined) {
    const text = column.value(row, ctx);
    content = text && <CopyCell text={text} shown={truncateText(text, column.truncate)} />;
  } else if (column.copy) {
    content = <CopyCell text={column.value(row, ctx)} />;
  } else if (words) {
    content = <WrapWords text={column.value(row, ctx)} />;
  } else {
    content = column.value(row, ctx);
  }
  return <>{content}</>;
}

/**
 * A title in a table that fits its frame: it breaks between words ("Backup" / "group"), never inside
 * one, so a Chinese title (备用分组) stays whole as the kit's titles always did.
 */
function HeaderWords({ title }: { title: string }) {
  const words = title.split(' ').filter(Boolean);
  return (
    <span className="gw-header-words">
      {words.map((word, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed title, in order
        <Fragment key={index}>
          {index > 0 && ' '}
          <span>{word}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** Kana and CJK ideographs: text a browser may break between any two characters. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The text of a cell that may wrap (RowSlots.wrap), breaking only between its words: a date never
 * splits at its hyphens (`2026-11-` / `27`), nor `(openai-main)` inside the name. Words with Chinese
 * or Japanese characters still break between them (跟随用户分组 has no spaces to break at).
 */
export function WrapWords({ text }: { text: string }) {
  return (
    <span className="gw-wrap-words">
      {text
        .split(' ')
        .filter(Boolean)
        .map((word, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the words of one fixed text, in order
          <Fragment key={index}>
            {index > 0 && ' '}
            {CJK.test(word) ? word : <span>{word}</span>}
          </Fragment>
        ))}
    </span>
  );
}

/**
 * A header's hint (spec §0.8 "optional help tooltip"): a focusable help icon whose text shows on hover
 * and focus, drawn with CSS so the kit needs no popover library. A click on it does not sort.
 */
function HelpTip({ text }: { text: string }) {
  return (
    <button
      type="button"
      className="gw-help-tip"
      aria-label={text}
      data-tip={text}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
    >
      <Icon icon="help" size={12} />
    </button>
  );
}
