// End-to-end: `gw logs` from the built binary against a real server, as root (everyone's logs) and as a
// common user (their own), with the rows written straight into the server's database.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dashboardRateSchema, logPageSchema, logStatSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runGw } from '../../test-support/run-gw.js';
import { type SignedInGw, startSignedInGw } from '../../test-support/signed-in.js';

let gw: SignedInGw;
let aliceDir: string;
/** Runs gw signed in as alice, a common user. */
const asAlice = (args: readonly string[]) => runGw(args, { env: { GW_CONFIG_DIR: aliceDir } });
const BULK = 3000;
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  gw = await startSignedInGw();
  const created = await gw.gw(['users', 'create', '--username', 'alice', '--password', 'alice-pass-1']);
  expect(created.code, created.stderr).toBe(0);
  aliceDir = mkdtempSync(join(tmpdir(), 'gw-cli-logs-alice-'));
  const login = await runGw(['login', '--server', gw.server.url, '--username', 'alice', '--password-stdin'], {
    env: { GW_CONFIG_DIR: aliceDir },
    input: 'alice-pass-1',
  });
  expect(login.code, login.stderr).toBe(0);
  const database = new DatabaseSync(join(gw.server.dataDir, 'gw.db'));
  const aliceId = Number(
    (database.prepare(`SELECT id FROM users WHERE username = 'alice'`).get() as { id: number }).id,
  );
  const log = database.prepare(
    `INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
       completion_tokens, channel_id, request_time, is_stream, source_ip)
     VALUES (?, ?, 2, '', ?, ?, ?, ?, ?, ?, ?, 1200, 0, '10.0.0.9')`,
  );
  log.run(1, now - 30, 'root', 'ops', 'model-alpha', 500_000, 1000, 200, 1);
  log.run(1, now - 20, 'root', 'ops', 'model-beta', 250_000, 300, 100, 2);
  log.run(aliceId, now - 10, 'alice', 'mine', 'model-alpha', 100_000, 50, 50, 1);
  // Old rows for the export: far outside the default range of the list's last checks.
  database.exec('BEGIN');
  for (let index = 0; index < BULK; index += 1) {
    log.run(aliceId, now - 86_400 * 30 + index, 'alice', 'bulk', 'model-bulk', 10, 1, 1, 1);
  }
  database.exec('COMMIT');
  database.close();
});

afterAll(async () => {
  await gw?.stop();
  if (aliceDir) rmSync(aliceDir, { recursive: true, force: true });
});

