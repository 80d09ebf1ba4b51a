// Starting the bench's servers as child processes (each gets its own event loop, as in production) and
// stopping them again.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Starts `node ...nodeArgs <script> ...args` and resolves with its URL once it prints `listening <url>`;
 * rejects when the process exits or stays silent for `timeoutMs`. stderr is passed through so a crash is
 * visible.
 */
export function startNodeProcess(
  script,
  args = [],
  { env = process.env, nodeArgs = [], timeoutMs = 30_000 } = {},
) {
  // The IPC channel lets the child notice when the bench dies (see exitWithParent).
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not start within ${timeoutMs} ms`));
    }, timeoutMs);
    const onExit = (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with code ${code} before listening`));
    };
    child.once('exit', onExit);
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /listening (\S+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', onExit);
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({ url: match[1], child });
    });
  });
}

/**
 * In a child: exit when the parent goes away (its IPC channel closes), so a bench that crashes or is
 * interrupted leaves no servers behind. Started alone (no channel) the process just keeps running.
 */
export function exitWithParent() {
  process.on('disconnect', () => process.exit(0));
  process.channel?.unref();
}

/** Sends SIGTERM and waits for the exit (SIGKILL after `graceMs`). */
export function stopNodeProcess({ child }, graceMs = 5_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * CPU time (user + system, µs) the process `pid` and every process under it (cluster workers) have used so
 * far, from /proc (the kernel's rusage of each, in clock ticks); undefined where /proc is missing.
 */
export function cpuMicros(pid) {
  let ticks = 0;
  const visit = (id) => {
    const stat = readFileSync(`/proc/${id}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]);
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(' ') : []) visit(child);
    }
  };
  try {
    visit(pid);
  } catch {
    return undefined;
  }
  return (ticks * 1e6) / CLOCK_TICKS;
}
/** USER_HZ: 100 on every Linux this runs on. */
const CLOCK_TICKS = 100;
