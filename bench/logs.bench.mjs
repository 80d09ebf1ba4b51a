// The log screens at 100 000 and at 1 000 000 log rows over 1 000 users: the admin list filtered by user
// and time range (page 1 and a deep page), the self list, the log stats and the self dashboard, on
// SQLite and (when BENCH_POSTGRES_URL or GW_TEST_POSTGRES_URL is set) on PostgreSQL in a fresh schema.
// Traffic is seeded at a constant rate ending now, so a fixed window (the last 3 days) holds the same
// rows at both sizes: a flat time means the indexes bound the work by the window, not by the table.
// Each figure is the median of several sequential HTTP requests, in ms. Needs `npm run build` first.
//
// At the largest size the web console's log screen is also driven in headless Chromium (issue 10):
// the time from a click (Search with a filter, a type tab, the next page) to the new rows visible, and
// from opening the screen to its first rows. BENCH_SIZES (e.g. `1000000`) seeds fewer sizes; BENCH_BROWSER=0
// skips Chromium; CHROMIUM_PATH names the browser (default /usr/bin/chromium).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { translate } from '../packages/core/dist/index.js';
import { startServer } from '../packages/server/dist/index.js';

const USERS = 1000;
const SIZES = process.env.BENCH_SIZES ? process.env.BENCH_SIZES.split(',').map(Number) : [100_000, 1_000_000];
const BROWSER = process.env.BENCH_BROWSER !== '0';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIR = join(dirname(fileURLToPath(import.meta.url)), '../packages/web/dist');
const BROWSER_RUNS = Number(process.env.BENCH_BROWSER_RUNS ?? 5);
/** Seconds between two log rows (all users together): 1 000 000 rows span about 35 days. */
const STEP = 3;
/** The share of all rows that belong to the measured ("hot") user. */
const HOT_SHARE = 0.05;
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 3;
const DAY = 86_400;
const MODELS = ['gpt-4o', 'gpt-4o-mini', 'claude-3-5-sonnet', 'gemini-1.5-pro', 'deepseek-chat', 'qwen-max'];
const METADATA = JSON.stringify({
  group_name: 'default',
  price_type: 'tokens',
  group_ratio: 1,
  input_ratio: 1.25,
  output_ratio: 5,
});
const COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'channel_id',
  'request_time',
  'is_stream',
  'source_ip',
  'metadata',
];
const NOW = Math.floor(Date.now() / 1000);
const en = (key, params) => translate('en_US', key, params);

/** A deterministic pseudo-random sequence, so every run seeds the same rows. */
function generator(seed) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Row `index` of the traffic (0 = newest); `users` maps a user number to [id, username]. */
function logRow(index, random, users, hot) {
  const [userId, username] = random() < HOT_SHARE ? hot : users[Math.floor(random() * users.length)];
  const roll = random();
  const type = roll < 0.9 ? 2 : roll < 0.95 ? 1 : roll < 0.98 ? 3 : 4;
  const consume = type === 2;
  const prompt = consume ? Math.floor(random() * 4000) : 0;
  const completion = consume ? Math.floor(random() * 1000) : 0;
  return [
    userId,
    NOW - index * STEP,
    type,
    consume ? '模型倍率 1.25，补全倍率 4.00，分组倍率 1.00' : '通过兑换码充值 $10.00',
    username,
    consume ? `token-${userId % 5}` : '',
    consume ? MODELS[Math.floor(random() * MODELS.length)] : '',
    consume ? prompt + completion * 4 : 5_000_000,
    prompt,
    completion,
    consume ? 1 + Math.floor(random() * 20) : 0,
    consume ? 200 + Math.floor(random() * 5000) : 0,
    consume && random() < 0.5 ? 1 : 0,
    `10.0.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}`,
    consume ? METADATA : null,
  ];
}

/** Inserts rows [from, to) in multi-row INSERTs of `perStatement`, one transaction per `perTransaction`. */
async function seedLogs(db, from, to, users, hot) {
  const random = generator(from + 7);
  // A bulk load is far quicker into a bare table: the log indexes (as the migrations made them) are
  // dropped first and built again, sorted, once the rows are in.
  const indexes = await db.logIndexes();
  for (const { name } of indexes) await db.exec(`drop index ${name}`);
  const perStatement = db.perStatement;
  const perTransaction = 50_000;
  for (let start = from; start < to; start += perTransaction) {
    const end = Math.min(to, start + perTransaction);
    await db.begin();
    for (let chunk = start; chunk < end; chunk += perStatement) {
      const rows = [];
      for (let index = chunk; index < Math.min(end, chunk + perStatement); index += 1) {
        rows.push(logRow(index, random, users, hot));
      }
      await db.insert(rows);
    }
    await db.commit();
  }
  for (const { definition } of indexes) await db.exec(definition);
  await db.analyze();
}

