// A console screen described once (architecture §6): its list, columns, filters, form and actions as data.
// The web renders a ScreenDef with Blueprint, the TUI with Ink and the CLI derives flags from the same
// field definitions; only layout (dialog or page, charts) is a face's own.
import type { z } from 'zod';
import { type ColumnDef, columnsForView, type ListView } from '../format/columns.js';
import type { ApiClient } from '../http/client.js';
import type { ListQuery, Paged } from '../http/envelope.js';
import { isAdmin } from '../roles/roles.js';

/** What a filter, a form field or an option reads its choices from when they are not fixed. */
export type OptionSource =
  | 'user_groups'
  | 'channel_types'
  | 'models'
  | 'roles'
  | 'channel_tags'
  /** Model owners by id (`GET /api/ownedby`): a price's `channel_type`. */
  | 'model_owners'
  /** The groups the caller may choose, with their ratios (`GET /api/user_group_map`): a token's group. */
  | 'group_choices'
  /** The models the caller may use (`GET /api/available_model`): a token's model limit. */
  | 'available_models';

/** One choice of a select, a radio group or a multi-select. */
export interface FieldOption {
  value: string | number;
  /** An i18n key; `label` instead for a value shown as it is (a group symbol, a model name). */
  labelKey?: string;
  label?: string;
  /** A Blueprint icon name shown beside the choice where the face has room (an extra ratio's side). */
  icon?: string;
}

/** How a filter is entered. Every filter is kept in the URL query under `name`. */
export type FilterKind = 'keyword' | 'text' | 'select' | 'int' | 'date-range' | 'datetime';

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
  /**
   * Part of the admin search across owners (the token list's user and token ids, console-screens §2):
   * drawn in a collapsible card with a Clear button where the face has room, open while one is set.
   */
  adminSearch?: boolean;
  /**
   * A select that searches as soon as it changes even on a screen whose filters wait for Search (the
   * log type tabs, console-screens §3), taking the texts typed so far with it.
   */
  appliesAtOnce?: boolean;
  /**
   * The value used while the URL names none (an order list's end time of now + 1 h); asked once when
   * the query is read from the URL.
   */
  defaultValue?: () => string;
}

/** A select filter's choices: "All" (value '', no filter) first, then one per value. */
export function choicesWithAll<T extends string | number>(
  values: readonly T[],
  labelKeyOf: (value: T) => string,
): FieldOption[] {
  return [
    { value: '', labelKey: 'common.all' },
    ...values.map((value) => ({ value, labelKey: labelKeyOf(value) })),
  ];
}

