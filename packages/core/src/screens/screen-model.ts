// A console screen described once (architecture §6): its list, columns, filters, form and actions as data.
// The web renders a ScreenDef with Blueprint, the TUI with Ink and the CLI derives flags from the same
// field definitions; only layout (dialog or page, charts) is a face's own.
import type { z } from 'zod';
import type { ColumnDef } from '../format/columns.js';
import type { Paged } from '../http/envelope.js';
import type { ApiClient } from '../http/client.js';

/** What a filter, a form field or an option reads its choices from when they are not fixed. */
export type OptionSource = 'user_groups' | 'channel_types' | 'models' | 'roles';

/** One choice of a select, a radio group or a multi-select. */
export interface FieldOption {
  value: string | number;
  /** An i18n key; `label` instead for a value shown as it is (a group symbol, a model name). */
  labelKey?: string;
  label?: string;
}

/** How a filter is entered. Every filter is kept in the URL query under `name`. */
export type FilterKind = 'keyword' | 'text' | 'select' | 'int' | 'date-range';

export interface FilterDef {
  /** The list query's parameter (and the URL's): `keyword`, `status`, `group`… */
  name: string;
  kind: FilterKind;
  labelKey: string;
  placeholderKey?: string;
  /** Fixed choices of a select (the first one is usually "all", value ''). */
  options?: readonly FieldOption[];
  /** Or choices read from the server. */
  optionSource?: OptionSource;
  /** Shown to admins only (the user-facing view of a shared screen hides it). */
  adminOnly?: boolean;
}

/** How a form field is entered and shown. */
export type FieldKind =
  | 'text'
  | 'password'
  | 'textarea'
  | 'int'
  /** Points; the face shows and reads it in the site's display unit. */
  | 'quota'
  | 'decimal'
  | 'switch'
  | 'select'
  | 'multi-select'
  /** A JSON object or array edited as text; validated by the schema. */
  | 'json'
  /** Unix seconds, entered as local date and time. */
  | 'datetime';

export interface FormFieldDef<Values> {
  name: keyof Values & string;
  kind: FieldKind;
  labelKey: string;
  /** Help under the field. */
  helpKey?: string;
  placeholderKey?: string;
  options?: readonly FieldOption[];
  optionSource?: OptionSource;
  /** Marks the label; the schema is what enforces it. */
  required?: boolean;
  /** Whether the field shows for the values entered so far (per channel type, a switch…). */
  visible?: (values: Values) => boolean;
  /** Shown but not editable when editing an existing record. */
  readOnlyOnEdit?: boolean;
  /** Only on create (e.g. a password), or only on edit. */
  only?: 'create' | 'edit';
}

/**
 * A create/edit form: the fields in order, the schema that checks the values (its issues name the
 * fields by `name`), and the mapping from a record and to the wire input.
 */
export interface FormDef<Row, Values, Input> {
  fields: readonly FormFieldDef<Values>[];
  schema: z.ZodType<Values>;
  /** The values of a new record. */
  empty(): Values;
  /** The values of an existing record. */
  fromRow(row: Row): Values;
  /** The request body for the checked values (`row` when editing). */
  toInput(values: Values, row: Row | undefined): Input;
  create(client: ApiClient, input: Input): Promise<unknown>;
  update?(client: ApiClient, input: Input, row: Row): Promise<unknown>;
  /** The dialog titles and the toasts after saving (i18n keys). */
  createTitleKey?: string;
  editTitleKey?: string;
  createdKey?: string;
  updatedKey?: string;
}

/** A button on a row, on the toolbar, or on the rows selected. */
export interface ActionDef<Row> {
  id: string;
  labelKey: string;
  /** A Blueprint icon name (the TUI shows the label only). */
  icon?: string;
  intent?: 'primary' | 'danger' | 'warning';
  /** The least role (ROLES) that sees it (default: whoever sees the screen). */
  role?: number;
  /** Asks before running; the text may name the row (`{{name}}`) or the count (`{{count}}`). */
  confirmKey?: string;
  /** Whether it applies to this row (e.g. "enable" only on disabled rows). */
  applies?: (row: Row) => boolean;
  run(client: ApiClient, rows: readonly Row[]): Promise<unknown>;
  /** The i18n key of the toast after success. */
  doneKey?: string;
  /**
   * Asks for values first (a quota change with its remark): the face shows this form for the row
   * and runs `input.run` with the checked values instead of `run`.
   */
  input?: ActionInputDef<Row, Record<string, unknown>>;
}