function sqliteSeeder(file) {
  const database = new DatabaseSync(file);
  database.exec('PRAGMA busy_timeout = 10000');
  const statements = new Map();
  const statementFor = (count) => {
    if (!statements.has(count)) {
      const one = `(${COLUMNS.map(() => '?').join(',')})`;
      statements.set(
        count,
        database.prepare(
          `insert into logs (${COLUMNS.join(',')}) values ${Array(count).fill(one).join(',')}`,
        ),
      );
    }
    return statements.get(count);
  };
  return {
    perStatement: 500,
    begin: async () => database.exec('begin'),
    commit: async () => database.exec('commit'),
    insert: async (rows) => statementFor(rows.length).run(...rows.flat()),
    analyze: async () => database.exec('analyze'),
    logIndexes: async () =>
      database
        .prepare(
          "select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'logs' and sql is not null",
        )
        .all(),
    query: async (text) => database.prepare(text).all(),
    exec: async (text) => database.exec(text),
    close: async () => database.close(),
  };
}

function postgresSeeder(url) {
  const client = new pg.Client({ connectionString: url });
  const ready = client.connect();
  return {
    perStatement: 1000,
    begin: async () => {
      await ready;
      await client.query('begin');
    },
    commit: async () => client.query('commit'),
    insert: async (rows) => {
      const values = rows.map(
        (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(',')})`,
      );
      await client.query(`insert into logs (${COLUMNS.join(',')}) values ${values.join(',')}`, rows.flat());
    },
    // Autovacuum would do this on a live server; the bench does not wait for it.
    analyze: async () => client.query('vacuum analyze logs'),
    logIndexes: async () => {
      await ready;
      const { rows } = await client.query(
        "select indexname as name, indexdef as definition from pg_indexes where tablename = 'logs' and schemaname = current_schema() and indexname not like '%pkey'",
      );
      return rows;
    },
    query: async (text) => {
      await ready;
      return (await client.query(text)).rows;
    },
    exec: async (text) => {
      await ready;
      await client.query(text);
    },
    close: async () => client.end(),
  };
}

async function json(url, path, cookie) {
  const response = await fetch(`${url}${path}`, { headers: { cookie } });
  const body = await response.json();
  if (!body.success) throw new Error(`${path}: ${body.message}`);
  return body.data;
}

/** Median wall time of `RUNS` sequential requests (after a warm-up), in ms. */
async function median(url, path, cookie) {
  for (let run = 0; run < WARMUP; run += 1) await json(url, path, cookie);
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    await json(url, path, cookie);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function scenarios(hotName) {
  const window = `start_timestamp=${NOW - 3 * DAY}&end_timestamp=${NOW}`;
  return [
    ['admin list, user + 3 days, page 1', 'root', `/api/log/?username=${hotName}&${window}&page=1&size=20`],
    [
      'admin list, user + 3 days, page 150',
      'root',
      `/api/log/?username=${hotName}&${window}&page=150&size=20`,
    ],
    ['admin list, 3 days, page 1', 'root', `/api/log/?${window}&page=1&size=20`],
    ['admin list, 3 days, page 2000', 'root', `/api/log/?${window}&page=2000&size=20`],
    ['self list, 3 days, page 1', 'hot', `/api/log/self?${window}&page=1&size=20`],
    ['self list, 3 days, page 150', 'hot', `/api/log/self?${window}&page=150&size=20`],
    ['admin stat, user + 3 days', 'root', `/api/log/stat?username=${hotName}&${window}`],
    [
      'admin stat, all users, 1 day',
      'root',
      `/api/log/stat?start_timestamp=${NOW - DAY}&end_timestamp=${NOW}`,
    ],
    ['self stat, 3 days', 'hot', `/api/log/self/stat?${window}`],
    ['self dashboard (8 days)', 'hot', '/api/user/dashboard'],
    ['self dashboard rate', 'hot', '/api/user/dashboard/rate'],
  ];
}

async function signIn(url, username, password) {
  const response = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

/**
 * The log screen in headless Chromium: each scenario opens `from` (not timed), then times `act` until the
 * table shows the rows of the new query (its address changed, not busy, not the previous rows dimmed).
 */
async function browserScenarios(url, hotName, hotToken) {
  const window = `start_timestamp=${NOW - 3 * DAY}&end_timestamp=${NOW}`;
  const searchWith = (labelKey, value) => async (page) => {
    await page.getByRole('searchbox', { name: en(labelKey), exact: true }).fill(value);
    await page.getByRole('button', { name: en('common.search'), exact: true }).click();
  };
  return [
    {
      name: 'open the screen, 3 days',
      who: 'root',
      from: '/panel/profile',
      act: (page) => page.goto(`${url}/panel/log?${window}`),
      expect: /\/panel\/log\?/,
    },
    {
      name: 'open the screen, no filter (all rows)',
      who: 'root',
      from: '/panel/profile',
      act: (page) => page.goto(`${url}/panel/log`),
      expect: /\/panel\/log/,
    },
    {
      name: 'Search: model, 3 days',
      who: 'root',
      from: `/panel/log?${window}`,
      act: searchWith('logs.fields.model_name', 'gpt-4o'),
      expect: /model_name=gpt-4o/,
    },
    {
      name: 'Search: user, 3 days',
      who: 'root',
      from: `/panel/log?${window}`,
      act: searchWith('logs.fields.username', hotName),
      expect: /username=/,
    },
    {
      name: 'Search: token, all time',
      who: 'root',
      from: '/panel/log',
      act: searchWith('logs.fields.token_name', 'token-3'),
      expect: /token_name=token-3/,
    },
    {
      name: 'type tab: Top-up, 3 days',
      who: 'root',
      from: `/panel/log?${window}`,
      act: (page) =>
        page.getByRole('combobox', { name: en('logs.fields.type'), exact: true }).selectOption('1'),
      expect: /log_type=1/,
    },
    {
      name: 'next page, 3 days',
      who: 'root',
      from: `/panel/log?${window}`,
      act: (page) => page.getByRole('button', { name: en('web.next_page') }).click(),
      expect: /page=2/,
    },
    {
      name: 'self: Search token, all time',
      who: 'hot',
      from: '/panel/log',
      act: searchWith('logs.fields.token_name', hotToken),
      expect: /token_name=/,
    },
  ];
}

/** Waits until the log table shows the rows of the query the address names. */
async function rowsShown(page, expected) {
  await page.waitForURL(expected);
  await page.waitForFunction(
    () => {
      const table = document.querySelector('.gw-resource-screen table');
      return (
        table &&
        table.getAttribute('aria-busy') === 'false' &&
        !table.classList.contains('gw-table-stale') &&
        table.querySelectorAll('tbody tr').length > 0
      );
    },
    undefined,
    { polling: 'raf', timeout: 60_000 },
  );
}

/** Median click-to-rows time of each browser scenario, in ms (root and the hot user each in English). */
async function measureBrowser(url, hotName, hotToken) {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const pages = {};
  for (const [who, username] of [
    ['root', 'root'],
    ['hot', hotName],
  ]) {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${url}/login`);
    await page.evaluate(() => localStorage.setItem('appLanguage', 'en_US'));
    await page.goto(`${url}/login`);
    await page.getByLabel(en('auth.username')).fill(username);
    await page.getByLabel(en('auth.password')).fill('bench-password');
    await page.getByRole('button', { name: en('auth.login'), exact: true }).click();
    await page.waitForURL('**/panel/dashboard');
    pages[who] = page;
  }
  const results = [];
  for (const scenario of await browserScenarios(url, hotName, hotToken)) {
    const page = pages[scenario.who];
    const times = [];
    for (let run = 0; run < BROWSER_RUNS + 1; run += 1) {
      await page.goto(`${url}${scenario.from}`);
      if (scenario.from.startsWith('/panel/log')) await rowsShown(page, /\/panel\/log/);
      else await page.waitForLoadState('networkidle');
      const started = performance.now();
      await scenario.act(page);
      await rowsShown(page, scenario.expect);
      const total = performance.now() - started;
      // The list request's own time as the browser saw it (the rest is the page's and the machine's).
      const request = await page.evaluate(() => {
        const lists = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/api\/log\/(self)?\?/.test(entry.name));
        return lists.at(-1)?.duration ?? 0;
      });
      // The first run warms the server's and the browser's caches.
      if (run > 0) times.push([total, request]);
    }
    // The median; of an even count, the mean of the middle two (of two runs, not the slower one).
    const middle = (values) => {
      const sorted = values.sort((a, b) => a - b);
      const half = Math.floor(sorted.length / 2);
      return sorted.length % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
    };
    results.push([scenario.name, middle(times.map(([total]) => total)), middle(times.map(([, api]) => api))]);
  }
  await browser.close();
  return results;
}