/** A time range as two datetime filters, `start_timestamp` and `end_timestamp` (unix seconds). */
export function timeRangeFilters(startLabelKey: string, endLabelKey: string): FilterDef[] {
  return [
    { name: 'start_timestamp', kind: 'datetime', labelKey: startLabelKey },
    { name: 'end_timestamp', kind: 'datetime', labelKey: endLabelKey },
  ];
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
  | 'datetime'
  /** A list of strings (modalities, tags): entered one by one, shown as chips; `options` are suggestions. */
  | 'list'
  /**
   * Named multipliers (`{cached_tokens: 0.5}`, a price's extra ratios): a name chosen from `options` is
   * added with 0, each row a number ≥ 0 and a remove button.
   */
  | 'ratio-map'
  /**
   * A JSON object of strings (a model mapping, custom headers) held as its text: edited as rows of
   * name and value with add and delete, or as JSON (see key-value-rows.ts).
   */
  | 'key-value';

export interface FormFieldDef<Values> {
  name: keyof Values & string;
  kind: FieldKind;
  labelKey: string;
  /** Help under the field. */
  helpKey?: string;
  /** Help that depends on the values (a channel type's key format, say); wins over helpKey when set. */
  helpFor?: (values: Values) => string | undefined;
  /** A label that depends on the values (a channel type's name for `other`); wins over labelKey. */
  labelFor?: (values: Values) => string | undefined;
  placeholderKey?: string;
  /** Fixed choices; with `optionSource` as well, these come first (a "follow the user's group" blank). */
  options?: readonly FieldOption[];
  optionSource?: OptionSource;
  /**
   * Or choices this field reads from the server itself (e.g. the models that have no info yet); the
   * face calls it once when the form opens.
   */
  loadOptions?: (client: ApiClient) => Promise<FieldOption[]>;
  /** The choices are suggestions: any other text may be entered too (a text or list field). */
  freeText?: boolean;
  /** A list's chips copy their text when clicked (a channel's models, console-screens §1.4 row 7). */
  copyChips?: boolean;
  /** Lines a textarea or JSON field shows (a bot reply needs ≥ 5, spec §22); the face's default otherwise. */
  rows?: number;
  /** The face shows the image at the field's URL beside it (an owner's icon). */
  preview?: 'image';
  /** Marks the label; the schema is what enforces it. */
  required?: boolean;
  /** A `quota` field that may be negative (a change that deducts); typed amounts are unsigned otherwise. */
  signed?: boolean;
  /** Whether the field shows for the values entered so far (per channel type, a switch…). */
  visible?: (values: Values) => boolean;
  /** Shown but not editable when editing an existing record. */
  readOnlyOnEdit?: boolean;
  /** Shown but not editable for these values (a channel's fields that only its tag edits). */
  disabled?: (values: Values) => boolean;
  /** The i18n key of the collapsible card the field sits in (consecutive fields share one card). */
  section?: string;
  /** Only on create (e.g. a password), or only on edit. */
  only?: 'create' | 'edit';
  /** A note the face shows beside the input, from the values as typed (a price's value in the other units). */
  suffixFor?: (
    values: Values,
    t: (key: string, params?: Record<string, unknown>) => string,
  ) => string | undefined;
}

/**
 * A create/edit form: the fields in order, the schema that checks the values (its issues name the
 * fields by `name`), and the mapping from a record and to the wire input.
 */
export interface FormDef<Row, Values, Input> {
  fields: readonly FormFieldDef<Values>[];
  schema: z.ZodType<Values>;
  /** The schema when editing, where it differs (a key required on create only, say). */
  editSchema?: z.ZodType<Values>;
  /** The values of a new record. */
  empty(): Values;
  /**
   * Values a change implies: a channel type picked pre-fills its models, a price's amounts are
   * re-expressed in a newly chosen unit, a gateway's new type starts on its own pay type. Called with
   * the values as typed (a number field's text) after and before one field changed; what it returns is
   * merged in. The one place a form's fields depend on each other's changes.
   */
  changed?(values: Values, previous: Values): Partial<Values>;
  /** The values of an existing record. */
  fromRow(row: Row): Values;
  /** The request body for the checked values (`row` when editing). */
  toInput(values: Values, row: Row | undefined): Input;
  /** Reads the whole record before editing, where a list row leaves fields out (a gateway's config). */
  load?(client: ApiClient, row: Row): Promise<Row>;
  create(client: ApiClient, input: Input): Promise<unknown>;
  update?(client: ApiClient, input: Input, row: Row): Promise<unknown>;
  /**
   * Checks that read the server before saving (a model name not taken yet): i18n keys by field name,
   * shown next to the fields; nothing is sent while any is refused.
   */
  check?(client: ApiClient, values: Values, row: Row | undefined): Promise<Partial<Record<string, string>>>;
  /** The i18n key of the toast after a save, when createdKey / updatedKey do not say otherwise. */
  doneKey?: string;
  /** The dialog titles and the toasts after saving (i18n keys). */
  createTitleKey?: string;
  editTitleKey?: string;
  createdKey?: string;
  updatedKey?: string;
  /** What `create` answered that the operator must see once (generated codes): shown after saving. */
  afterCreate?: CreatedListDef<Values>;
}

/**
 * A list of strings a create returns (redemption codes): the face shows them with a copy button for
 * each and for all, and offers them as `<fileName>.txt`, one a line, downloaded at once when there
 * are more than one (console-screens §4).
 */
export interface CreatedListDef<Values> {
  kind: 'list';
  titleKey: string;
  helpKey?: string;
  /** The strings in `create`'s answer. */
  items(created: unknown): readonly string[];
  /** The download's name without `.txt`. */
  fileName(values: Values): string;
}

/** The text file of a created list: its name, its text (one item a line) and whether to save it at once. */
export function createdListFile<Values>(
  def: CreatedListDef<Values>,
  values: Values,
  created: unknown,
): { name: string; text: string; autoDownload: boolean } {
  const items = def.items(created);
  const base = def.fileName(values).replace(/[\\/:*?"<>|]+/g, '_') || 'list';
  return {
    name: `${base}.txt`,
    text: items.length ? `${items.join('\n')}\n` : '',
    autoDownload: items.length > 1,
  };
}

/** The schema that checks a form's values in this mode. */
export function formSchema<Row, Values, Input>(
  form: FormDef<Row, Values, Input>,
  mode: 'create' | 'edit',
): z.ZodType<Values> {
  return mode === 'edit' ? (form.editSchema ?? form.schema) : form.schema;
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
  /** A row action shown as its own button beside the "⋯" menu (a code's Copy, spec §4), not inside it. */
  inline?: boolean;
  /** Whether it applies to this row (e.g. "enable" only on disabled rows). */
  applies?: (row: Row) => boolean;
  run(client: ApiClient, rows: readonly Row[]): Promise<unknown>;
  /** The i18n key of the toast after success. */
  doneKey?: string;
  /**
   * What the face does with what `run` resolves to: `copy` puts that text on the clipboard (toast
   * `common.copied`, a failure shows the text). Default: nothing, the list reloads.
   */
  result?: 'copy';
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
  /** Whether the row has a switch; otherwise its column's text shows (a used code's "Used"). */
  applies?(row: Row): boolean;
  /** Why switching this row on (or off) would be refused, as an i18n key, said before asking the server. */
  refusal?(row: Row, on: boolean): string | undefined;
}

/**
 * A number edited in its column (a gateway's sort, a channel's priority): checked by `schema` first, a
 * refused value shows its error and is not sent; an unchanged one is not sent either.
 */
export interface InlineNumberDef<Row> {
  column: string;
  /** The input's accessible name; may name the row (`{{name}}`). */
  labelKey: string;
  value(row: Row): number;
  schema: z.ZodType<number>;
  save(client: ApiClient, row: Row, value: number): Promise<unknown>;
  /** The toast after saving. */
  doneKey?: string;
  /**
   * Saved by a ✓ button beside the input (or Enter), whose accessible name this is (may name the row),
   * rather than when the input loses focus (the channel list's priority and weight, §1.3).
   */
  confirmLabelKey?: string;
  /** The least value the input's arrows go to. */
  min?: number;
}

/** What an inline number's text asks for: refused (with the i18n key of why), nothing, or a save. */
export type InlineNumberEdit =
  | { kind: 'invalid'; messageKey: string }
  | { kind: 'unchanged' }
  | { kind: 'save'; value: number };

/** Reads the text typed into an inline number: empty counts as no number; the schema judges the rest. */
export function inlineNumberEdit<Row>(def: InlineNumberDef<Row>, row: Row, text: string): InlineNumberEdit {
  const checked = def.schema.safeParse(text.trim() === '' ? Number.NaN : Number(text));
  if (!checked.success) {
    return { kind: 'invalid', messageKey: checked.error.issues[0]?.message ?? 'validation.invalid_type' };
  }
  return checked.data === def.value(row) ? { kind: 'unchanged' } : { kind: 'save', value: checked.data };
}

/** A state shown in the screen's header, read from the server (the Telegram bot's "Online (Webhook)"). */
export interface IndicatorDef {
  id: string;
  load(client: ApiClient): Promise<{ labelKey: string; intent: 'success' | 'danger' | 'none' }>;
}

/** The list query a screen sends: paging, order and its filters by name. */
export type ScreenQuery = { page: number; size: number; order: string } & Record<string, string | number>;

/**
 * A list the server streams as CSV (the logs, issue 10): the face offers a plain link to `path` with the
 * query's filters, so the browser saves the file as it arrives and no face ever holds the rows.
 */
export interface CsvDownloadDef {
  /** The admin export (`/api/log/export`). */
  path: string;
  /** The export of a user's own rows, used below admin (`/api/log/self/export`). */
  selfPath?: string;
  /** The export's query parameters for a list query (its filters, no paging). */
  params(query: ScreenQuery): Record<string, string | number | undefined>;
}

/** The address of a screen's CSV download for a query, with the language its header row is written in. */
export function csvDownloadHref(def: CsvDownloadDef, query: ScreenQuery, language: string): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(def.params(query))) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  params.set('lang', language);
  return `${def.path}?${params.toString()}`;
}

export interface ScreenDef<Row, Values = never, Input = never> {
  /** The navigation item id (the route `/panel/<id>`) and the cache key of its data. */
  id: string;
  titleKey: string;
  /** Set when the screen is one tab of its route (kept in the URL hash as `#<id>`). */
  tab?: { id: string; labelKey: string };
  /** The entity the data layer refreshes after a change (every list showing it reloads). */
  entity: string;
  rowKey(row: Row): string | number;
  /** The name a confirmation or a toast uses for a row. */
  rowName?(row: Row): string;
  columns: readonly ColumnDef<Row>[];
  /**
   * Which rows a query lists (default: one's own): an admin's search across owners (a token list with
   * a user or token id) shows the `adminSearchOnly` columns too; see `screenColumns`.
   */
  listView?(query: ScreenQuery): ListView;
  list(client: ApiClient, query: ScreenQuery): Promise<Paged<Row>>;
  /**
   * The list a user below admin sees: their own rows (`/api/mj/self`, `/api/task/self`). With it, admins
   * get `list` (everyone's rows) and `adminOnly` columns and filters; see `screenForRole`.
   */
  selfList?(client: ApiClient, query: ScreenQuery): Promise<Paged<Row>>;
  filters: readonly FilterDef[];
  defaultOrder: string;
  /** Remembered page size's storage name. */
  pageSizeKey: string;
  /** The page sizes offered, the first the default (default PAGE_SIZES: 10 / 30 / 50 / 100). */
  pageSizes?: readonly number[];
  /** The text of an empty list while no filter is set (default "No data"). */
  emptyKey?: string;
  /** The text of an empty list while a filter is set (default "No search results", §17.1). */
  emptySearchKey?: string;
  /**
   * The catalogue screens' pager (console-screens §17.1): page numbers and "Total: n", shown only when
   * there is more than one page. Otherwise the page position with first / previous / next / last.
   */
  pager?: 'numbered';
  status?: StatusToggleDef<Row>;
  /** Numbers edited in their columns (saved on blur, or by their ✓). */
  inlineNumbers?: readonly InlineNumberDef<Row>[];
  rowActions: readonly ActionDef<Row>[];
  /** Actions on the selected rows (the table then offers row selection). */
  batchActions?: readonly ActionDef<Row>[];
  /** Buttons in the toolbar beside "create" that act on no row (`run` gets `[]`), like "reload menu". */
  toolbarActions?: readonly ActionDef<Row>[];
  /** An information callout above the table. */
  noticeKey?: string;
  /** States shown in the header. */
  indicators?: readonly IndicatorDef[];
  form?: FormDef<Row, Values, Input>;
  /** Whether a row opens the form for editing. */
  editable?: boolean;
  /** When editable, whether this row may be edited (default: every row); a used code may not. */
  editableRow?(row: Row): boolean;
  /**
   * Whether the toolbar offers the column settings menu (console-screens §3): checkboxes that hide
   * columns client-side, remembered per screen (see column-settings.ts).
   */
  columnSettings?: boolean;
  /** Whether the toolbar offers the whole list (current filter, all pages) as CSV. */
  exportCsv?: boolean;
  /** Or the server writes that CSV itself: the toolbar links to it (see CsvDownloadDef). */
  csvDownload?: CsvDownloadDef;
  /**
   * Whether the toolbar's refresh also clears the filters and the order (the channel list's
   * "Refresh & clear filters", console-screens §1.2); otherwise it reloads the same query.
   */
  refreshClearsFilters?: boolean;
  /**
   * Whether the filters wait for the toolbar's Search (console-screens §1.2, §15.1–15.2): a select's
   * choice is applied with the typed texts, when Search (or Enter) is pressed. Otherwise a select
   * applies at once and the texts on Enter (a keyword box, §0.8).
   */
  searchButton?: boolean;
}

/**
 * A screen as a role sees it: below admin, the self list (when the screen has one) and neither the
 * `adminOnly` columns nor the `adminOnly` filters; admins see the screen as described.
 */
export function screenForRole<Row, Values, Input>(
  screen: ScreenDef<Row, Values, Input>,
  role: number,
): ScreenDef<Row, Values, Input> {
  if (isAdmin(role)) return screen;
  return {
    ...screen,
    list: screen.selfList ?? screen.list,
    csvDownload: screen.csvDownload && {
      ...screen.csvDownload,
      path: screen.csvDownload.selfPath ?? screen.csvDownload.path,
    },
    columns: screen.columns.filter((column) => !column.adminOnly),
    filters: screen.filters.filter((filter) => !filter.adminOnly),
  };
}

/**
 * The columns a screen's table shows for a query: every face (web, TUI, CLI) asks here, so the admin
 * search's owner column shows on that search and on no list of one's own rows.
 */
export function screenColumns<Row>(
  screen: Pick<ScreenDef<Row>, 'columns' | 'listView'>,
  query: ScreenQuery,
): ColumnDef<Row>[] {
  return columnsForView(screen.columns, screen.listView?.(query) ?? 'own');
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
    else if (value === null && filter.defaultValue) query[filter.name] = filter.defaultValue();
  }
  return query;
}

