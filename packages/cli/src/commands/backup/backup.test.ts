// End-to-end: `gw backup <file>` from the built binary copies a running server's SQLite database (the
// online backup API, WAL contents included): the copy opens and has the user just created and the audit
// entry of it; an existing file is never overwritten; a PostgreSQL or MySQL URL is pointed to their tools.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGw } from '../../test-support/run-gw.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let dir: string;
let env: Record<string, string>;

beforeAll(async () => {
  gw = await startSignedInGw();
  dir = mkdtempSync(join(tmpdir(), 'gw-cli-backup-'));
  env = { DATABASE_URL: `sqlite:${join(gw.server.dataDir, 'gw.db')}` };
  expect((await gw.gw(['users', 'create', '--username', 'bob', '--password', 'bob-pass-12'])).code).toBe(0);
});

afterAll(async () => {
  await gw?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('gw backup', () => {
  it('copies the running server’s SQLite database, the newest rows included', async () => {
    const file = join(dir, 'copy.db');
    const run = await runGw(['backup', file], { env });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(file);
    const copy = new DatabaseSync(file, { readOnly: true });
    try {
      expect(copy.prepare(`SELECT username FROM users WHERE username = 'bob'`).get()).toEqual({
        username: 'bob',
      });
      expect(copy.prepare(`SELECT action FROM audit_logs WHERE action = 'user.create'`).get()).toEqual({
        action: 'user.create',
      });
      expect(copy.prepare('PRAGMA integrity_check').get()).toEqual({ integrity_check: 'ok' });
    } finally {
      copy.close();
    }
  });

  it('never overwrites an existing file', async () => {
    const file = join(dir, 'copy.db');
    const before = readFileSync(file);
    const run = await runGw(['backup', file], { env });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('already exists');
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('points PostgreSQL and MySQL to pg_dump and mysqldump, writing nothing', async () => {
    for (const url of ['postgres://gw@127.0.0.1:1/gw', 'mysql://gw@127.0.0.1:1/gw']) {
      const file = join(dir, 'other.db');
      const run = await runGw(['backup', file], { env: { DATABASE_URL: url } });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/pg_dump.*mysqldump/);
      expect(existsSync(file)).toBe(false);
    }
  });
});
