// What a screen adds to the kit in the terminal only: panels that take the pane (a live test run, a
// model check, a tag editor), opened by a key or in place of one of core's actions.
import type { ColumnContext, ScreenQuery } from '@gw/core';
import type { ReactElement } from 'react';

/** What a panel is given: the row it was opened on (none for the whole list) and how to close it. */
export interface PanelProps<Row> {
  row?: Row;
  /** Closes the panel; `changed` reloads the list. */
  close: (changed: boolean) => void;
}

/** A terminal-only action of a screen: its key, label, who sees it and the panel it opens. */
export interface ScreenExtra<Row> {
  id: string;
  /** The key that opens it from the list (one character). */
  key: string;
  labelKey: string;
  /** A short label for the footer's key hint (the menu shows `labelKey`). */
  hintKey?: string;
  /** `row` needs the selected row; `list` acts on the whole list. */
  scope: 'row' | 'list';
  /** Whether it changes something (hidden in read-only mode). */
  mutates: boolean;
  /** The least role that sees it. */
  role?: number;
  /** Whether it applies to this row. */
  applies?: (row: Row) => boolean;
  /** Also opened when core's action with this id is chosen from a menu (test all → the live run). */
  replaces?: string;
  panel: (props: PanelProps<Row>) => ReactElement;
}

/** Text a screen gives for the result of one of core's actions (a test's time), by action id. */
export type ResultTexts<Row> = Record<
  string,
  (
    result: unknown,
    rows: readonly Row[],
    t: (key: string, params?: Record<string, unknown>) => string,
  ) => string
>;

/** A screen's terminal-only additions. */
export interface ScreenExtras<Row> {
  extras?: readonly ScreenExtra<Row>[];
  results?: ResultTexts<Row>;
  /** Core row actions bound to a key of their own on the list (a channel's `t` test), with their hint. */
  quickKeys?: Readonly<Record<string, { key: string; hintKey: string }>>;
  /** A line above the table that follows the list's query and refreshes with it (the logs' stat line). */
  summary?: (props: SummaryProps) => ReactElement;
  /** A row's detail lines when the screen has more to show than its columns (a log's id, IP, points). */
  detailLines?: (row: Row, ctx: ColumnContext) => readonly { labelKey: string; text: string }[];
  /** A row's whole detail view, when it is more than lines (a month's bill sheet); Esc goes back. */
  detail?: (props: { row: Row }) => ReactElement;
  /** A block of text under a row's detail lines, shown as it is (a log's metadata as JSON). */
  detailBlock?: (row: Row) => DetailBlock | undefined;
}

/** A titled block of preformatted lines in a row's detail view. */
export interface DetailBlock {
  titleKey: string;
  text: string;
}

/** What a summary line is given: the query of the list and when the list last loaded. */
export interface SummaryProps {
  query: ScreenQuery;
  updatedAt?: number;
}