/**
 * The text an empty list shows: "no search results" while the operator has set a filter (a filter
 * with a default of its own, like an order list's end time, does not count), else "no data".
 */
export function emptyStateKey(
  screen: Pick<ScreenDef<unknown>, 'filters' | 'emptyKey' | 'emptySearchKey'>,
  query: ScreenQuery,
): string {
  const filtered = screen.filters.some(
    (filter) => !filter.defaultValue && query[filter.name] !== undefined && query[filter.name] !== '',
  );
  return filtered ? (screen.emptySearchKey ?? 'common.no_results') : (screen.emptyKey ?? 'common.no_data');
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

/**
 * One page of a list the server sends whole (model owners, model info): filtered by the `keyword`
 * filter over the texts `search` gives, sorted by `order` (`field` or `-field` of the row), paged.
 */
export function pageLocally<Row>(
  rows: readonly Row[],
  query: ScreenQuery,
  search: (row: Row) => readonly string[],
): Paged<Row> {
  const keyword = String(query.keyword ?? '')
    .trim()
    .toLowerCase();
  let kept = keyword
    ? rows.filter((row) => search(row).some((text) => text.toLowerCase().includes(keyword)))
    : [...rows];
  const descending = query.order.startsWith('-');
  const field = query.order.replace(/^-/, '');
  if (field) {
    const fieldOf = (row: Row) => (row as Record<string, unknown>)[field];
    kept = kept.sort((a, b) => {
      const x = fieldOf(a);
      const y = fieldOf(b);
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x ?? '').localeCompare(String(y ?? ''));
      return descending ? -order : order;
    });
  }
  const start = (query.page - 1) * query.size;
  return {
    data: kept.slice(start, start + query.size),
    page: query.page,
    size: query.size,
    total_count: kept.length,
  };
}

