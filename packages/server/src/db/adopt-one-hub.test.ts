// Moving in from one-hub (issue 15): gw started on a database one-hub made serves its users, keys,
// channels, prices, logs, orders and options, and leaves every one-hub table and column in place.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { type DatabaseConfig, loadConfig, parseDatabaseUrl } from '../config.js';
import { type FakeUpstream, startFakeUpstream } from '../relay/test-support/fake-upstream/index.js';
import {
  createOneHubTables,
  ONE_HUB_TABLES,
  type OneHubFixture,
  oneHubStyleRow,
  seedOneHub,
} from '../test-support/one-hub-fixture.js';
import { call, signIn } from '../test-support/test-app.js';
import { type FreshDatabase, freshDatabase, TEST_DIALECTS } from '../test-support/databases.js';
import { ADOPTED_OPTION, needsAdoption, readExistingSchema } from './adopt-one-hub.js';
import { migrateToLatest } from './migrate.js';
import { openDatabase } from './database.js';

// biome-ignore lint/suspicious/noExplicitAny: reads one-hub's tables, which gw's types do not describe.
type AnyRow = Record<string, any>;

interface ColumnInfo {
  name: string;
  type: string;
}

/** Every table's columns and their types, as the database reports them (this schema only on PostgreSQL). */
async function columnsOf(config: DatabaseConfig): Promise<Map<string, ColumnInfo[]>> {
  const handle = openDatabase(config);
  try {
    const existing = await readExistingSchema(handle.db);
    const result = new Map<string, ColumnInfo[]>();
    for (const table of await handle.db.introspection.getTables({ withInternalKyselyTables: true })) {
      if (!existing.tables.has(table.name) || result.has(table.name)) continue;
      result.set(
        table.name,
        table.columns.map((column) => ({ name: column.name, type: column.dataType })),
      );
    }
    return result;
  } finally {
    await handle.close();
  }
}

function startGw(config: DatabaseConfig, dir: string, secret?: string): Promise<FastifyInstance> {
  return buildApp(
    loadConfig({
      DATABASE_URL: config.url,
      ...(secret ? { USER_TOKEN_SECRET: secret } : {}),
      LOG_LEVEL: 'silent',
      GW_WEB_DIR: join(dir, 'web'),
      GW_DATA_DIR: join(dir, 'data'),
      PASSWORD_SCRYPT_N: '16384',
      AUTO_PRICE_UPDATES_MODE: 'off',
      BATCH_UPDATE_INTERVAL: '3600',
    }),
  );
}