/** Seeds users and logs on one database behind a running gw and measures each scenario at each size. */
async function runOn(label, env, openSeeder) {
  const gw = await startServer({ port: 0, host: '127.0.0.1', handleSignals: false, env });
  const root = await signIn(gw.url, 'root', 'bench-password');
  await fetch(`${gw.url}/api/user/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: root },
    body: JSON.stringify({ username: 'hot_user', password: 'bench-password' }),
  });
  const hotCookie = await signIn(gw.url, 'hot_user', 'bench-password');
  const hotId = (await json(gw.url, '/api/user/self', hotCookie)).id;
  const seeder = openSeeder();
  const names = Array.from({ length: USERS - 1 }, (_, index) => `bench_${index}`);
  await seeder.exec(
    `insert into users (username, password, created_time) values ${names.map((name) => `('${name}', '-', ${NOW})`).join(',')}`,
  );
  const users = (
    await seeder.query("select id, username from users where username like 'bench!_%' escape '!'")
  ).map((row) => [Number(row.id), row.username]);
  const hot = [hotId, 'hot_user'];
  const cookies = { root, hot: hotCookie };
  const results = new Map();
  let seeded = 0;
  for (const size of SIZES) {
    const started = performance.now();
    await seedLogs(seeder, seeded, size, users, hot);
    console.log(
      `${label}: seeded ${(size - seeded).toLocaleString('en')} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    seeded = size;
    for (const [name, who, path] of scenarios('hot_user')) {
      results.set(name, [...(results.get(name) ?? []), await median(gw.url, path, cookies[who])]);
    }
  }
  const clicks = BROWSER ? await measureBrowser(gw.url, 'hot_user', `token-${hotId % 5}`) : [];
  await seeder.close();
  await gw.close();
  if (clicks.length > 0) {
    const size = SIZES[SIZES.length - 1].toLocaleString('en');
    console.log(`\n${label}: log screen in headless Chromium at ${size} rows, click to rows visible,`);
    console.log(`median of ${BROWSER_RUNS} runs, ms (and the list request's own time)`);
    console.log(`${'scenario'.padEnd(40)}${'click to rows'.padStart(14)}${'list request'.padStart(14)}`);
    for (const [name, time, request] of clicks) {
      console.log(`${name.padEnd(40)}${time.toFixed(1).padStart(14)}${request.toFixed(1).padStart(14)}`);
    }
  }
  console.log(`\n${label}: median of ${RUNS} requests, ms`);
  console.log(
    `${'scenario'.padEnd(40)}${SIZES.map((size) => `${size.toLocaleString('en')} rows`.padStart(18)).join('')}   ratio`,
  );
  for (const [name, times] of results) {
    const ratio = times[times.length - 1] / times[0];
    console.log(
      `${name.padEnd(40)}${times.map((time) => time.toFixed(2).padStart(18)).join('')}   ${ratio.toFixed(2)}`,
    );
  }
}

const baseEnv = { GW_ROOT_PASSWORD: 'bench-password', LOG_LEVEL: 'silent' };
const dataDir = mkdtempSync(join(tmpdir(), 'gw-bench-logs-'));
// The console is served only when Chromium drives it; otherwise an empty folder stands in.
const webDir = BROWSER ? WEB_DIR : dataDir;
try {
  const file = join(dataDir, 'gw.db');
  await runOn('sqlite', { ...baseEnv, DATABASE_URL: `sqlite:${file}`, GW_WEB_DIR: webDir }, () =>
    sqliteSeeder(file),
  );
  const pgBase = process.env.BENCH_POSTGRES_URL ?? process.env.GW_TEST_POSTGRES_URL;
  if (pgBase) {
    const schema = `gw_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: pgBase });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    const url = new URL(pgBase);
    url.searchParams.set('options', `-c search_path=${schema}`);
    try {
      await runOn('postgres', { ...baseEnv, DATABASE_URL: url.toString(), GW_WEB_DIR: webDir }, () =>
        postgresSeeder(url.toString()),
      );
    } finally {
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  } else {
    console.log('\npostgres: skipped (set BENCH_POSTGRES_URL or GW_TEST_POSTGRES_URL)');
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