/** Every i18n key a screen names (titles, labels, help, confirmations, toasts, options), for the locale test. */
export function screenI18nKeys<Row, Values, Input>(screen: ScreenDef<Row, Values, Input>): string[] {
  const keys = new Set<string>([screen.titleKey]);
  const add = (key: string | undefined) => {
    if (key) keys.add(key);
  };
  add(screen.emptyKey);
  add(screen.emptySearchKey);
  add(screen.tab?.labelKey);
  add(screen.noticeKey);
  for (const column of screen.columns) add(column.titleKey);
  for (const filter of screen.filters) {
    add(filter.labelKey);
    add(filter.placeholderKey);
    for (const option of filter.options ?? []) add(option.labelKey);
  }
  const actions = [...screen.rowActions, ...(screen.batchActions ?? []), ...(screen.toolbarActions ?? [])];
  for (const action of actions) {
    add(action.labelKey);
    add(action.confirmKey);
    add(action.doneKey);
  }
  for (const field of screen.form?.fields ?? []) {
    add(field.labelKey);
    add(field.helpKey);
    add(field.placeholderKey);
    add(field.section);
    for (const option of field.options ?? []) add(option.labelKey);
  }
  for (const inline of screen.inlineNumbers ?? []) {
    add(inline.labelKey);
    add(inline.doneKey);
    add(inline.confirmLabelKey);
  }
  add(screen.form?.doneKey);
  add(screen.form?.afterCreate?.titleKey);
  add(screen.form?.afterCreate?.helpKey);
  return [...keys];
}

/** The "delete" row action every list has: red, asked first, then a toast. */
export function deleteAction<Row>(
  confirmKey: string,
  doneKey: string,
  run: (client: ApiClient, row: Row) => Promise<unknown>,
): ActionDef<Row> {
  return {
    id: 'delete',
    labelKey: 'common.delete',
    icon: 'trash',
    intent: 'danger',
    confirmKey,
    doneKey,
    run: (client, rows) => Promise.all(rows.map((row) => run(client, row))),
  };
}

/** The plain paged query (page, size, order, keyword) of a screen's query, for lists with no other filter. */
export function pagedKeywordQuery(query: ScreenQuery): ListQuery {
  return {
    page: query.page,
    size: query.size,
    order: query.order,
    keyword: query.keyword === undefined ? undefined : String(query.keyword),
  };
}

/** A filter's value in a screen query as text; undefined while the filter is unset. */
export function queryText(query: ScreenQuery, name: string): string | undefined {
  const value = query[name];
  return value === undefined ? undefined : String(value);
}

/** A filter's value in a screen query as a number (an id, a time); undefined while unset. */
export function queryNumber(query: ScreenQuery, name: string): number | undefined {
  const value = query[name];
  return value === undefined ? undefined : Number(value);
}