/** The small form an action asks for before running on one row. */
export interface ActionInputDef<Row, Values> {
  titleKey: string;
  fields: readonly FormFieldDef<Values>[];
  schema: z.ZodType<Values>;
  empty(row: Row): Values;
  /** Checks that need the row (a deduction within the balance): i18n keys by field name. */
  refuse?(values: Values, row: Row): Partial<Record<string, string>>;
  run(client: ApiClient, row: Row, values: Values): Promise<unknown>;
}

/**
 * An action that asks for typed values. Its form is stored under the untyped `input` of ActionDef;
 * this is the one place the values' type is set aside (a screen's actions share one Row type only).
 */
export function actionWithInput<Row, Values>(
  action: Omit<ActionDef<Row>, 'input' | 'run'> & { input: ActionInputDef<Row, Values> },
): ActionDef<Row> {
  return {
    ...action,
    input: action.input as unknown as ActionInputDef<Row, Record<string, unknown>>,
    // The face runs `input.run` with the form's values; a bare run has none to send.
    run: () => Promise.reject(new Error(`${action.id} needs its form's values`)),
  };
}

/** A row's on/off switch, drawn inline in its column (console-screens §0.8). */
export interface StatusToggleDef<Row> {
  column: string;
  /** The switch's accessible name; may name the row (`{{name}}`). */
  labelKey?: string;
  /** The toasts after switching on and off. */
  onKey?: string;
  offKey?: string;
  isOn(row: Row): boolean;
  set(client: ApiClient, row: Row, on: boolean): Promise<unknown>;
}

/** The list query a screen sends: paging, order and its filters by name. */
export type ScreenQuery = { page: number; size: number; order: string } & Record<string, string | number>;

export interface ScreenDef<Row, Values = never, Input = never> {
  /** The navigation item id (the route `/panel/<id>`) and the cache key of its data. */
  id: string;
  titleKey: string;
  /** The entity the data layer refreshes after a change (every list showing it reloads). */
  entity: string;
  rowKey(row: Row): string | number;
  /** The name a confirmation or a toast uses for a row. */
  rowName?(row: Row): string;
  columns: readonly ColumnDef<Row>[];
  list(client: ApiClient, query: ScreenQuery): Promise<Paged<Row>>;
  filters: readonly FilterDef[];
  defaultOrder: string;
  /** Remembered page size's storage name. */
  pageSizeKey: string;
  emptyKey?: string;
  status?: StatusToggleDef<Row>;
  rowActions: readonly ActionDef<Row>[];
  /** Actions on the selected rows (the table then offers row selection). */
  batchActions?: readonly ActionDef<Row>[];
  form?: FormDef<Row, Values, Input>;
  /** Whether a row opens the form for editing. */
  editable?: boolean;
  /** Whether the toolbar offers the whole list (current filter, all pages) as CSV. */
  exportCsv?: boolean;
}

/** The list query of a screen read from URL query parameters: unknown names dropped, numbers kept. */
export function screenQueryFromParams(
  screen: Pick<ScreenDef<unknown>, 'filters' | 'defaultOrder'>,
  params: URLSearchParams,
  pageSize: number,
): ScreenQuery {
  const positive = (text: string | null, fallback: number) => {
    const value = Number(text);
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const query: ScreenQuery = {
    page: positive(params.get('page'), 1),
    size: positive(params.get('size'), pageSize),
    order: params.get('order') ?? screen.defaultOrder,
  };
  for (const filter of screen.filters) {
    const value = params.get(filter.name);
    if (value !== null && value !== '') query[filter.name] = value;
  }
  return query;
}

/** The URL query parameters of a list query: defaults left out, so a shared link stays short. */
export function screenQueryToParams(
  screen: Pick<ScreenDef<unknown>, 'defaultOrder'>,
  query: ScreenQuery,
  pageSize: number,
): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === '' || value === undefined) continue;
    if (name === 'page' && value === 1) continue;
    if (name === 'size' && value === pageSize) continue;
    if (name === 'order' && value === screen.defaultOrder) continue;
    params.set(name, String(value));
  }
  return params;
}

/** The fields of a form that show for these values in this mode. */
export function visibleFields<Values>(
  fields: readonly FormFieldDef<Values>[],
  values: Values,
  mode: 'create' | 'edit',
): FormFieldDef<Values>[] {
  return fields.filter(
    (field) => (field.only === undefined || field.only === mode) && (field.visible?.(values) ?? true),
  );
}

/** The actions a role may run on a row. */
export function actionsFor<Row>(
  actions: readonly ActionDef<Row>[],
  row: Row,
  role: number,
): ActionDef<Row>[] {
  return actions.filter((action) => (action.role ?? 0) <= role && (action.applies?.(row) ?? true));
}
