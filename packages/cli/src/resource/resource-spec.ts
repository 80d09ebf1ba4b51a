import type { Command } from 'commander';
import type { ApiClient, ColumnDef, ScreenDef } from '@gw/core';
import type { CliColor } from '../output/color.js';
import type { CliContext } from '../runtime/context.js';

/**
 * A resource as the CLI offers it: a core screen (columns, filters, form, actions) plus the little the
 * screen does not say — how to read one record by the id typed, which of its actions become verbs,
 * and anything only a command line needs. The generic verbs are built from it (resource-command.ts).
 */
export interface ResourceSpec<Row, Values = never, Input = never> {
  /** The command (`channels`) and its short names. */
  name: string;
  aliases?: readonly string[];
  screen: ScreenDef<Row, Values, Input>;
  /** Reads one record by the id typed (view, edit and the row verbs need it). */
  get?(client: ApiClient, id: string): Promise<Row>;
  /** How ids are typed: whole numbers (default) or text (a model name). */
  idKind?: 'int' | 'text';
  /** The record as `--json` prints it (secrets masked); the API's shape otherwise. */
  toJson?(row: Row, opts: Record<string, unknown>): unknown;
  /** The fields `--json a,b` may pick: the core schema's keys. */
  jsonFields?: readonly string[];
  /** Flags named otherwise than their field or filter (`remain_quota` → `quota`). */
  flagNames?: Partial<Record<string, string>>;
  /** Row actions offered as verbs: action id → verb (`set_common` → `demote`). Others stay out. */
  actionVerbs?: Readonly<Record<string, string>>;
  /** Toolbar actions (no row) offered as verbs: action id → verb. */
  toolbarVerbs?: Readonly<Record<string, string>>;
  /** Offer `export` (CSV of the whole list) though the screen's toolbar has no export button. */
  exportable?: boolean;
  /** Generic verbs left out (a resource whose list has no create, say). */
  omit?: readonly ('list' | 'view' | 'create' | 'edit' | 'delete' | 'enable' | 'disable' | 'export')[];
  /** The columns of list and view, when flags change them (`--show-key`). */
  columns?(opts: Record<string, unknown>): readonly ColumnDef<Row>[];
  /** Extra flags of `list` (read by `columns` and `toJson`). */
  listFlags?(command: Command, ctx: CliContext): void;
  /** Colour of one table cell on a terminal; the status column is green when on, yellow when off. */
  cellColor?(column: ColumnDef<Row>, row: Row): CliColor;
  /** What `create` prints besides its note (a token's key, a code list); JSON of the answer otherwise. */
  printCreated?(ctx: CliContext, created: unknown, opts: Record<string, unknown>): void;
  /** Verbs only this resource has. */
  extraVerbs?(ctx: CliContext, spec: ResourceSpec<Row, Values, Input>): Command[];
}

/** A spec with its types set aside, for code that handles every resource alike. */
// biome-ignore lint/suspicious/noExplicitAny: the generic verbs work on any row, values and input.
export type AnyResourceSpec = ResourceSpec<any, any, any>;

/** The field names `--json a,b` may pick: a core object schema's keys. */
export function schemaFields(schema: { shape: object }): string[] {
  return Object.keys(schema.shape);
}

/** A lookup by a numeric id typed on the command line. */
export function byNumericId<Row>(get: (client: ApiClient, id: number) => Promise<Row>) {
  return (client: ApiClient, id: string) => get(client, Number(id));
}