describe('gw logs list', () => {
  it('Given root, When listing with --json, Then every user’s logs parse with the core schema, newest first', async () => {
    const page = logPageSchema.parse(await gw.json(['logs', 'list', '--json', '--since', '1h']));
    expect(page.data.map((log) => log.model_name)).toEqual(['model-alpha', 'model-beta', 'model-alpha']);
    expect(page.data.map((log) => log.username)).toEqual(['alice', 'root', 'root']);
  });

  it('Given the admin filters, Then channel, user and model narrow the list; --json picks fields', async () => {
    const byChannel = logPageSchema.parse(
      await gw.json(['logs', 'list', '--json', '--since', '1h', '--channel-id', '2']),
    );
    expect(byChannel.data.map((log) => log.model_name)).toEqual(['model-beta']);
    const picked = await gw.json<{ data: unknown[] }>([
      'log',
      'ls',
      '--json',
      'id,model_name',
      '--username',
      'root',
      '--model-name',
      'model-alpha',
    ]);
    expect(picked.data).toEqual([{ id: expect.any(Number), model_name: 'model-alpha' }]);
  });

  it('Given a pipe, Then TSV with ISO times; a terminal gets a table and the page line', async () => {
    const piped = await gw.gw(['logs', 'list', '--since', '1h']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(piped.stdout).toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.000Z\t/);
    const tty = await gw.tty(['logs', 'list', '--since', '1h'], [], { NO_COLOR: '1' });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/TIME\s+/);
    expect(tty.stdout).toContain('model-beta');
    expect(tty.stdout).toMatch(/Page 1 of 1/);
  });

  it('Given a common user, Then only their own logs, and an admin filter is exit 2', async () => {
    const page = logPageSchema.parse(
      JSON.parse((await asAlice(['logs', 'list', '--json', '--since', '1h'])).stdout),
    );
    expect(page.data.map((log) => log.username)).toEqual(['alice']);
    const refused = await asAlice(['logs', 'list', '--channel-id', '1']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--channel-id is for administrators');
  });

  it('Given a malformed time, Then exit 2 naming the flag and nothing listed', async () => {
    const run = await gw.gw(['logs', 'list', '--since', '2027-02-30 00:00:00']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--since');
    expect(run.stdout).toBe('');
  });
});

describe('gw logs stat', () => {
  it('Given root and a model filter, Then the quota of that filter; --json parses with the core schema', async () => {
    const all = logStatSchema.parse(await gw.json(['logs', 'stat', '--json', '--since', '1h']));
    expect(all.quota).toBe(850_000);
    expect(all.rpm).toBe(3);
    const alpha = logStatSchema.parse(
      await gw.json(['logs', 'stat', '--json', '--since', '1h', '--model-name', 'model-alpha']),
    );
    expect(alpha.quota).toBe(600_000);
    const piped = await gw.gw(['logs', 'stat', '--since', '1h', '--username', 'root']);
    expect(piped.stdout).toMatch(/^quota\t750000\nrpm\t2\ntpm\t\d+\n$/);
    const tty = await gw.tty(['logs', 'stat', '--since', '1h'], [], { NO_COLOR: '1' });
    expect(tty.stdout).toContain('Quota used: $1.700000');
  });

  it('Given a common user, Then only their own figures', async () => {
    const run = await asAlice(['logs', 'stat', '--json', '--since', '1h']);
    expect(logStatSchema.parse(JSON.parse(run.stdout)).quota).toBe(100_000);
  });
});

describe('gw logs export', () => {
  it('Given a common user, Then their own rows as CSV on stdout, header first', async () => {
    const run = await asAlice(['logs', 'export', '--csv', '--model-name', 'model-bulk', '--since', '60d']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(BULK + 1);
    expect(lines.slice(1).every((line) => line.includes('model-bulk'))).toBe(true);
  });

  it('Given root and --output, Then the file holds every row; root’s user filter applies', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-cli-logs-export-'));
    try {
      const file = join(dir, 'logs.csv');
      const run = await gw.gw(['logs', 'export', '--output', file, '--username', 'root', '--since', '1h']);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).toContain(`Exported to ${file}`);
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(lines).toHaveLength(3);
      expect(lines.slice(1).every((line) => line.includes('root'))).toBe(true);
      const bad = await gw.gw(['logs', 'export', '--output', join(dir, 'missing', 'x.csv')]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain('Cannot write');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Given not signed in, Then exit 4 and nothing on stdout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gw-cli-logs-none-'));
    try {
      const run = await runGw(['logs', 'export'], { env: { GW_CONFIG_DIR: dir } });
      expect(run.code).toBe(4);
      expect(run.stdout).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('gw dashboard', () => {
  it('Given today’s logs, Then today’s requests, spend and tokens; --json has the core rate shape', async () => {
    const figures = await gw.json<{
      balance: number;
      today: { requests: { today: number; week: number[] }; quota: { today: number } };
      rate: unknown;
    }>(['dashboard', '--json']);
    expect(figures.today.requests.today).toBe(2);
    expect(figures.today.quota.today).toBe(750_000);
    expect(figures.today.requests.week).toHaveLength(7);
    expect(dashboardRateSchema.parse(figures.rate).rpm).toBe(2);
    const piped = await gw.gw(['dashboard']);
    expect(piped.stdout).toMatch(/^balance\t\d+\n/);
    expect(piped.stdout).toContain('today_requests\t2\n');
    const tty = await gw.tty(['home'], [], { NO_COLOR: '1' });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/Today's spend:\s+\$1\.500000 +\+100% vs yesterday/);
    const alice = await asAlice(['dashboard', '--json', 'today']);
    expect(JSON.parse(alice.stdout).today.requests.today).toBe(1);
    const bad = await gw.gw(['dashboard', '--json', 'nope']);
    expect(bad.code).toBe(2);
  });
});
