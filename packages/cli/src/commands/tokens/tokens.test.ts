// End-to-end: `gw tokens …` from the built binary against a real server on loopback.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_COLUMNS } from '@gw/core';
import { type GwServer, startGwServer } from '../../../../../test-support/gw-server.js';
import { runGw } from '../../test-support/run-gw.js';

/** The columns of one's own list: core's token columns without the admin search's owner. */
const OWN_COLUMNS = TOKEN_COLUMNS.filter((column) => !column.adminSearchOnly);

let server: GwServer;
let configDir: string;
const gw = (args: string[], input?: string) => runGw(args, { env: { GW_CONFIG_DIR: configDir }, input });

interface ListedToken {
  id: number;
  name: string;
  key: string;
  status: number;
  remain_quota: number;
  unlimited_quota: boolean;
  expired_time: number;
}

async function listJson(): Promise<{ data: ListedToken[]; total_count: number }> {
  const run = await gw(['tokens', 'list', '--json', '--limit', '100']);
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}

async function createJson(args: string[]): Promise<ListedToken> {
  const run = await gw(['tokens', 'create', '--json', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout);
}

beforeAll(async () => {
  server = await startGwServer();
  configDir = mkdtempSync(join(tmpdir(), 'gw-cli-tokens-'));
  const login = await gw(
    ['login', '--server', server.url, '--username', 'root', '--password-stdin'],
    server.rootPassword,
  );
  expect(login.code, login.stderr).toBe(0);
});

afterAll(async () => {
  await server?.stop();
  rmSync(configDir, { recursive: true, force: true });
});

describe('gw tokens', () => {
  it('Given no tokens, When listing, Then exit 0 with empty output', async () => {
    const run = await gw(['tokens', 'list']);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe('');
  });

  it('Given create --json, Then the created token prints with its full sk- key, which list masks', async () => {
    const token = await createJson(['--name', 'ci', '--quota', '1000']);
    expect(token).toMatchObject({ name: 'ci', remain_quota: 1000, unlimited_quota: false, expired_time: -1 });
    expect(token.key).toMatch(/^sk-[^…]{16,}$/);
    const listed = (await listJson()).data.find((row) => row.id === token.id);
    expect(listed?.key).toBe(`sk-…${token.key.slice(-4)}`);
    const revealed = await gw(['tokens', 'view', String(token.id), '--json', '--show-key']);
    expect(JSON.parse(revealed.stdout).key).toBe(token.key);
  });

  it('Given plain create, Then stdout is exactly the key and the notice goes to stderr', async () => {
    const run = await gw([
      'token',
      'create',
      '--name',
      'deploy',
      '--unlimited',
      '--expires',
      '2099-01-01 00:00:00',
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^sk-\S{16,}\n$/);
    expect(run.stderr).toContain('Created token deploy');
  });

  it('Given a pipe, When listing, Then TSV rows with no header, tabs, ISO times and no colour', async () => {
    const run = await gw(['tk', 'ls', '--sort', 'id']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d+\tci\t/);
    expect(lines[1]).toMatch(/^\d+\tdeploy\t/);
    for (const line of lines) {
      // One cell per core token column of one's own list: no owner column (the admin search's only).
      expect(line.split('\t')).toHaveLength(OWN_COLUMNS.length);
      expect(line).toMatch(/\t\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z\t/);
    }
    expect(lines[1]).toContain('\tUnlimited\t');
    expect(lines[1]).toContain('2099-01-01T');
    expect(run.stdout).not.toContain('\u001b[');
    expect(run.stdout).not.toMatch(/\bNAME\b/);
  });

  it("Given an admin's search by user id, When listing, Then the owner column leads with `id - name`", async () => {
    const run = await gw(['tk', 'ls', '--sort', 'id', '--user-id', '1']);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line.split('\t')).toHaveLength(TOKEN_COLUMNS.length);
    expect(lines[0]).toMatch(/^\d+\t1 - root\tci\t/);
  });

  it('Given list --json, Then the API paged shape with total_count', async () => {
    const page = await listJson();
    expect(page.total_count).toBe(2);
    expect(page.data.map((row) => row.name).sort()).toEqual(['ci', 'deploy']);
  });

  it('Given disable, Then status 2 shows in the list; enable turns it back', async () => {
    const ci = (await listJson()).data.find((row) => row.name === 'ci')!;
    expect((await gw(['tokens', 'disable', String(ci.id)])).code).toBe(0);
    expect((await listJson()).data.find((row) => row.id === ci.id)?.status).toBe(2);
    const tsv = await gw(['tokens', 'list', '--keyword', 'ci']);
    expect(tsv.stdout.split('\t')[OWN_COLUMNS.findIndex((column) => column.id === 'status')]).toBe(
      'Disabled',
    );
    expect((await gw(['tokens', 'enable', String(ci.id)])).code).toBe(0);
    expect((await listJson()).data.find((row) => row.id === ci.id)?.status).toBe(1);
  });

  it('Given edit, Then only the named fields change', async () => {
    const ci = (await listJson()).data.find((row) => row.name === 'ci')!;
    const run = await gw(['tokens', 'edit', String(ci.id), '--name', 'ci-renamed', '--quota', '$1']);
    expect(run.code, run.stderr).toBe(0);
    const view = JSON.parse((await gw(['tokens', 'view', String(ci.id), '--json'])).stdout);
    expect(view).toMatchObject({ name: 'ci-renamed', remain_quota: 500_000, expired_time: -1 });
  });

  it('Given a negative quota, When creating, Then exit 2 with a clear message and nothing created', async () => {
    const run = await gw(['tokens', 'create', '--name', 'bad', '--quota', '-5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--quota cannot be below 0');
    expect((await listJson()).data.some((row) => row.name === 'bad')).toBe(false);
  });

  it('Given bad flags, Then exit 2 before anything is sent', async () => {
    expect((await gw(['tokens', 'list', '--sort', 'key'])).code).toBe(2);
    expect((await gw(['tokens', 'list', '--limit', '500'])).code).toBe(2);
    expect((await gw(['tokens', 'view', 'abc'])).code).toBe(2);
    expect((await gw(['tokens', 'create', '--name', 'x', '--quota', '5', '--unlimited'])).code).toBe(2);
    expect((await gw(['tokens', 'create', '--name', 'x', '--expires', '2001-01-01 00:00:00'])).code).toBe(2);
    expect((await gw(['tokens', 'edit', '1'])).code).toBe(2);
  });

  it('Given a pipe and no --yes, When deleting, Then exit 2 and the token stays; with --yes it goes', async () => {
    const deploy = (await listJson()).data.find((row) => row.name === 'deploy')!;
    const refused = await gw(['tokens', 'delete', String(deploy.id)]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await listJson()).data.some((row) => row.id === deploy.id)).toBe(true);

    const deleted = await gw(['tokens', 'rm', String(deploy.id), '--yes']);
    expect(deleted.code).toBe(0);
    expect((await listJson()).data.some((row) => row.id === deploy.id)).toBe(false);
    expect((await gw(['tokens', 'view', String(deploy.id)])).code).toBe(5);
  });

  it('Given only a name, When creating, Then the token is unlimited and never expires, as in the web and TUI', async () => {
    const token = await createJson(['--name', 'plain']);
    expect(token).toMatchObject({ unlimited_quota: true, expired_time: -1 });
  });

  it('Given a negative dollar quota or an impossible date, Then the message names the flag and what is accepted', async () => {
    const dollars = await gw(['tokens', 'create', '--name', 'bad', '--quota', '$-1']);
    expect(dollars.code).toBe(2);
    expect(dollars.stderr).toContain('--quota cannot be below 0');
    const date = await gw(['tokens', 'create', '--name', 'bad', '--expires', '2027-02-30 00:00:00']);
    expect(date.code).toBe(2);
    expect(date.stderr).toContain(
      "--expires: '2027-02-30 00:00:00' is not a real date and time; use YYYY-MM-DD HH:mm:ss, YYYY-MM-DD HH:mm, YYYY-MM-DD, ISO 8601",
    );
    expect((await listJson()).data.some((row) => row.name === 'bad')).toBe(false);
  });

  it('Given --dry-run, When creating, Then the request prints and nothing is created', async () => {
    const run = await gw(['tokens', 'create', '--name', 'dry', '--quota', '$2', '--dry-run']);
    expect(run.code).toBe(0);
    const [line, ...body] = run.stdout.split('\n');
    expect(line).toBe(`POST ${server.url}/api/token/`);
    expect(JSON.parse(body.join('\n'))).toMatchObject({
      name: 'dry',
      remain_quota: 1_000_000,
      unlimited_quota: false,
    });
    expect((await listJson()).data.some((row) => row.name === 'dry')).toBe(false);
  });

  it('Given --json with fields, Then only those print; an unknown one lists the fields', async () => {
    const picked = JSON.parse((await gw(['tokens', 'list', '--json', 'id,name'])).stdout);
    for (const row of picked.data) expect(Object.keys(row)).toEqual(['id', 'name']);
    const unknown = await gw(['tokens', 'list', '--json', 'id,nmae']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown JSON field nmae; available: accessed_time, backup_group');
  });

  it('Given an id that never existed, When viewing, Then exit 5', async () => {
    const run = await gw(['tokens', 'view', '999999']);
    expect(run.code).toBe(5);
    expect(run.stdout).toBe('');
  });
});
