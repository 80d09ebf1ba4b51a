// Runs the BUILT `gw` inside a real pseudo-terminal (util-linux `script`), answering prompts as they appear.
import { spawn } from 'node:child_process';
import { GW_BIN } from '../../../../test-support/gw-server.js';
import type { GwRun } from './run-gw.js';

/** Text to type once the terminal output matches `when`. */
export interface TerminalAnswer {
  when: RegExp;
  send: string;
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** Runs `gw args…` on a 120×40 terminal (or `columns` wide); stdout and stderr arrive merged, as a user
 *  would see them. */
export function runGwInTerminal(
  args: readonly string[],
  options: { env?: Record<string, string>; answers?: TerminalAnswer[]; columns?: number } = {},
): Promise<GwRun> {
  const command = `stty cols ${options.columns ?? 120} rows 40; ${[process.execPath, GW_BIN, ...args].map(quote).join(' ')}`;
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    LANG: 'en_US.UTF-8',
    ...options.env,
  };
  const answers = [...(options.answers ?? [])];
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += String(chunk);
      const next = answers[0];
      if (next?.when.test(output)) {
        answers.shift();
        child.stdin.write(next.send);
        // `script` keeps running until its input ends, so end it after the last answer.
        if (answers.length === 0) child.stdin.end();
      }
    });
    if (answers.length === 0) child.stdin.end();
    // A prompt that never matches must not leave a terminal process behind.
    const watchdog = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(watchdog);
      child.stdin.destroy();
      resolve({ code: code ?? -1, stdout: output.replace(/\r\n/g, '\n'), stderr: '' });
    });
  });
}
