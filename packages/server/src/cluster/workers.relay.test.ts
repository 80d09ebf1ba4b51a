// `gw serve --workers 2` (issue 13) on one SQLite file without Redis: the workers take turns with new
// connections, share the per-user rate limit through the primary (5 per minute is 5 across both, not 5 per
// worker), channel cooldowns and the claims of running requests, and every relayed request is billed and
// logged exactly once, by whichever worker served it. A request's claim ends before its reply does, so a
// caller's next request, on the other worker, never finds it still counted (with the claims in the primary,
// or in Redis when GW_TEST_REDIS_URL is set).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT_PASSWORD } from '../test-support/test-app.js';
import { type FakeUpstream, startFakeUpstream } from '../relay/test-support/fake-upstream/index.js';
import { expectExactCharges } from '../relay/test-support/exact-charges.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../relay/test-support/relay-app.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;

const childScript = fileURLToPath(new URL('./test-support/cluster-child.ts', import.meta.url));
const hooks = fileURLToPath(new URL('../test-support/ts-resolve-hooks.mjs', import.meta.url));

/** One chat completion on a connection of its own (so the cluster may hand it to either worker). */
function chatOnce(
  url: string,
  key: string,
  model = 'gpt-4o-mini',
  extra: Record<string, unknown> = {},
): Promise<number> {
  const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra });
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}/v1/chat/completions`,
      {
        method: 'POST',
        agent: false,
        timeout: 15_000,
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', connection: 'close' },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timed out')));
    sent.on('error', reject);
    sent.end(body);
  });
}

interface Cluster {
  url: string;
  dataDir: string;
  child: ChildProcess;
}

/** A password sign-in on a connection of its own; answers whether it signed in. */
function signInOnce(url: string, username: string, password: string): Promise<boolean> {
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const sent = request(
      `${url}/api/user/login`,
      {
        method: 'POST',
        agent: false,
        timeout: 15_000,
        headers: { 'content-type': 'application/json', connection: 'close' },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () => resolve((JSON.parse(text) as { success?: boolean }).success === true));
      },
    );
    sent.on('timeout', () => sent.destroy(new Error('timed out')));
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Starts the two-worker cluster on `r`'s database, with a data folder of its own. */
function startCluster(r: RelayTestApp, env: Record<string, string> = {}): Promise<Cluster> {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-cluster-'));
  const child = spawn(
    process.execPath,
    // Without --conditions=source: a dependency ships TypeScript under that condition, which node cannot strip.
    ['--experimental-transform-types', '--no-warnings', '--import', hooks, childScript],
    {
      env: {
        ...process.env,
        DATABASE_URL: r.t.url,
        GW_DATA_DIR: dataDir,
        GW_WEB_DIR: dataDir,
        GW_NODE_ID: 'c',
        LOG_LEVEL: 'silent',
        // The batches stay in the journals until the workers stop, so each worker's share can be seen.
        BATCH_UPDATE_INTERVAL: '3600',
        AUTO_PRICE_UPDATES_MODE: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    let errors = '';
    const timer = setTimeout(() => reject(new Error(`cluster did not start: ${errors}`)), 60_000);
    child.stderr?.on('data', (chunk) => {
      errors += chunk;
    });
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /listening (\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], dataDir, child });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`cluster exited (${code}) before listening: ${errors}`));
    });
  });
}

async function stopCluster(cluster: Cluster): Promise<number | null> {
  if (cluster.child.exitCode !== null) return cluster.child.exitCode;
  const exited = new Promise<number | null>((resolve) => cluster.child.once('exit', resolve));
  cluster.child.kill('SIGTERM');
  return exited;
}

describe('gw serve --workers 2 without Redis', () => {
  let r: RelayTestApp | undefined;
  let cluster: Cluster | undefined;
  let failing: FakeUpstream | undefined;
  afterEach(async () => {
    if (cluster) {
      await stopCluster(cluster);
      rmSync(cluster.dataDir, { recursive: true, force: true });
    }
    await r?.close();
    await failing?.close();
  });

  it('shares the sign-in back-off: failures on either worker add up to one lock', async () => {
    r = await startRelayApp('sqlite');
    cluster = await startCluster(r, { LOGIN_ACCOUNT_FAILURES: '2', LOGIN_IP_FAILURES: '100' });
    // Three failures over new connections (the workers take turns): past the two free ones only if counted
    // together; counted per worker, neither would have seen more than two.
    for (let attempt = 0; attempt < 3; attempt += 1)
      expect(await signInOnce(cluster.url, 'root', 'wrong-password')).toBe(false);
    expect(await signInOnce(cluster.url, 'root', ROOT_PASSWORD)).toBe(false);
    expect(await signInOnce(cluster.url, 'root', ROOT_PASSWORD)).toBe(false);
  }, 120_000);

  it('shares a channel cooldown: once one worker froze the failing channel, neither tries it again', async () => {
    r = await startRelayApp('sqlite');
    failing = await startFakeUpstream();
    failing.script({ status: 500, times: 1000 });
    await r.addChannel({ models: 'cool-model', priority: 10, base_url: failing.url });
    await r.addChannel({ models: 'cool-model', priority: 0 });
    await r.setOptions({ RetryTimes: '1', RetryCooldownSeconds: '60' });
    const caller = await r.newCaller();
    cluster = await startCluster(r);

    expect(await chatOnce(cluster.url, caller.key, 'cool-model')).toBe(200);
    expect(failing.requests).toHaveLength(1);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index += 1)
      statuses.push(await chatOnce(cluster.url, caller.key, 'cool-model'));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    // Without the shared cooldown the other worker would have tried the failing channel first.
    expect(failing.requests).toHaveLength(1);
    expect(await stopCluster(cluster)).toBe(0);
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(7);
  }, 120_000);

  it('shares the claims of running requests: a balance for one request is not spent twice on two workers', async () => {
    r = await startRelayApp('sqlite');
    await r.addChannel({});
    // Enough for one request's hold (the one-hub minimum) but not for two requests' claims side by side.
    const caller = await r.newCaller({ quota: 2_000 });
    cluster = await startCluster(r);
    // Slow replies, so both requests run at once; each on a new connection, which the workers take in turn.
    r.upstream.script({ delayMs: 1_500, times: 2 });
    const statuses = await Promise.all([
      chatOnce(cluster.url, caller.key),
      chatOnce(cluster.url, caller.key),
    ]);
    // Counted per worker, each would have been alone on its worker and both let through.
    expect(statuses.sort()).toEqual([200, 429]);
    // Both claims ended (the refused one at once, the other with its settlement): the next request goes.
    expect(await chatOnce(cluster.url, caller.key)).toBe(200);
  }, 120_000);

  it('shares 5 per minute across both workers, and bills and logs each relayed request once', async () => {
    r = await startRelayApp('sqlite');
    await r.addChannel({});
    await r.setDefaultGroupRate(5);
    const caller = await r.newCaller({
      quota: 1_000_000,
      token: { unlimited_quota: false, remain_quota: 500_000 },
    });
    cluster = await startCluster(r);

    const statuses: number[] = [];
    for (let index = 0; index < 8; index += 1) statuses.push(await chatOnce(cluster.url, caller.key));
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Both workers relayed some of the five: each journalled its own settlements.
    const journals = readdirSync(join(cluster.dataDir, 'relay-journal'));
    expect(journals.some((name) => name.startsWith('c-1-'))).toBe(true);
    expect(journals.some((name) => name.startsWith('c-2-'))).toBe(true);

    // Stopping writes both workers' batches.
    expect(await stopCluster(cluster)).toBe(0);
    await expectExactCharges(r.t.app.gw.db, caller, {
      requests: 5,
      userBalance: 1_000_000,
      tokenBalance: 500_000,
    });
    expect(readdirSync(join(cluster.dataDir, 'relay-journal'))).toEqual([]);
  }, 120_000);
});

/** Where the workers' claims are kept: the primary process (IPC), or Redis when GW_TEST_REDIS_URL is set. */
const KEEPERS = REDIS_URL ? (['primary', 'redis'] as const) : (['primary'] as const);
/** Callers, each sending its requests one after another while the others do the same (env: more load). */
const CALLERS = Number(process.env.GW_TEST_CLAIM_CALLERS ?? 4);
/** Requests per caller, each on a new connection (the workers take them in turn). */
const ROUNDS = Number(process.env.GW_TEST_CLAIM_ROUNDS ?? 30);
const CLAIM_MODEL = 'claim-model';
/** Each caller's balance (user and limited key). */
const BALANCE = 300_000;
/** The kinds of request a caller takes turns with: JSON, a stream without usage (counted), one with. */
const KINDS: Array<Record<string, unknown>> = [
  {},
  { stream: true },
  { stream: true, stream_options: { include_usage: true } },
];

// On SQLite only, as the other cluster journeys here: the subject is when a claim ends across workers,
// which no database takes part in (each dialect's exact billing is checked in relay/scenarios), and a
// cluster per dialect and keeper cost CI two minutes.
describe('gw serve --workers 2: a claim ends before its reply does (sqlite)', () => {
  let r: RelayTestApp | undefined;
  let cluster: Cluster | undefined;
  afterEach(async () => {
    if (cluster) {
      await stopCluster(cluster);
      rmSync(cluster.dataDir, { recursive: true, force: true });
      cluster = undefined;
    }
    await r?.close();
    r = undefined;
  });

  it.each(KEEPERS)(
    'claims kept by the %s: a caller whose balance covers one claim, never two, is not refused when its next request reaches the other worker',
    async (keeper) => {
      r = await startRelayApp('sqlite');
      await r.addChannel({ models: CLAIM_MODEL });
      await r.setDefaultGroupRate(100_000);
      // 100 points per completion token: a claim's completion allowance (InFlightMaxCompletionTokens for a
      // JSON reply, InFlightCompletionTokens for a stream) is far above the balance, while a reply of the
      // fake upstream's 5 tokens costs about 500.
      await r.setPrice({ model: CLAIM_MODEL, type: 'tokens', channel_type: 1, input: 1, output: 100 });
      // A balance above 100 holds (the trust rule: no database hold, whose refund the other worker would not
      // see before the batch is written) covers a request alone (the one-hub minimum) but never beside
      // another's claim: a claim still counted when the caller's next request is checked refuses it (429
      // insufficient_quota_in_flight). The charges fit many times over.
      const callers = await Promise.all(
        Array.from({ length: CALLERS }, () =>
          (r as RelayTestApp).newCaller({
            quota: BALANCE,
            token: { unlimited_quota: false, remain_quota: BALANCE },
          }),
        ),
      );
      cluster = await startCluster(
        r,
        keeper === 'redis'
          ? { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: `gw-test-${randomUUID()}:` }
          : {},
      );
      const url = cluster.url;
      // The balance is that tight: two requests of one caller side by side, one is refused.
      r.upstream.script({ delayMs: 1_000, times: 2 });
      const [first] = callers as [RelayCallerHandle];
      const sideBySide = await Promise.all([
        chatOnce(url, first.key, CLAIM_MODEL),
        chatOnce(url, first.key, CLAIM_MODEL, { stream: true }),
      ]);
      expect(sideBySide.sort()).toEqual([200, 429]);

      // Under load (the callers side by side) a worker's claim writes trailed its reply by more than the
      // client took to reach the other worker: seen within a run's 120 requests on the old order.
      const refused = await Promise.all(
        callers.map(async (caller) => {
          const statuses: string[] = [];
          for (let index = 0; index < ROUNDS; index += 1) {
            const status = await chatOnce(url, caller.key, CLAIM_MODEL, KINDS[index % KINDS.length]);
            if (status !== 200) statuses.push(`${index}: ${status}`);
          }
          return statuses;
        }),
      );
      expect(refused).toEqual(callers.map(() => []));
      const journals = readdirSync(join(cluster.dataDir, 'relay-journal'));
      expect(journals.some((name) => name.startsWith('c-1-'))).toBe(true);
      expect(journals.some((name) => name.startsWith('c-2-'))).toBe(true);

      // Stopping writes both workers' batches: every request charged once, the balances exact.
      expect(await stopCluster(cluster)).toBe(0);
      for (const [index, caller] of callers.entries()) {
        await expectExactCharges(r.t.app.gw.db, caller, {
          requests: ROUNDS + (index === 0 ? 1 : 0),
          userBalance: BALANCE,
          tokenBalance: BALANCE,
        });
      }
    },
    180_000,
  );
});
