// Fresh, isolated databases for tests: a temp SQLite file always; a new PostgreSQL schema and a new MySQL
// database when GW_TEST_POSTGRES_URL / GW_TEST_MYSQL_URL are set. Each is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { DatabaseKind } from '../config.js';

/** The dialects this run covers (Kysely-style per-dialect loop). */
export const TEST_DIALECTS: DatabaseKind[] = [
  'sqlite',
  ...(process.env.GW_TEST_POSTGRES_URL ? (['postgres'] as const) : []),
  ...(process.env.GW_TEST_MYSQL_URL ? (['mysql'] as const) : []),
];

export interface FreshDatabase {
  url: string;
  drop: () => Promise<void>;
}

function uniqueName(): string {
  return `gw_t_${randomBytes(6).toString('hex')}`;
}

async function freshPostgres(base: string): Promise<FreshDatabase> {
  const schema = uniqueName();
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    drop: async () => {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    },
  };
}

async function freshMysql(base: string): Promise<FreshDatabase> {
  const name = uniqueName();
  const connection = await mysql.createConnection({ uri: base });
  await connection.query(`create database ${name}`);
  await connection.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const admin = await mysql.createConnection({ uri: base });
      await admin.query(`drop database if exists ${name}`);
      await admin.end();
    },
  };
}

/** A new empty database of one kind. */
export async function freshDatabase(kind: DatabaseKind): Promise<FreshDatabase> {
  if (kind === 'postgres') return freshPostgres(process.env.GW_TEST_POSTGRES_URL ?? '');
  if (kind === 'mysql') return freshMysql(process.env.GW_TEST_MYSQL_URL ?? '');
  const dir = mkdtempSync(join(tmpdir(), 'gw-server-test-'));
  return {
    url: `sqlite:${join(dir, 'gw.db')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}
