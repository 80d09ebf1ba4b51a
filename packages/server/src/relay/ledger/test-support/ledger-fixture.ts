// A migrated scratch database with users, tokens and a channel for the ledger tests, and readers of the
// counters the ledger moves.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DatabaseKind, parseDatabaseUrl } from '../../../config.js';
import { type GwDb, openDatabase } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { insertBareChannel } from '../../../test-support/channel-rows.js';
import { freshDatabase } from '../../../test-support/databases.js';
import type { LedgerEntry } from '../ledger-entry.js';

export interface LedgerFixture {
  db: GwDb;
  kind: DatabaseKind;
  /** The database URL (a child process can open the same SQLite file). */
  url: string;
  /** A folder of its own for the journal. */
  dir: string;
  close: () => Promise<void>;
}

export async function openLedgerFixture(kind: DatabaseKind): Promise<LedgerFixture> {
  const database = await freshDatabase(kind);
  const handle = openDatabase(parseDatabaseUrl(database.url, process.cwd()));
  await migrateToLatest(handle.db);
  const dir = mkdtempSync(join(tmpdir(), 'gw-ledger-'));
  return {
    db: handle.db,
    kind,
    url: database.url,
    dir,
    close: async () => {
      await handle.close();
      await database.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Inserts a user with `quota` points. */
export async function insertUser(db: GwDb, id: number, quota: number): Promise<void> {
  await db
    .insertInto('users')
    .values({ id, username: `user${id}`, password: 'x', quota } as never)
    .execute();
}

/** Inserts a token of `userId` with `remain` points (unlimited when asked). */
export async function insertToken(
  db: GwDb,
  id: number,
  userId: number,
  remain: number,
  unlimited = false,
): Promise<void> {
  await db
    .insertInto('tokens')
    .values({
      id,
      user_id: userId,
      key: `key${id}`,
      status: 1,
      name: `token${id}`,
      created_time: 0,
      accessed_time: 0,
      expired_time: -1,
      remain_quota: remain,
      unlimited_quota: unlimited ? 1 : 0,
      used_quota: 0,
      group: '',
      backup_group: '',
      setting: '{}',
    } as never)
    .execute();
}

export { insertBareChannel };

export interface Counters {
  users: Record<number, { quota: number; used: number; requests: number }>;
  tokens: Record<number, { remain: number; used: number; accessed: number }>;
  channels: Record<number, number>;
  logs: { count: number; quota: number };
  marks: number;
}

/** Every counter the ledger moves, as plain numbers (MySQL may return sums as strings). */
export async function readCounters(db: GwDb): Promise<Counters> {
  const users = await db.selectFrom('users').select(['id', 'quota', 'used_quota', 'request_count']).execute();
  const tokens = await db
    .selectFrom('tokens')
    .select(['id', 'remain_quota', 'used_quota', 'accessed_time'])
    .execute();
  const channels = await db.selectFrom('channels').select(['id', 'used_quota']).execute();
  const logs = await db.selectFrom('logs').select('quota').execute();
  const marks = await db.selectFrom('relay_settlements').select('request_id').execute();
  return {
    users: Object.fromEntries(
      users.map((u) => [
        u.id,
        { quota: Number(u.quota), used: Number(u.used_quota), requests: Number(u.request_count) },
      ]),
    ),
    tokens: Object.fromEntries(
      tokens.map((t) => [
        t.id,
        { remain: Number(t.remain_quota), used: Number(t.used_quota), accessed: Number(t.accessed_time) },
      ]),
    ),
    channels: Object.fromEntries(channels.map((c) => [c.id, Number(c.used_quota)])),
    logs: { count: logs.length, quota: logs.reduce((sum, log) => sum + Number(log.quota), 0) },
    marks: marks.length,
  };
}

/** A settlement of `quota` points after a hold of `hold`, with its consume log. */
export function settleEntry(
  id: string,
  fields: {
    userId: number;
    tokenId: number;
    tokenUnlimited?: boolean;
    channelId: number;
    hold: number;
    quota: number;
    at?: number;
  },
): LedgerEntry {
  return {
    id,
    kind: 'settle',
    at: fields.at ?? 1_800_000_000,
    userId: fields.userId,
    tokenId: fields.tokenId,
    tokenUnlimited: fields.tokenUnlimited ?? false,
    channelId: fields.channelId,
    hold: fields.hold,
    quota: fields.quota,
    log: {
      user_id: fields.userId,
      created_at: fields.at ?? 1_800_000_000,
      type: 2,
      content: `request ${id}`,
      quota: fields.quota,
      channel_id: fields.channelId,
      metadata: null,
    },
  };
}

let holdSequence = 0;

/** A fresh hold id with an owner, for holds whose row the test does not look up by id. */
export function holdKey(owner = 'test-owner'): { id: string; owner: string } {
  holdSequence += 1;
  return { id: `hold-${holdSequence}`, owner };
}

/** The open hold rows, by request id: points and owner. */
export async function holdRows(db: GwDb): Promise<Record<string, { points: number; owner: string }>> {
  const rows = await db.selectFrom('relay_holds').select(['request_id', 'points', 'owner']).execute();
  return Object.fromEntries(
    rows.map((row) => [row.request_id, { points: Number(row.points), owner: row.owner }]),
  );
}

/** The journal segment files present in the fixture's folder. */
export function journalFiles(dir: string): string[] {
  try {
    return readdirSync(join(dir, 'relay-journal')).sort();
  } catch {
    return [];
  }
}
