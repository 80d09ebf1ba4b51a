// A real gw server on loopback with root signed in through the built `gw login`, for end-to-end files
// that run many commands against one server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type GwServer, startGwServer } from '../../../../test-support/gw-server.js';
import { type GwRun, runGw } from './run-gw.js';
import { runGwInTerminal, type TerminalAnswer } from './run-gw-terminal.js';

export interface SignedInGw {
  server: GwServer;
  configDir: string;
  /** Runs the built gw on a pipe (stdin not a terminal) with root's stored sign-in. */
  gw(args: readonly string[], input?: string, env?: Record<string, string>): Promise<GwRun>;
  /** Runs the built gw in a real terminal (stdout and stderr merged). */
  tty(args: readonly string[], answers?: TerminalAnswer[], env?: Record<string, string>): Promise<GwRun>;
  /** Runs gw expecting exit 0 and returns its stdout parsed as JSON. */
  json<T = unknown>(args: readonly string[]): Promise<T>;
  stop(): Promise<void>;
}

/** Starts a server, signs root in under a fresh config folder, and hands back runners bound to it. */
export async function startSignedInGw(): Promise<SignedInGw> {
  const server = await startGwServer();
  const configDir = mkdtempSync(join(tmpdir(), 'gw-cli-e2e-'));
  const gw = (args: readonly string[], input?: string, env: Record<string, string> = {}) =>
    runGw(args, { env: { GW_CONFIG_DIR: configDir, ...env }, input });
  const login = await gw(
    ['login', '--server', server.url, '--username', 'root', '--password-stdin'],
    server.rootPassword,
  );
  if (login.code !== 0) throw new Error(`gw login failed: ${login.stderr}`);
  return {
    server,
    configDir,
    gw,
    tty: (args, answers, env = {}) =>
      runGwInTerminal(args, { env: { GW_CONFIG_DIR: configDir, ...env }, answers }),
    json: async <T>(args: readonly string[]) => {
      const run = await gw(args);
      if (run.code !== 0) throw new Error(`gw ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
      return JSON.parse(run.stdout) as T;
    },
    stop: async () => {
      await server.stop();
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
