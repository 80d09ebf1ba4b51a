// End-to-end: what `gw serve` prints — JSON lines on a pipe, readable lines when asked, one line per
// request, and the first start's root password as its own lines in the user's language.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, GW_BIN, signIn } from '../../../../../test-support/gw-server.js';

const running: Array<{ child: ChildProcess; dir: string }> = [];

afterEach(async () => {
  for (const { child, dir } of running.splice(0)) {
    if (child.exitCode === null) {
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Starts `gw serve` on a fresh database (no GW_ROOT_PASSWORD) and waits until it answers. */
async function serve(args: string[], env: Record<string, string>, nodeArgs: string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'gw-serve-'));
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...nodeArgs, GW_BIN, 'serve', '--port', String(port), '--host', '127.0.0.1', ...args],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`,
        SESSION_SECRET: 'test-session-secret',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.push({ child, dir });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      if ((await fetch(`${url}/api/status`)).ok) break;
    } catch {
      // not listening yet
    }
    // A refusal and an answer that is not OK yet both wait (an answer used to retry at once, in a loop).
    if (attempt > 300 || child.exitCode !== null)
      throw new Error(`gw serve did not start:\n${stdout}\n${stderr}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  return { url, child, stdout: () => stdout, stderr: () => stderr };
}

/**
 * Waits until the output holds a whole line matching `wanted` (log lines are written after the reply,
 * and a pipe may hand a line over in two pieces: the output up to a line's first half is not yet read).
 */
async function until(output: () => string, wanted: RegExp): Promise<string> {
  const line = new RegExp(`${wanted.source}[^\\n]*\\n`, wanted.flags);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const text = output();
    if (line.test(text)) return text;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`no whole line matching ${wanted} in the output:\n${output()}`);
}

describe('gw serve output', () => {
  it('Given a pipe and LANG=en_US, Then JSON lines, one per request, and the root password in English', async () => {
    const server = await serve([], { LANG: 'en_US.UTF-8' });
    await fetch(`${server.url}/api/status?probe=1`);
    const records = (await until(server.stdout, /probe=1/))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg: string; gwRootPassword?: boolean; req?: { url: string } });
    const root = records.find((record) => record.gwRootPassword);
    expect(root?.msg).toContain('Created the root account. Its password, shown only this once:');
    const password = /\n {4}(\S+)\n/.exec(root?.msg ?? '')?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    await signIn(server.url, 'root', password);
    expect(records.filter((record) => record.req?.url === '/api/status?probe=1')).toHaveLength(1);
    expect(server.stderr()).toContain(`gw is listening on ${server.url}`);
  });

  it('Given --log-format text and a Chinese locale, Then readable lines and the password on a line of its own', async () => {
    const server = await serve(['--log-format', 'text'], { LANG: 'zh_CN.UTF-8', NO_COLOR: '1' });
    await fetch(`${server.url}/api/status`);
    const out = await until(server.stdout, /GET \/api\/status 200/);
    expect(out).not.toContain('{"level"');
    expect(out).toContain('已创建 root 账户。初始密码如下（只显示这一次）：');
    expect(out).toMatch(/^ {4}\S{16,}$/m);
    expect(out).toMatch(/^\d{2}:\d{2}:\d{2} INFO {2}GET \/api\/status 200 \d+ ms$/m);
    expect(out).not.toContain('listening');
  });
});

/** The arguments the kernel holds for a process now (after any execve). */
const commandLine = (pid: number | undefined) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').slice(0, -1);

describe.runIf(process.platform === 'linux')('gw serve node flags', () => {
  it('Given plain node, Then the same pid serves with --no-memory-reducer, and SIGTERM ends it with 0', async () => {
    const server = await serve([], { LANG: 'en_US.UTF-8' });
    const args = commandLine(server.child.pid);
    expect(args).toContain('--no-memory-reducer');
    expect(args.slice(args.indexOf(GW_BIN))).toEqual([
      GW_BIN,
      'serve',
      '--port',
      expect.any(String),
      '--host',
      '127.0.0.1',
    ]);
    expect((await fetch(`${server.url}/api/status`)).ok).toBe(true);
    const exited = new Promise<number | null>((done) => server.child.once('exit', (code) => done(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.stderr()).toContain('gw is listening');
    expect(server.stderr().match(/gw is listening/g)).toHaveLength(1);
  });

  it('Given node --memory-reducer, Then gw keeps what the operator chose and does not restart', async () => {
    const server = await serve([], { LANG: 'en_US.UTF-8' }, ['--memory-reducer']);
    const args = commandLine(server.child.pid);
    expect(args).toContain('--memory-reducer');
    expect(args).not.toContain('--no-memory-reducer');
  });
});
