// The console's big lists (issue 9): with 10,000 users and 10,000 channels in the database, opening a list
// screen and moving to the next page in headless Chromium against a local gw (SQLite) — the time from
// navigation to rows visible, and the largest list reply the browser received (it must be one page, never
// the whole table). Needs `npm run build` first and /usr/bin/chromium.
import { mkdtempSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../packages/server/dist/index.js';

const ROWS = 10_000;
/** Newest first, 10 a page: the first page ends with row 9,990 and the second starts with row 9,989. */
const SCREENS = [
  { id: 'user', list: '/api/user/', first: `bench${ROWS - 1}`, second: `bench${ROWS - 11}` },
  { id: 'channel', list: '/api/channel/', first: `channel-${ROWS - 1}`, second: `channel-${ROWS - 11}` },
];
const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-lists-'));
const dbFile = join(dataDir, 'gw.db');
const gw = await startServer({
  port: 0,
  host: '127.0.0.1',
  handleSignals: false,
  env: {
    DATABASE_URL: `sqlite:${dbFile}`,
    GW_ROOT_PASSWORD: 'bench-password',
    LOG_LEVEL: 'silent',
    GW_WEB_DIR: join(import.meta.dirname, '../packages/web/dist'),
    GLOBAL_API_RATE_LIMIT: '0',
  },
});

// Rows go straight into the file (the API would hash 10,000 passwords): one transaction per table.
const db = new DatabaseSync(dbFile);
db.exec('BEGIN');
const user = db.prepare(
  'INSERT INTO users (username, password, display_name, quota, created_time) VALUES (?, ?, ?, ?, ?)',
);
for (let index = 0; index < ROWS; index += 1)
  user.run(`bench${index}`, 'x', `Bench ${index}`, index * 1000, 1_700_000_000 + index);
const channel = db.prepare(
  "INSERT INTO channels (type, key, name, base_url, models, model_mapping, model_headers, custom_parameter, \"group\", status, created_time) VALUES (1, ?, ?, '', 'gpt-4o-mini,gpt-4o', '', '', '', 'default', 1, ?)",
);
for (let index = 0; index < ROWS; index += 1)
  channel.run(`sk-bench-${index}`, `channel-${index}`, 1_700_000_000 + index);
db.exec('COMMIT');
db.close();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
const login = await page.request.post(`${gw.url}/api/user/login`, {
  data: { username: 'root', password: 'bench-password' },
});
if (!(await login.json()).success) throw new Error('root could not sign in');

let largest = { path: '', rows: 0, bytes: 0 };
page.on('response', async (response) => {
  const url = new URL(response.url());
  if (!SCREENS.some((screen) => url.pathname === screen.list)) return;
  const body = await response.body().catch(() => Buffer.alloc(0));
  let rows = 0;
  try {
    rows = JSON.parse(String(body)).data?.data?.length ?? 0;
  } catch {
    // not JSON
  }
  if (rows > largest.rows) largest = { path: url.pathname + url.search, rows, bytes: body.length };
});

/** Milliseconds from `start()` until the table shows a row holding `text`. */
async function timeUntilRow(start, text) {
  const began = performance.now();
  await start();
  await page.getByRole('row').filter({ hasText: text }).first().waitFor({ timeout: 30_000 });
  return performance.now() - began;
}

console.log(
  `${ROWS} users and ${ROWS} channels (SQLite); navigation → first rows visible, headless Chromium`,
);
for (const screen of SCREENS) {
  const samples = { open: [], next: [] };
  for (let round = 0; round < 3; round += 1) {
    try {
      samples.open.push(
        await timeUntilRow(
          () => page.goto(`${gw.url}/panel/${screen.id}`),
          screen.id === 'user' ? 'bench' : 'channel-',
        ),
      );
      const next = page.getByRole('button', { name: /next/i }).first();
      samples.next.push(await timeUntilRow(() => next.click(), screen.id === 'user' ? 'bench' : 'channel-'));
    } catch (error) {
      console.log(`${screen.id.padEnd(8)} not measurable: ${String(error.message).split('\n')[0]}`);
      break;
    }
  }
  if (samples.open.length === 0) continue;
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  console.log(
    `${screen.id.padEnd(8)} open ${median(samples.open).toFixed(0)} ms, next page ${median(samples.next).toFixed(0)} ms (median of ${samples.open.length})`,
  );
}
console.log(
  `largest list reply: ${largest.rows} rows, ${largest.bytes} bytes (${largest.path}) → ${largest.rows <= 100 ? 'server-paged' : 'NOT server-paged'}`,
);
await browser.close();
await gw.close();
rmSync(dataDir, { recursive: true, force: true });
process.exit(largest.rows <= 100 ? 0 : 1);
