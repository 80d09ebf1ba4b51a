// Starts a real gw server (the built `gw serve`) on loopback for the web, TUI and CLI tests.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this folder's parent). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
/** The built `gw` binary every face's end-to-end test drives. */
export const GW_BIN = join(REPO_ROOT, 'packages/cli/dist/index.js');

export interface GwServer {
  url: string;
  port: number;
  rootPassword: string;
  dataDir: string;
  /** Everything the process printed so far (stdout and stderr). */
  output: () => string;
  stop: () => Promise<void>;
}

/** Finds a free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Runs `gw serve` on a fresh SQLite file (or `env.DATABASE_URL`) and waits until `/api/status`
 * answers. The root password is fixed through GW_ROOT_PASSWORD so tests can sign in.
 */
export async function startGwServer(options: { env?: Record<string, string> } = {}): Promise<GwServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-test-'));
  const rootPassword = 'root-test-password';
  let log = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [GW_BIN, 'serve', '--port', String(port), '--host', '127.0.0.1'],
    {
      cwd: dataDir,
      env: {
        ...process.env,
        DATABASE_URL: `sqlite:${join(dataDir, 'gw.db')}`,
        GW_ROOT_PASSWORD: rootPassword,
        SESSION_SECRET: 'test-session-secret',
        NODE_ENV: 'test',
        // Journeys sign in many times on a small shared machine: 2^14 instead of the default 2^17.
        PASSWORD_SCRYPT_N: '16384',
        // Journeys price the models they use on an empty price list, as before gw seeded one-hub's.
        AUTO_PRICE_UPDATES_MODE: 'off',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk) => {
    log += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    log += String(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gw serve exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${url}/api/status`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`gw serve did not answer within 30 s:\n${log}`);
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  return {
    url,
    port,
    rootPassword,
    dataDir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as `username` and returns the session cookie header value. */
export async function signIn(url: string, username: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { success: boolean; message: string };
  if (!body.success) throw new Error(`sign-in as ${username} failed: ${body.message}`);
  const cookie = response.headers.get('set-cookie') ?? '';
  return cookie.split(';')[0] ?? '';
}
