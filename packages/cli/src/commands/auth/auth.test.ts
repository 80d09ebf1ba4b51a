// End-to-end: the built `gw` against a real server on loopback (sign-in, whoami, env credentials).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, signIn, startGwServer } from '../../../../../test-support/gw-server.js';
import { runGw } from '../../test-support/run-gw.js';

let server: GwServer;
let root: string;
const freshConfig = () => mkdtempSync(join(root, 'conf-'));

beforeAll(async () => {
  server = await startGwServer();
  root = mkdtempSync(join(tmpdir(), 'gw-cli-auth-'));
});

afterAll(async () => {
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('gw login / whoami / logout', () => {
  it('Given no config and no env, When any signed-in command runs, Then exit 4 with a sign-in hint', async () => {
    const run = await runGw(['tokens', 'list'], { env: { GW_CONFIG_DIR: freshConfig() } });
    expect(run.code).toBe(4);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('Not signed in');
    expect(run.stderr).toContain('gw login');
  });

  it('Given a wrong password, When logging in, Then exit 4 and nothing is stored', async () => {
    const dir = freshConfig();
    const run = await runGw(['login', '--server', server.url, '--username', 'root', '--password-stdin'], {
      env: { GW_CONFIG_DIR: dir },
      input: 'not-the-password\n',
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toMatch(/wrong username or password/i);
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('Given a server that is not http(s), When logging in, Then exit 2 and nothing is stored', async () => {
    const dir = freshConfig();
    const run = await runGw(['login', '--server', 'ftp://x', '--username', 'root', '--password-stdin'], {
      env: { GW_CONFIG_DIR: dir },
      input: `${server.rootPassword}\n`,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Not an http(s) server URL: ftp://x');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('Given a server without a scheme, When logging in, Then http is assumed as in the TUI', async () => {
    const dir = freshConfig();
    const bare = server.url.replace(/^http:\/\//, '');
    const run = await runGw(['login', '--server', `${bare}/`, '--username', 'root', '--password-stdin'], {
      env: { GW_CONFIG_DIR: dir },
      input: `${server.rootPassword}\n`,
    });
    expect(run.code).toBe(0);
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).server).toBe(server.url);
  });

  it('Given stdin is not a terminal and no --password-stdin, When logging in, Then exit 2 without prompting', async () => {
    const run = await runGw(['login', '--server', server.url, '--username', 'root'], {
      env: { GW_CONFIG_DIR: freshConfig() },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--password-stdin');
  });

  it('Given the root password on stdin, When logging in, Then whoami shows root and logout forgets it', async () => {
    const dir = freshConfig();
    const env = { GW_CONFIG_DIR: dir };
    const login = await runGw(['login', '--server', server.url, '--username', 'root', '--password-stdin'], {
      env,
      input: `${server.rootPassword}\n`,
    });
    expect(login.code).toBe(0);
    expect(login.stderr).toContain('Signed in');
    const stored = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
    expect(stored).toMatchObject({ server: server.url, username: 'root' });
    expect(stored.accessToken).toMatch(/\S{16,}/);

    const whoami = await runGw(['whoami'], { env });
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain('username\troot\n');
    expect(whoami.stdout).toContain('role\tSuper administrator\n');
    expect(whoami.stdout).toContain(`server\t${server.url}\n`);

    const json = await runGw(['whoami', '--json'], { env });
    const user = JSON.parse(json.stdout);
    expect(user).toMatchObject({ username: 'root', role: 100, server: server.url });
    expect(user).not.toHaveProperty('access_token');

    const logout = await runGw(['logout'], { env });
    expect(logout.code).toBe(0);
    expect((await runGw(['whoami'], { env })).code).toBe(4);
  });

  it('Given GW_SERVER and GW_TOKEN, When no login ever happened, Then commands work with them', async () => {
    const cookie = await signIn(server.url, 'root', server.rootPassword);
    const self = await fetch(`${server.url}/api/user/token`, { headers: { cookie } });
    const accessToken = ((await self.json()) as { data: string }).data;
    const env = { GW_CONFIG_DIR: freshConfig(), GW_SERVER: server.url, GW_TOKEN: accessToken };
    const run = await runGw(['whoami', '--json'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).username).toBe('root');

    const bad = await runGw(['whoami'], { env: { ...env, GW_TOKEN: 'deadbeef'.repeat(4) } });
    expect(bad.code).toBe(4);
    expect(bad.stderr).toMatch(/access token is invalid/i);
  });

  it('Given only a server, When asking for status, Then the public status prints without sign-in', async () => {
    const env = { GW_CONFIG_DIR: freshConfig(), GW_SERVER: server.url };
    const run = await runGw(['status', '--json'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ version: 'v0.14.7' });
    const text = await runGw(['status'], { env });
    expect(text.stdout).toContain('version\tv0.14.7\n');
  });

  it('Given GW_DEBUG=api, Then each HTTP call is logged to stderr and stdout stays clean', async () => {
    const env = { GW_CONFIG_DIR: freshConfig(), GW_SERVER: server.url, GW_DEBUG: 'api' };
    const run = await runGw(['status', '--json'], { env });
    expect(run.stderr).toContain(`GET ${server.url}/api/status`);
    expect(() => JSON.parse(run.stdout)).not.toThrow();
  });
});

describe('help topics and language', () => {
  it('prints the exit-code and environment tables', async () => {
    const codes = await runGw(['help', 'exit-codes']);
    expect(codes.code).toBe(0);
    for (const code of ['0', '1', '2', '3', '4', '5', '6', '130'])
      expect(codes.stdout).toMatch(new RegExp(`^  ${code}\\s`, 'm'));
    const environment = await runGw(['help', 'environment']);
    expect(environment.stdout).toContain('GW_TOKEN');
    expect(environment.stdout).toContain('GW_CONFIG_DIR');
  });

  it('Given no language in the environment, Then messages are in zh_CN; GW_LANG picks another', async () => {
    const chinese = await runGw(['help', 'exit-codes'], { env: { LANG: undefined } });
    expect(chinese.stdout).toContain('gw 的退出码');
    const japanese = await runGw(['help', 'exit-codes'], { env: { GW_LANG: 'ja_JP' } });
    expect(japanese.stdout).toContain('gw の終了コード');
  });

  it('Given an unknown command or flag, Then exit 2', async () => {
    expect((await runGw(['frobnicate'])).code).toBe(2);
    expect((await runGw(['tokens', 'list', '--bogus'])).code).toBe(2);
    expect((await runGw(['help', 'nonsense'])).code).toBe(2);
  });
});
