// Moving in from one-hub (issue 15): gw started on a database one-hub made recognises it and runs its own
// migrations in "adopt" mode. Each migration still describes what gw needs; where one-hub already has the
// table, column or index, that step is skipped and only what is missing is added. Nothing of one-hub's is
// dropped, renamed or retyped, so one-hub can still start on the database afterwards (docs/moving-from-one-hub.md).
import {
  AddColumnNode,
  AlterTableNode,
  ColumnDefinitionNode,
  type CreateTableNode,
  createQueryId,
  type Kysely,
  MysqlAdapter,
  PostgresAdapter,
  sql,
  TableNode,
} from 'kysely';
import type { Migration } from 'kysely/migration';

// biome-ignore lint/suspicious/noExplicitAny: migrations are typed loosely; so is their adopting wrapper.
type AnyDb = Kysely<any>;

/** What the database holds before gw touches it: table → column names, and every index name. */
export interface ExistingSchema {
  tables: Map<string, Set<string>>;
  indexes: Set<string>;
}

/** The tables whose presence, without gw's migration bookkeeping, says "one-hub made this database". */
const ONE_HUB_MARKERS = ['users', 'tokens', 'channels', 'options', 'abilities'];

async function indexNames(db: AnyDb): Promise<Set<string>> {
  const adapter = db.getExecutor().adapter;
  let rows: Array<{ name: string }>;
  if (adapter instanceof PostgresAdapter) {
    ({ rows } = await sql<{ name: string }>`
      select indexname as name from pg_indexes where schemaname = current_schema()`.execute(db));
  } else if (adapter instanceof MysqlAdapter) {
    ({ rows } = await sql<{ name: string }>`
      select distinct index_name as name from information_schema.statistics
      where table_schema = database()`.execute(db));
  } else {
    ({ rows } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'index'`.execute(db));
  }
  return new Set(rows.map((row) => row.name));
}

/** Reads the tables, columns and indexes the database has now. */
export async function readExistingSchema(db: AnyDb): Promise<ExistingSchema> {
  const tables = new Map<string, Set<string>>();
  // PostgreSQL lists every schema's tables: only the connection's own schema is this database.
  let schema: string | undefined;
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    schema = rows[0]?.schema;
  }
  // gw's migration table included: its presence is what tells an adopted database from a new one.
  for (const table of await db.introspection.getTables({ withInternalKyselyTables: true })) {
    if (schema !== undefined && table.schema !== schema) continue;
    tables.set(table.name, new Set(table.columns.map((column) => column.name)));
  }
  return { tables, indexes: await indexNames(db) };
}

/** The option written when an adoption has finished (its time, seconds); one-hub ignores unknown keys. */
export const ADOPTED_OPTION = 'GwAdoptedFromOneHubAt';

/**
 * A database one-hub made that gw has not finished adopting: one-hub's tables are there (gw never makes
 * `abilities`) and either gw's migration table is not, or an earlier start stopped before the end (on
 * SQLite and MySQL the steps before the failure are kept; the rest must still be adopted, not created).
 */
export async function needsAdoption(db: AnyDb, existing: ExistingSchema): Promise<boolean> {
  if (!ONE_HUB_MARKERS.every((table) => existing.tables.has(table))) return false;
  if (!existing.tables.has('kysely_migration')) return true;
  const done = await db
    .selectFrom('options')
    .select('value')
    .where('key', '=', ADOPTED_OPTION)
    .executeTakeFirst();
  return done === undefined;
}

/**
 * A column gw adds to one of one-hub's tables: never a key or unique (one-hub's rows were written without
 * it), and NOT NULL only with a default, because one-hub inserts rows that do not name it.
 */
function addedColumn(column: ColumnDefinitionNode): ColumnDefinitionNode {
  return ColumnDefinitionNode.cloneWith(column, {
    primaryKey: false,
    autoIncrement: false,
    unique: false,
    notNull: column.notNull === true && column.defaultTo !== undefined,
  });
}

/** Whether a column holds text (gw's NOT NULL columns without a default are its TEXT columns). */
function isTextType(column: ColumnDefinitionNode): boolean {
  const type = column.dataType as { kind: string; dataType?: string; sqlFragments?: readonly string[] };
  const spelled = type.kind === 'DataTypeNode' ? (type.dataType ?? '') : (type.sqlFragments ?? []).join('');
  return /text|char/i.test(spelled);
}

async function addMissingColumns(db: AnyDb, node: CreateTableNode, existing: ExistingSchema): Promise<void> {
  const table = node.table.table.identifier.name;
  const columns = existing.tables.get(table);
  if (!columns) return;
  for (const column of node.columns) {
    const name = column.column.column.name;
    if (columns.has(name)) continue;
    const alter = AlterTableNode.cloneWithColumnAlteration(
      AlterTableNode.create(TableNode.create(table)),
      AddColumnNode.create(addedColumn(column)),
    );
    await db.executeQuery(db.getExecutor().compileQuery(alter, createQueryId()));
    // gw reads these text columns as strings: one-hub's existing rows get the empty value gw would write.
    if (column.notNull && column.defaultTo === undefined && isTextType(column)) {
      await db.updateTable(table).set(name, '').where(name, 'is', null).execute();
    }
    columns.add(name);
  }
}

/** Wraps a schema builder so its `execute` runs `run` instead; every chained call stays wrapped. */
function wrapBuilder<B extends object>(builder: B, run: (builder: B) => Promise<void>): B {
  return new Proxy(builder, {
    get(target, property) {
      if (property === 'execute') return () => run(target);
      const value = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result = value.apply(target, args);
        // Builders are immutable: each chained call returns a new one, which must stay wrapped too.
        return result && typeof result === 'object' && result.constructor === target.constructor
          ? wrapBuilder(result as B, run)
          : result;
      };
    },
  });
}

/** The statements a raw SQL step runs that must be skipped when one-hub already has what they make. */
function rawAlreadyDone(text: string, existing: ExistingSchema): boolean {
  const index = /^\s*create\s+(?:unique\s+)?index\s+(\w+)/i.exec(text);
  if (index?.[1]) return existing.indexes.has(index[1]);
  const column = /^\s*alter\s+table\s+(\w+)\s+add\s+column\s+(\w+)/i.exec(text);
  if (column?.[1] && column[2]) return existing.tables.get(column[1])?.has(column[2]) === true;
  return false;
}

/**
 * The database a migration sees while gw adopts one-hub's: `createTable` of a table one-hub has adds the
 * missing columns only, `createIndex` of an existing index name is skipped, seeding inserts into one-hub's
 * tables leave rows that are already there, and raw steps that would duplicate an index or column are skipped.
 */
export function adoptingDb(db: AnyDb, existing: ExistingSchema): AnyDb {
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const schema = new Proxy(db.schema, {
    get(target, property) {
      const value = Reflect.get(target, property, target);
      if (property === 'createTable') {
        return (table: string) =>
          wrapBuilder(target.createTable(table), async (builder) => {
            if (existing.tables.has(table)) {
              await addMissingColumns(db, builder.toOperationNode(), existing);
              return;
            }
            await builder.execute();
            const node = builder.toOperationNode();
            existing.tables.set(table, new Set(node.columns.map((column) => column.column.column.name)));
          });
      }
      if (property === 'createIndex') {
        return (name: string) =>
          wrapBuilder(target.createIndex(name), async (builder) => {
            if (existing.indexes.has(name)) return;
            await builder.execute();
            existing.indexes.add(name);
          });
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const executor = db.getExecutor();
  const adoptingExecutor = new Proxy(executor, {
    get(target, property) {
      if (property === 'executeQuery') {
        return async (compiled: { sql: string }, ...rest: unknown[]) => {
          if (rawAlreadyDone(compiled.sql, existing)) return { rows: [] };
          // biome-ignore lint/suspicious/noExplicitAny: forwards the executor's own arguments unchanged.
          return (target.executeQuery as any)(compiled, ...rest);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return new Proxy(db, {
    get(target, property) {
      if (property === 'schema') return schema;
      if (property === 'getExecutor') return () => adoptingExecutor;
      if (property === 'insertInto') {
        return (table: string) => {
          const insert = target.insertInto(table);
          if (!existing.tables.has(table)) return insert;
          // A seed row one-hub already has (the `default` group) is left as one-hub wrote it.
          return mysql ? insert.ignore() : insert.onConflict((conflict) => conflict.doNothing());
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** gw's migrations, each run against the adopting view of the database. */
export function adoptingMigrations(
  migrations: Record<string, Migration>,
  existing: ExistingSchema,
): Record<string, Migration> {
  return Object.fromEntries(
    Object.entries(migrations).map(([name, migration]) => [
      name,
      { up: (db: AnyDb) => migration.up(adoptingDb(db, existing)) },
    ]),
  );
}

/**
 * one-hub deletes users, tokens, redemption codes and payment gateways softly (a `deleted_at` time, the row
 * kept) and never serves such a row again; gw does not read `deleted_at`, so at adoption each of them is
 * switched off the way gw understands: a deleted token must not start relaying again. one-hub ignores these
 * rows whatever their status, so this changes nothing it shows.
 */
const SOFT_DELETED: Array<{ table: string; set: Record<string, number> }> = [
  { table: 'users', set: { status: 2 } },
  { table: 'tokens', set: { status: 2 } },
  { table: 'redemptions', set: { status: 2 } },
  { table: 'payments', set: { enable: 0 } },
];

/**
 * What adoption does once gw's tables are there: retire soft-deleted rows, take over one-hub's owners, and
 * mark the adoption done (last, so a start that fails before it does all of this again).
 */
export async function finishAdoption(db: AnyDb, existing: ExistingSchema): Promise<void> {
  for (const { table, set } of SOFT_DELETED) {
    if (!existing.tables.get(table)?.has('deleted_at')) continue;
    await db.updateTable(table).set(set).where('deleted_at', 'is not', null).execute();
  }
  // one-hub keeps model owners in `model_owned_by` (gw: `model_ownedby`): the operator's names, icons and
  // own owners (ids from 1000) replace gw's built-in seed. one-hub's table stays as it is.
  if (existing.tables.has('model_owned_by')) {
    const owners = await db.selectFrom('model_owned_by').select(['id', 'name', 'icon']).execute();
    for (const owner of owners) {
      const row = { name: owner.name ?? '', icon: owner.icon ?? '' };
      const updated = await db
        .updateTable('model_ownedby')
        .set(row)
        .where('id', '=', owner.id)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        await db
          .insertInto('model_ownedby')
          .values({ id: owner.id, ...row })
          .execute();
      }
    }
  }
  await db
    .insertInto('options')
    .values({ key: ADOPTED_OPTION, value: String(Math.floor(Date.now() / 1000)) })
    .execute();
}
