// The terminal console (issue 11): time from `gw tui` start to the first frame with the menu, in a real
// terminal (tmux), against `node -e ''` (the floor no Node program goes under); then, in-process, time
// from Enter on the token list (1,000 tokens) to its rows drawn. Needs `npm run build` and tmux.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../packages/server/dist/index.js';

const GW = new URL('../packages/cli/dist/index.js', import.meta.url).pathname;
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const SOCKET = `gw-tui-bench-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', SOCKET, ...args], { encoding: 'utf8' });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-tui-'));
const gw = await startServer({
  port: 0,
  host: '127.0.0.1',
  handleSignals: false,
  env: {
    DATABASE_URL: `sqlite:${join(dataDir, 'gw.db')}`,
    GW_ROOT_PASSWORD: 'bench-password',
    LOG_LEVEL: 'silent',
    GW_WEB_DIR: dataDir,
  },
});
const login = await fetch(`${gw.url}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password: 'bench-password' }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
const token = (await (await fetch(`${gw.url}/api/user/token`, { headers: { cookie } })).json()).data;

/**
 * Milliseconds from starting `command` in a 100×30 tmux pane until the pane shows `ready`. The poll
 * yields between looks: the server under test runs in this process.
 */
async function timeToText(command, ready) {
  const session = `run-${Math.random().toString(36).slice(2)}`;
  const started = performance.now();
  tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', `${command}; sleep 5`);
  for (;;) {
    const pane = tmux('capture-pane', '-p', '-t', session);
    if (pane.includes(ready)) break;
    if (performance.now() - started > 30_000) throw new Error(`no "${ready}" within 30 s:\n${pane}`);
    await new Promise((done) => setTimeout(done, 2));
  }
  const elapsed = performance.now() - started;
  tmux('kill-session', '-t', session);
  return elapsed;
}

// One idle session keeps the tmux server up between runs (a server started and stopped per run is racy).
tmux('new-session', '-d', '-s', 'keeper', 'sleep 3600');
const env = `env GW_SERVER=${gw.url} GW_TOKEN=${token} GW_CONFIG_DIR=${dataDir} LANG=en_US.UTF-8 TERM=xterm-256color`;
const floor = [];
const menu = [];
for (let run = 0; run < RUNS; run += 1) {
  floor.push(await timeToText(`${process.execPath} -e "console.log('node-ready')"`, 'node-ready'));
  menu.push(await timeToText(`${env} ${process.execPath} ${GW} tui`, 'Async tasks'));
}
spawnSync('tmux', ['-L', SOCKET, 'kill-server']);
const menuMs = median(menu);
const floorMs = median(floor);
console.log(`gw tui to the menu: median ${menuMs.toFixed(0)} ms over ${RUNS} runs (node -e: ${floorMs.toFixed(0)} ms)`);
console.log(`  ratio to a bare Node start: ${(menuMs / floorMs).toFixed(2)}x; runs ${menu.map((ms) => ms.toFixed(0)).join(' ')}`);

// 1,000 tokens, then Enter on the palette's :tk, timed to the first frame showing the rows.
for (let index = 0; index < 1000; index += 1) {
  await fetch(`${gw.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: `bench-${index}`, unlimited_quota: true }),
  });
}
const [{ render }, { App }, React] = await Promise.all([
  import('ink-testing-library'),
  import('../packages/tui/dist/app.js'),
  import('react'),
]);
const waitFor = async (instance, predicate) => {
  for (;;) {
    if (predicate(instance.lastFrame() ?? '')) return performance.now();
    await new Promise((done) => setImmediate(done));
  }
};
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
