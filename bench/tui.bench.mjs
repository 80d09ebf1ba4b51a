// The terminal console (issue 11): time from `gw tui` start to the first frame with the menu, in a real
// terminal (tmux), against `node -e ''` (the floor no Node program goes under); then, in-process, time
// from Enter on the token list (1,000 tokens) to its rows drawn. Needs `npm run build` and tmux.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSignedInGw } from './load.mjs';

const GW = new URL('../packages/cli/dist/index.js', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SOCKET = `gw-tui-bench-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-tui-'));
// A thousand creates in a few seconds would trip the per-IP limit.
const { gw, cookie } = await startSignedInGw(dataDir, { GLOBAL_API_RATE_LIMIT: '0' });
const token = (await (await fetch(`${gw.url}/api/user/token`, { headers: { cookie } })).json()).data;

/**
 * Starts `command` in a 100×30 tmux pane under /usr/bin/time; answers the milliseconds until the pane
 * shows `ready` and, once `quit` keys end it, the CPU milliseconds (user + system) it used. The poll
 * yields between looks: the server under test runs in this process. CPU time moves less than wall time
 * on a busy machine.
 */
async function timeToText(command, ready, quit) {
  const session = `run-${Math.random().toString(36).slice(2)}`;
  const timeFile = join(dataDir, `${session}.time`);
  const started = performance.now();
  tmux(
    'new-session',
    '-d',
    '-s',
    session,
    '-x',
    '100',
    '-y',
    '30',
    `/usr/bin/time -o ${timeFile} -f '%U %S' ${command}; sleep 5`,
  );
  for (;;) {
    const pane = tmux('capture-pane', '-p', '-t', session);
    if (pane.includes(ready)) break;
    if (performance.now() - started > 30_000) throw new Error(`no "${ready}" within 30 s:\n${pane}`);
    await new Promise((done) => setTimeout(done, 2));
  }
  const elapsed = performance.now() - started;
  if (quit) tmux('send-keys', '-t', session, quit);
  let cpu = Number.NaN;
  for (let wait = 0; wait < 3000 && Number.isNaN(cpu); wait += 10) {
    await new Promise((done) => setTimeout(done, 10));
    const text = existsSync(timeFile) ? readFileSync(timeFile, 'utf8').trim() : '';
    const [user, system] = text.split(/\s+/).map(Number);
    if (text && Number.isFinite(user) && Number.isFinite(system)) cpu = (user + system) * 1000;
  }
  tmux('kill-session', '-t', session);
  return { elapsed, cpu };
}

// One idle session keeps the tmux server up between runs (a server started and stopped per run is racy).
tmux('new-session', '-d', '-s', 'keeper', 'sleep 3600');
const env = `env GW_SERVER=${gw.url} GW_TOKEN=${token} GW_CONFIG_DIR=${dataDir} LANG=en_US.UTF-8 TERM=xterm-256color`;
const floor = [];
const menu = [];
for (let run = 0; run < RUNS; run += 1) {
  floor.push(await timeToText(`${process.execPath} -e "console.log('node-ready')"`, 'node-ready'));
  menu.push(await timeToText(`${env} ${process.execPath} ${GW} tui`, 'Async tasks', 'q'));
}
const wall = median(menu.map((one) => one.elapsed));
const cpu = median(menu.map((one) => one.cpu));
const floorWall = median(floor.map((one) => one.elapsed));
const floorCpu = median(floor.map((one) => one.cpu));
console.log(
  `gw tui to the menu: median ${wall.toFixed(0)} ms wall, ${cpu.toFixed(0)} ms CPU (start to quit) over ${RUNS} runs`,
);
console.log(
  `  node -e: ${floorWall.toFixed(0)} ms wall, ${floorCpu.toFixed(0)} ms CPU; ratio to a bare Node start: ${(wall / floorWall).toFixed(2)}x wall, ${(cpu / floorCpu).toFixed(2)}x CPU`,
);

spawnSync('tmux', ['-L', SOCKET, 'kill-server']);

// 1,000 tokens, then Enter on the palette's :tk, timed to the first frame showing the rows.
for (let batch = 0; batch < 1000; batch += 25) {
  await Promise.all(
    Array.from({ length: 25 }, (_, offset) =>
      fetch(`${gw.url}/api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ name: `bench-${batch + offset}`, unlimited_quota: true }),
      }),
    ),
  );
}
// As `gw tui` does (runTui): React's production build.
process.env.NODE_ENV = 'production';
const [{ render }, { App }, React] = await Promise.all([
  import('ink-testing-library'),
  import('../packages/tui/dist/app.js'),
  import('react'),
]);
const waitFor = async (instance, predicate) => {
  const deadline = performance.now() + 30_000;
  for (;;) {
    if (predicate(instance.lastFrame() ?? '')) return performance.now();
    if (performance.now() > deadline) throw new Error(`timed out; last frame:\n${instance.lastFrame()}`);
    await new Promise((done) => setImmediate(done));
  }
};
// ink-testing-library's stdout has columns but no rows, so Ink asks terminal-size, which spawns
// `tput` and `resize` on every frame (~90 ms of the Enter below): a terminal has both, as gw tui's
// does. Give the fake one rows too (its prototype, shared by every render of this run).
{
  const probe = render(React.createElement(React.Fragment));
  Object.defineProperty(Object.getPrototypeOf(probe.stdout), 'rows', { get: () => 50, configurable: true });
  probe.unmount();
}
const opened = [];
for (let run = 0; run < RUNS; run += 1) {
  const instance = render(
    React.createElement(App, {
      language: 'en_US',
      server: gw.url,
      accessToken: token,
      viewport: { columns: 160, rows: 50 },
      refreshSeconds: 0,
    }),
  );
  await waitFor(instance, (frame) => frame.includes('Async tasks'));
  instance.stdin.write(':');
  await waitFor(instance, (frame) => frame.includes('Enter a menu name'));
  instance.stdin.write('tk');
  await waitFor(instance, (frame) => frame.includes('Matches:'));
  const pressed = performance.now();
  instance.stdin.write('\r');
  const drawn = await waitFor(instance, (frame) => frame.includes('(1000 rows)'));
  opened.push(drawn - pressed);
  instance.unmount();
}
console.log(
  `Enter on the token list (1,000 tokens, 160x50) to its rows drawn: median ${median(opened).toFixed(0)} ms over ${RUNS} runs`,
);
await gw.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
