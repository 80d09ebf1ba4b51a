// End-to-end: the built `gw` against a real server on loopback — sign-in, profiles, the keyring,
// environment credentials, and what a wrong or unreachable server address says.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  GW_BIN,
  type GwServer,
  signIn,
  startGwServer,
} from '../../../../../test-support/gw-server.js';
import { runGw } from '../../test-support/run-gw.js';

let server: GwServer;
let root: string;
let foreign: Server;
let foreignUrl: string;
const freshConfig = () => mkdtempSync(join(root, 'conf-'));
const login = (env: Record<string, string>, args: string[] = []) =>
  runGw(['login', '--server', server.url, '--username', 'root', '--password-stdin', ...args], {
    env,
    input: `${server.rootPassword}\n`,
  });
const config = (dir: string) => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));

beforeAll(async () => {
  server = await startGwServer();
  root = mkdtempSync(join(tmpdir(), 'gw-cli-auth-'));
  // A web server that is not gw: every path is an HTML page.
  foreign = createServer((_request, response) => {
    response.writeHead(404, { 'content-type': 'text/html' }).end('<html>not here</html>');
  });
  const port = await freePort();
  await new Promise<void>((resolve) => foreign.listen(port, '127.0.0.1', resolve));
  foreignUrl = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.stop();
  await new Promise((resolve) => foreign?.close(resolve));
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

  it('Given no --server and no terminal, When logging in, Then exit 2 asking for one (no silent localhost)', async () => {
    const dir = freshConfig();
    const run = await runGw(['login', '--username', 'root', '--password-stdin'], {
      env: { GW_CONFIG_DIR: dir },
      input: `${server.rootPassword}\n`,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--server');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it('Given a server that is not http(s) or not a URL, When logging in, Then exit 2 naming it', async () => {
    for (const bad of ['ftp://x', 'http://exa mple']) {
      const dir = freshConfig();
      const run = await runGw(['login', '--server', bad, '--username', 'root', '--password-stdin'], {
        env: { GW_CONFIG_DIR: dir },
        input: `${server.rootPassword}\n`,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`Not an http(s) server URL: ${bad}`);
      expect(existsSync(join(dir, 'config.json'))).toBe(false);
    }
  });

  it('Given an address where nothing listens, Then the address and the cause are named, exit 1', async () => {
    const closed = `http://127.0.0.1:${await freePort()}`;
    const run = await runGw(['status', '--server', closed]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Cannot reach ${closed}: connection refused`);
  });

  it('Given a web server that is not gw, Then it says so with the call and the status, exit 1', async () => {
    const run = await runGw(['status', '--server', foreignUrl]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${foreignUrl} did not answer as a gw server (GET /api/status → HTTP 404)`);
  });

  it('Given a server without a scheme, When logging in, Then http is assumed as in the TUI', async () => {
    const dir = freshConfig();
    const bare = server.url.replace(/^http:\/\//, '');
    const run = await runGw(['login', '--server', `${bare}/`, '--username', 'root', '--password-stdin'], {
      env: { GW_CONFIG_DIR: dir },
      input: `${server.rootPassword}\n`,
    });
    expect(run.code).toBe(0);
    expect(config(dir).profiles.default.server).toBe(server.url);
  });

  it('Given stdin is not a terminal and no --password-stdin, When logging in, Then exit 2 without prompting', async () => {
    const run = await runGw(['login', '--server', server.url, '--username', 'root'], {
      env: { GW_CONFIG_DIR: freshConfig() },
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('--password-stdin');
  });

  it('Given no keyring, When logging in, Then the token is in a 0600 file and whoami, logout work', async () => {
    const dir = freshConfig();
    const env = { GW_CONFIG_DIR: dir };
    const signedIn = await login(env);
    expect(signedIn.code).toBe(0);
    expect(signedIn.stderr).toContain('Signed in');
    expect(signedIn.stderr).toContain('No system keyring found');
    const stored = config(dir);
    expect(stored.profiles.default).toMatchObject({ server: server.url, username: 'root' });
    expect(stored.profiles.default.accessToken).toMatch(/\S{16,}/);
    expect(statSync(join(dir, 'config.json')).mode & 0o777).toBe(0o600);

    const whoami = await runGw(['whoami'], { env });
    expect(whoami.code).toBe(0);
    expect(whoami.stdout).toContain('username\troot\n');
    expect(whoami.stdout).toContain('role\tSuper administrator\n');
    expect(whoami.stdout).toContain(`server\t${server.url}\n`);
    expect(whoami.stdout).toContain('profile\tdefault\n');

    const json = await runGw(['whoami', '--json'], { env });
    const user = JSON.parse(json.stdout);
    expect(user).toMatchObject({ username: 'root', role: 100, server: server.url });
    expect(user).not.toHaveProperty('access_token');

    const logout = await runGw(['logout'], { env });
    expect(logout.code).toBe(0);
    expect(config(dir).profiles.default).toEqual({ server: server.url });
    expect((await runGw(['whoami'], { env })).code).toBe(4);
  });

  it('Given a keyring (secret-tool), When logging in, Then the token goes there and not into the file', async () => {
    const dir = freshConfig();
    const bin = mkdtempSync(join(root, 'bin-'));
    const vault = mkdtempSync(join(root, 'vault-'));
    // A stand-in for libsecret's secret-tool: one file per profile.
    writeFileSync(
      join(bin, 'secret-tool'),
      [
        '#!/bin/sh',
        'cmd=$1; shift',
        '[ "$cmd" = store ] && shift',
        `file="${vault}/$4"`,
        'case $cmd in',
        '  store) cat > "$file" ;;',
        '  lookup) [ -f "$file" ] && cat "$file" || exit 1 ;;',
        '  clear) rm -f "$file" ;;',
        'esac',
      ].join('\n'),
    );
    chmodSync(join(bin, 'secret-tool'), 0o755);
    const env = {
      GW_CONFIG_DIR: dir,
      PATH: `${bin}:${process.env.PATH}`,
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/dev/null',
    };
    const signedIn = await login(env);
    expect(signedIn.code, signedIn.stderr).toBe(0);
    expect(signedIn.stderr).toContain('system keyring');
    expect(config(dir).profiles.default).toEqual({ server: server.url, username: 'root', keyring: true });
    expect(readFileSync(join(vault, 'default'), 'utf8')).toMatch(/\S{16,}/);
    const status = await runGw(['auth', 'status'], { env });
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(
      /^\* default\t.*\troot \(Super administrator\)\tsystem keyring\tsigned in$/m,
    );
    expect((await runGw(['logout'], { env })).code).toBe(0);
    expect(existsSync(join(vault, 'default'))).toBe(false);
  });

  it('Given two profiles, When switching and naming them, Then each command uses the right one', async () => {
    const dir = freshConfig();
    const env = { GW_CONFIG_DIR: dir };
    expect((await login(env, ['--profile', 'work'])).code).toBe(0);
    expect((await login({ ...env, GW_PROFILE: 'home' })).code).toBe(0);
    expect(config(dir).current).toBe('work');
    expect(Object.keys(config(dir).profiles).sort()).toEqual(['home', 'work']);
    expect((await runGw(['logout', '--profile', 'work'], { env })).code).toBe(0);
    const status = await runGw(['auth', 'status', '--json'], { env });
    expect(status.code).toBe(4);
    expect(JSON.parse(status.stdout)).toEqual([
      expect.objectContaining({ profile: 'work', current: true, state: 'signed_out' }),
      expect.objectContaining({ profile: 'home', current: false, state: 'ok', username: 'root' }),
    ]);
    expect((await runGw(['auth', 'switch', 'home'], { env })).code).toBe(0);
    expect((await runGw(['whoami'], { env })).code).toBe(0);
    expect((await runGw(['whoami', '--profile', 'work'], { env })).code).toBe(4);
    const unknown = await runGw(['auth', 'switch', 'nope'], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('profiles: home, work');
  });

  it('Given the single-server file of an earlier gw, Then it is read as the default profile', async () => {
    const dir = freshConfig();
    const cookie = await signIn(server.url, 'root', server.rootPassword);
    const reply = await fetch(`${server.url}/api/user/token`, { headers: { cookie } });
    const accessToken = ((await reply.json()) as { data: string }).data;
    writeFileSync(
      join(dir, 'config.json'),
      JSON.stringify({ server: server.url, accessToken, username: 'root' }),
    );
    const run = await runGw(['whoami', '--json'], { env: { GW_CONFIG_DIR: dir } });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ username: 'root', profile: 'default' });
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

    const withToken = await runGw(['login', '--server', server.url, '--with-token'], {
      env: { GW_CONFIG_DIR: env.GW_CONFIG_DIR },
      input: `${accessToken}\n`,
    });
    expect(withToken.code, withToken.stderr).toBe(0);
    expect((await runGw(['whoami'], { env: { GW_CONFIG_DIR: env.GW_CONFIG_DIR } })).code).toBe(0);
  });

  it('Given only a server, When asking for status, Then the public status prints without sign-in', async () => {
    const env = { GW_CONFIG_DIR: freshConfig(), GW_SERVER: server.url };
    const run = await runGw(['status', '--json'], { env });
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ version: 'v0.14.7' });
    const text = await runGw(['status'], { env });
    expect(text.stdout).toContain('version\tv0.14.7\n');
  });

  it('Given GW_DEBUG=api, Then each request and response is logged to stderr, secrets masked', async () => {
    const dir = freshConfig();
    const run = await runGw(['login', '--server', server.url, '--username', 'root', '--password-stdin'], {
      env: { GW_CONFIG_DIR: dir, GW_DEBUG: 'api' },
      input: `${server.rootPassword}\n`,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`> POST ${server.url}/api/user/login`);
    expect(run.stderr).toContain('"password":"***"');
    expect(run.stderr).toMatch(/< 200 POST .*\/api\/user\/login \(\d+ ms\)/);
    expect(run.stderr).not.toContain(server.rootPassword);
    expect(run.stdout).toBe('');
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
    expect(environment.stdout).toContain('GW_PROFILE');
  });

  it('Given no language, or C/POSIX, Then English; the locale, GW_LANG and --lang pick another', async () => {
    const english = await runGw(['help', 'exit-codes'], { env: { LANG: undefined } });
    expect(english.stdout).toContain('Exit codes of gw');
    const posix = await runGw(['help', 'exit-codes'], { env: { LANG: 'zh_CN.UTF-8', LC_ALL: 'C' } });
    expect(posix.stdout).toContain('Exit codes of gw');
    const chinese = await runGw(['help', 'exit-codes'], { env: { LANG: 'zh_CN.UTF-8' } });
    expect(chinese.stdout).toContain('gw 的退出码');
    const japanese = await runGw(['help', 'exit-codes'], { env: { GW_LANG: 'ja_JP' } });
    expect(japanese.stdout).toContain('gw の終了コード');
    const flag = await runGw(['--lang', 'zh_HK', 'help', 'exit-codes']);
    expect(flag.stdout).toContain('gw 的結束碼');
    expect((await runGw(['help', 'exit-codes', '--lang', 'fr'])).code).toBe(2);
  });

  it('Given Node 20, When any command runs, Then it says Node 22 is needed before anything else loads', () => {
    const fakeOld = [
      "Object.defineProperty(process.versions, 'node', { value: '20.11.1' });",
      "Object.defineProperty(process, 'version', { value: 'v20.11.1' });",
      `process.argv = [process.argv[0], 'gw', 'tokens', 'list'];`,
      `import(${JSON.stringify(GW_BIN)});`,
    ].join('\n');
    const run = spawnSync(process.execPath, ['-e', fakeOld], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, LANG: 'en_US.UTF-8' },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('gw needs Node.js 22 or newer; this is Node.js v20.11.1.\n');
  });

  it('Given an unknown command or flag, Then exit 2 with a pointer to --help', async () => {
    const unknown = await runGw(['frobnicate']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Run 'gw --help' for usage.");
    const flag = await runGw(['tokens', 'list', '--bogus']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("Run 'gw tokens list --help' for usage.");
    expect((await runGw(['help', 'nonsense'])).code).toBe(2);
  });
});
