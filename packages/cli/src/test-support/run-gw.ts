// Runs the BUILT `gw` binary as a child process with an isolated config folder and no inherited credentials.
import { spawn } from 'node:child_process';
import { GW_BIN } from '../../../../test-support/gw-server.js';

export interface GwRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gw args…` with stdin piped (so never a terminal), English messages unless `env` says otherwise. */
export function runGw(
  args: readonly string[],
  options: { env?: Record<string, string | undefined>; input?: string } = {},
): Promise<GwRun> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  for (const [name, value] of Object.entries({ LANG: 'en_US.UTF-8', ...options.env })) {
    if (value !== undefined) env[name] = value;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GW_BIN, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
    child.stdin.end(options.input ?? '');
  });
}