describe.each(TEST_DIALECTS)('gw on a one-hub database (%s)', (kind) => {
  let dir: string;
  let database: FreshDatabase;
  let config: DatabaseConfig;
  let upstream: FakeUpstream;
  let fixture: OneHubFixture;
  let before: Map<string, ColumnInfo[]>;
  let app: FastifyInstance;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-one-hub-'));
    database = await freshDatabase(kind);
    config = parseDatabaseUrl(database.url, dir);
    upstream = await startFakeUpstream();
    const handle = openDatabase(config);
    await createOneHubTables(handle.db, kind);
    fixture = await seedOneHub(handle.db, kind, upstream.url);
    await handle.close();
    before = await columnsOf(config);
    app = await startGw(config, dir, fixture.tokenSecret);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await app?.close();
    await upstream?.close();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every one-hub table and column with its type, and adds only gw tables and columns', async () => {
    const after = await columnsOf(config);
    for (const [table, columns] of before) {
      const now = new Map((after.get(table) ?? []).map((column) => [column.name, column.type]));
      for (const column of columns) expect(now.get(column.name), `${table}.${column.name}`).toBe(column.type);
    }
    expect(after.has('kysely_migration')).toBe(true);
    expect(after.has('relay_holds')).toBe(true);
    // gw's columns one-hub's older channel shape lacked.
    const channelColumns = (after.get('channels') ?? []).map((column) => column.name);
    expect(channelColumns).toEqual(expect.arrayContaining(['model_headers', 'custom_parameter']));
    // The text columns gw reads as strings hold '' in one-hub's rows, not NULL.
    const channel = await app.gw.db
      .selectFrom('channels')
      .select(['model_headers', 'custom_parameter', 'compatible_response'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(channel).toEqual({ model_headers: '', custom_parameter: '', compatible_response: 0 });
  });

  it('still takes rows written the way one-hub writes them (only its own columns)', async () => {
    const handle = openDatabase(config);
    const db = handle.db as unknown as import('kysely').Kysely<AnyRow>;
    try {
      await db
        .insertInto('users')
        .values({ username: 'carol', password: 'x', display_name: '', role: 1, status: 1, quota: 0 })
        .execute();
      await db
        .insertInto('channels')
        .values({ type: 1, key: 'k', status: 1, name: 'from one-hub', models: 'm', group: 'default' })
        .execute();
      await db.insertInto('tokens').values({ user_id: 2, key: 'later-key', name: 't', status: 1 }).execute();
      await db
        .insertInto('logs')
        .values({ user_id: 2, created_at: 1, type: 4, content: 'system', channel_id: 0 })
        .execute();
      await db.insertInto('prices').values({ model: 'm-new', type: 'tokens', input: 1, output: 2 }).execute();
      await db
        .insertInto('user_groups')
        .values({ symbol: 'later', name: 'Later', ratio: 1, public: 0, enable: 1 })
        .execute();
      // And every table of one-hub's, each with a row naming exactly its model's columns.
      for (const [n, table] of ONE_HUB_TABLES.entries()) {
        await db.insertInto(table.name).values(oneHubStyleRow(table.name, n)).execute();
      }
    } finally {
      await handle.close();
    }
  });

  it('signs root and a common user in with the passwords one-hub hashed, and keeps the bcrypt hashes', async () => {
    const rootCookie = await signIn(app, 'root', fixture.rootPassword);
    expect(rootCookie).toMatch(/^session=/);
    await signIn(app, 'alice', fixture.alicePassword);
    const wrong = await call(app, 'POST', '/api/user/login', {
      body: { username: 'alice', password: 'not-her-password' },
    });
    expect(wrong.body.success).toBe(false);
    const row = await app.gw.db.selectFrom('users').select('password').where('id', '=', 2).executeTakeFirst();
    expect(row?.password).toMatch(/^\$2a\$10\$/);
  });

  it('lists one-hub users, channels, prices, logs, options, orders and redemptions through /api', async () => {
    const cookie = await signIn(app, 'root', fixture.rootPassword);
    const users = await call(app, 'GET', '/api/user/?page=1&size=50', { cookie });
    expect(users.body.success).toBe(true);
    const names = users.body.data.data.map((user: AnyRow) => user.username);
    expect(names).toEqual(expect.arrayContaining(['root', 'alice']));
    // one-hub's soft-deleted user is kept but switched off (gw does not read `deleted_at`).
    const bob = users.body.data.data.find((user: AnyRow) => user.username === 'bob_del_x1y2z3');
    expect(bob?.status).toBe(2);
    const alice = users.body.data.data.find((user: AnyRow) => user.username === 'alice');
    expect(alice).toMatchObject({ quota: fixture.aliceQuota, group: 'vip', email: 'alice@example.com' });

    const channels = await call(app, 'GET', '/api/channel/?page=1&size=50', { cookie });
    expect(channels.body.success).toBe(true);
    expect(channels.body.data.data.find((channel: AnyRow) => channel.id === 1)).toMatchObject({
      name: 'one-hub-openai',
      models: 'gpt-4o-mini',
      group: 'default,vip',
    });

    const prices = await call(app, 'GET', '/api/prices', { cookie });
    expect(prices.body.success).toBe(true);
    const mini = prices.body.data.find((price: AnyRow) => price.model === 'gpt-4o-mini');
    expect(mini).toMatchObject({ type: 'tokens', channel_type: 1, input: 0.075, output: 0.3 });

    const logs = await call(app, 'GET', '/api/log/?page=1&size=50', { cookie });
    expect(logs.body.success).toBe(true);
    const contents = logs.body.data.data.map((log: AnyRow) => log.content);
    expect(contents).toEqual(expect.arrayContaining(['top-up from one-hub', 'model price 0.075']));

    const options = await call(app, 'GET', '/api/option/', { cookie });
    expect(options.body.success).toBe(true);
    const system = options.body.data.find((option: AnyRow) => option.key === 'SystemName');
    expect(system?.value).toBe('One Hub Test Site');

    const orders = await call(app, 'GET', '/api/payment/order?page=1&size=50', { cookie });
    expect(orders.body.success).toBe(true);
    expect(orders.body.data.data.find((order: AnyRow) => order.id === 1)).toMatchObject({
      trade_no: 'ONEHUB-ORDER-0001',
      status: 'success',
    });

    const jobs = await call(app, 'GET', '/api/mj/?page=1&size=50', { cookie });
    expect(jobs.body.success).toBe(true);
    expect(jobs.body.data.data.find((job: AnyRow) => job.id === 1)).toMatchObject({
      mj_id: 'mj-0001',
      status: 'SUCCESS',
      quota: 25_000,
    });

    const tasks = await call(app, 'GET', '/api/task/?page=1&size=50', { cookie });
    expect(tasks.body.success).toBe(true);
    expect(tasks.body.data.data.find((task: AnyRow) => task.id === 1)).toMatchObject({
      task_id: 'suno-0001',
      platform: 'suno',
    });

    // Alice's keys, one written by one-hub without a setting (older one-hub versions had none).
    const aliceCookie = await signIn(app, 'alice', fixture.alicePassword);
    const tokens = await call(app, 'GET', '/api/token/?page=1&size=50', { cookie: aliceCookie });
    expect(tokens.body.success).toBe(true);
    const tokenNames = tokens.body.data.data.map((token: AnyRow) => token.name);
    expect(tokenNames).toEqual(expect.arrayContaining(['alice-main', 'alice-legacy', 't']));
    const main = tokens.body.data.data.find((token: AnyRow) => token.name === 'alice-main');
    expect(main).toMatchObject({ remain_quota: fixture.aliceTokenRemain, unlimited_quota: false });

    const redemptions = await call(app, 'GET', '/api/redemption/?page=1&size=50', { cookie });
    expect(redemptions.body.success).toBe(true);
    expect(redemptions.body.data.data.find((code: AnyRow) => code.id === 1)).toMatchObject({
      name: 'welcome',
      quota: 500_000,
    });
  });

  it('relays a chat call with an existing sk- key through the one-hub channel and bills it', async () => {
    const client = new OpenAI({ apiKey: `sk-${fixture.aliceKey}`, baseURL: `${url}/v1`, maxRetries: 0 });
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello from one-hub' }],
    });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    expect(upstream.requests.at(-1)?.headers.authorization).toBe('Bearer sk-upstream-one-hub');
    await app.gwRelay.ledger.flush();
    const log = await app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', 2)
      .where('type', '=', 2)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(log).toMatchObject({ model_name: 'gpt-4o-mini', channel_id: 1, token_name: 'alice-main' });
    expect(log.quota).toBeGreaterThan(0);
    const user = await app.gw.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(fixture.aliceQuota - log.quota);
    expect(user.used_quota).toBe(12_345 + log.quota);
    const token = await app.gw.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(token.remain_quota).toBe(fixture.aliceTokenRemain - log.quota);
  });

  it('refuses a key one-hub deleted', async () => {
    const reply = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${fixture.aliceDeletedKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(reply.status).toBe(401);
  });

  it("takes over one-hub's model owners, its own ones included", async () => {
    const cookie = await signIn(app, 'root', fixture.rootPassword);
    const owners = await call(app, 'GET', '/api/model_ownedby/', { cookie });
    expect(owners.body.success).toBe(true);
    const names = owners.body.data.map((owner: AnyRow) => `${owner.id}:${owner.name}`);
    expect(names).toEqual(expect.arrayContaining(['1:OpenAI', '1001:In-house models']));
  });

  it("writes through /api into one-hub's tables (its booleans, sequences and columns included)", async () => {
    const rootCookie = await signIn(app, 'root', fixture.rootPassword);
    const aliceCookie = await signIn(app, 'alice', fixture.alicePassword);
    const created = await call(app, 'POST', '/api/token/', {
      cookie: aliceCookie,
      body: { name: 'made-in-gw', unlimited_quota: true },
    });
    expect(created.body.success).toBe(true);
    const token = await app.gw.db
      .selectFrom('tokens')
      .select(['id', 'key', 'unlimited_quota'])
      .where('name', '=', 'made-in-gw')
      .executeTakeFirstOrThrow();
    // After one-hub's own ids (1–3 here): the id sequence went on from where one-hub left it.
    expect(token.id).toBeGreaterThan(3);
    expect(token.unlimited_quota).toBe(1);
    const client = new OpenAI({ apiKey: `sk-${token.key}`, baseURL: `${url}/v1`, maxRetries: 0 });
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'a key made in gw' }],
    });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    // Written now, so the later restarts do not close the app with a charge still queued.
    await app.gwRelay.ledger.flush();

    const channel = await call(app, 'POST', '/api/channel/', {
      cookie: rootCookie,
      body: {
        type: 1,
        name: 'made-in-gw',
        key: 'sk-x',
        base_url: upstream.url,
        models: 'gpt-4o',
        group: 'default',
      },
    });
    expect(channel.body.success).toBe(true);
    // one-hub's routing table follows: going back, one-hub routes to the channel made in gw.
    const db = app.gw.db as unknown as import('kysely').Kysely<AnyRow>;
    const made = await app.gw.db
      .selectFrom('channels')
      .select('id')
      .where('name', '=', 'made-in-gw')
      .executeTakeFirstOrThrow();
    const abilitiesOf = (channelId: number) =>
      db
        .selectFrom('abilities')
        .select(['group', 'model', 'enabled'])
        .where('channel_id', '=', channelId)
        .execute();
    expect((await abilitiesOf(made.id)).map((row) => ({ ...row, enabled: Number(row.enabled) }))).toEqual([
      { group: 'default', model: 'gpt-4o', enabled: 1 },
    ]);
    const removed = await call(app, 'DELETE', `/api/channel/${made.id}`, { cookie: rootCookie });
    expect(removed.body.success).toBe(true);
    expect(await abilitiesOf(made.id)).toEqual([]);
    // one-hub's own rows for its channel stay as they were.
    expect(await abilitiesOf(1)).toHaveLength(2);
    // Users made in gw fit one-hub's unique indexes (access_token, aff_code) and its char(32) token.
    for (const username of ['gw_user_1', 'gw_user_2']) {
      const user = await call(app, 'POST', '/api/user/', {
        cookie: rootCookie,
        body: { username, password: 'password-123' },
      });
      expect(user.body).toMatchObject({ success: true });
      await signIn(app, username, 'password-123');
    }
    const disabled = await call(app, 'PUT', '/api/user_group/enable/2', { cookie: rootCookie });
    expect(disabled.body.success).toBe(true);
    const group = await app.gw.db
      .selectFrom('user_groups')
      .select('enable')
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    expect(group.enable).toBe(0);
    const enabled = await call(app, 'PUT', '/api/user_group/enable/2', { cookie: rootCookie });
    expect(enabled.body.success).toBe(true);
  });

  it('relays with a legacy 48-character one-hub key', async () => {
    const client = new OpenAI({
      apiKey: `sk-${fixture.aliceLegacyKey}`,
      baseURL: `${url}/v1`,
      maxRetries: 0,
    });
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'legacy key' }],
    });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    await app.gwRelay.ledger.flush();
  });

  it('starts again on the adopted database as on its own (no second adoption)', async () => {
    await app.close();
    const handle = openDatabase(config);
    const existing = await readExistingSchema(handle.db);
    expect(await needsAdoption(handle.db, existing)).toBe(false);
    expect(await migrateToLatest(handle.db)).toEqual([]);
    await handle.close();
    app = await startGw(config, dir, fixture.tokenSecret);
    await signIn(app, 'alice', fixture.alicePassword);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  it("refuses to start without one-hub's USER_TOKEN_SECRET rather than invalidate every signed key", async () => {
    await expect(startGw(config, dir)).rejects.toThrow(/USER_TOKEN_SECRET/);
    const stored = await app.gw.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'UserTokenSecret')
      .executeTakeFirst();
    expect(stored).toBeUndefined();
  });

  it('finishes an adoption a failed start left half done (SQLite and MySQL keep the steps before it)', async () => {
    const handle = openDatabase(config);
    try {
      // As if the start had stopped before the last migration and the end of the adoption.
      const db = handle.db as unknown as import('kysely').Kysely<AnyRow>;
      const last = await db
        .selectFrom('kysely_migration')
        .select('name')
        .orderBy('name', 'desc')
        .executeTakeFirstOrThrow();
      await db.deleteFrom('kysely_migration').where('name', '=', last.name).execute();
      await db.deleteFrom('options').where('key', '=', ADOPTED_OPTION).execute();
      expect(await needsAdoption(handle.db, await readExistingSchema(handle.db))).toBe(true);
      expect(await migrateToLatest(handle.db)).toEqual([last.name]);
      expect(await needsAdoption(handle.db, await readExistingSchema(handle.db))).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
