// The built-in price list (spec §9.9): a fresh database is seeded with it at start, as one-hub does in
// auto price update mode `system`; later starts leave the operator's edits, deletions and locked rows as
// they are, and with AUTO_PRICE_UPDATES add only the built-in models the table lacks. Real starts of the
// app on one database, on SQLite always and on PostgreSQL / MySQL when GW_TEST_POSTGRES_URL /
// GW_TEST_MYSQL_URL are set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig } from '../../config.js';
import { type FreshDatabase, freshDatabase, TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn } from '../../test-support/test-app.js';
import { BUILT_IN_PRICES } from './built-in-prices.js';

interface WirePrice {
  model: string;
  type: string;
  channel_type: number;
  input: number;
  output: number;
  locked: boolean;
}

describe('the built-in price list', () => {
  const price = (model: string) => BUILT_IN_PRICES.find((row) => row.model === model);

  it("holds one-hub's well-known rates (spec §9.9), each model once", () => {
    expect(new Set(BUILT_IN_PRICES.map((row) => row.model)).size).toBe(BUILT_IN_PRICES.length);
    expect(price('gpt-4o')).toMatchObject({ type: 'tokens', channel_type: 1, input: 2.5, output: 7.5 });
    expect(price('gpt-4')).toMatchObject({ input: 15, output: 30 });
    expect(price('gpt-3.5-turbo')).toMatchObject({ input: 0.25, output: 0.75 });
    expect(price('claude-3-haiku-20240307')).toMatchObject({ channel_type: 14, input: 0.125, output: 0.625 });
    expect(price('gemini-1.5-pro')).toMatchObject({ channel_type: 25, input: 1.75, output: 5.25 });
    expect(price('dall-e-3')).toMatchObject({ type: 'tokens', input: 20, output: 20 });
    expect(price('whisper-1')).toMatchObject({ input: 15, output: 15 });
    expect(price('tts-1')).toMatchObject({ input: 7.5 });
    expect(price('text-embedding-3-small')).toMatchObject({ input: 0.01 });
    expect(price('chirp-v3-0')).toMatchObject({ type: 'times', channel_type: 41, input: 50 });
    expect(price('suno_lyrics')).toMatchObject({ type: 'times', input: 5 });
    // Midjourney (spec §2.4): 50 a generation, 25 describe/upscale/swap_face, 0 inpaint/custom_zoom/upload.
    for (const mode of ['', 'turbo_', 'relax_']) {
      expect(price(`mj_${mode}imagine`)).toMatchObject({ type: 'times', channel_type: 34, input: 50 });
      expect(price(`mj_${mode}describe`)).toMatchObject({ input: 25 });
      expect(price(`mj_${mode}upload`)).toMatchObject({ input: 0 });
    }
  });

  it('is refused by the configuration in a mode gw does not run, with what to do instead', () => {
    const config = (env: Record<string, string>) => () => loadConfig({ ...env }, tmpdir());
    expect(config({})().priceSeed).toEqual({ mode: 'system', always: false });
    expect(config({ AUTO_PRICE_UPDATES: 'true', AUTO_PRICE_UPDATES_MODE: 'OFF' })().priceSeed).toEqual({
      mode: 'off',
      always: true,
    });
    expect(config({ AUTO_PRICE_UPDATES_MODE: 'add' })).toThrow(ConfigError);
    expect(config({ AUTO_PRICE_UPDATES_MODE: 'add' })).toThrow(/check updates/);
    expect(config({ AUTO_PRICE_UPDATES_MODE: 'sometimes' })).toThrow(/AUTO_PRICE_UPDATES_MODE/);
    expect(config({ AUTO_PRICE_UPDATES: 'maybe' })).toThrow(/AUTO_PRICE_UPDATES/);
  });
});

describe.each(TEST_DIALECTS)('seeding the built-in prices at start (%s)', { timeout: 60_000 }, (kind) => {
  let database: FreshDatabase | undefined;
  let folder: string | undefined;
  const apps: FastifyInstance[] = [];

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await database?.drop();
    if (folder) rmSync(folder, { recursive: true, force: true });
    database = undefined;
  });

  /** Starts gw on this test's database, as a process start would (the environment on top). */
  async function start(env: Record<string, string> = {}): Promise<FastifyInstance> {
    database ??= await freshDatabase(kind);
    folder ??= mkdtempSync(join(tmpdir(), 'gw-prices-'));
    const config = loadConfig({
      DATABASE_URL: database.url,
      GW_ROOT_PASSWORD: ROOT_PASSWORD,
      LOG_LEVEL: 'silent',
      GW_WEB_DIR: folder,
      GW_DATA_DIR: join(folder, 'data'),
      PASSWORD_SCRYPT_N: '16384',
      ...env,
    });
    const app = await buildApp(config);
    apps.push(app);
    return app;
  }

  async function stop(app: FastifyInstance): Promise<void> {
    apps.splice(apps.indexOf(app), 1);
    await app.close();
  }

  async function stored(app: FastifyInstance): Promise<WirePrice[]> {
    const reply = await call(app, 'GET', '/api/prices');
    return reply.body.success ? (reply.body.data as WirePrice[]) : [];
  }

  const byModel = (rows: readonly WirePrice[]) => new Map(rows.map((row) => [row.model, row]));

  it('fills a fresh database with the built-in list, which the relay bills from its first request', async () => {
    const app = await start();
    const rows = await stored(app);
    // (MySQL sorts names without regard to case: compared by name here.)
    const byName = (list: WirePrice[]) => [...list].sort((x, y) => (x.model < y.model ? -1 : 1));
    const fields = ({ model, type, channel_type, input, output, locked }: WirePrice) => ({
      model,
      type,
      channel_type,
      input,
      output,
      locked,
    });
    const defaults = (await call(app, 'GET', '/api/prices?type=default')).body.data as WirePrice[];
    expect(byName(rows).map(fields)).toEqual(byName(defaults));
    expect(rows).toHaveLength(BUILT_IN_PRICES.length);
    // Every owner the list names is one of the model owners a fresh database has.
    const owners = new Set(
      (await app.gw.db.selectFrom('model_ownedby').select('id').execute()).map((row) => Number(row.id)),
    );
    expect(BUILT_IN_PRICES.filter((row) => !owners.has(row.channel_type))).toEqual([]);
    const ratios = app.gwRelay.state.ratios('gpt-4o', 1);
    expect([ratios.inputRatio.toNumber(), ratios.outputRatio.toNumber()]).toEqual([2.5, 7.5]);
  });

  it("keeps the operator's edits, deletions and locked rows at later starts; AUTO_PRICE_UPDATES adds back only what is missing", async () => {
    const first = await start();
    const root = await signIn(first, 'root', ROOT_PASSWORD);
    const write = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) => {
      const reply = await call(first, method, path, { cookie: root, ...(body ? { body } : {}) });
      expect(reply.body.success, `${method} ${path}: ${reply.body.message}`).toBe(true);
    };
    await write('PUT', '/api/prices/single/gpt-4o', {
      model: 'gpt-4o',
      type: 'tokens',
      channel_type: 1,
      input: 3,
      output: 9,
      locked: true,
    });
    await write('PUT', '/api/prices/single/dall-e-3', {
      model: 'dall-e-3',
      type: 'tokens',
      channel_type: 1,
      input: 25,
      output: 25,
    });
    await write('DELETE', '/api/prices/single/gpt-4');
    await write('POST', '/api/prices/single', {
      model: 'house-model',
      type: 'times',
      channel_type: 1,
      input: 4,
      output: 0,
    });
    await stop(first);

    const operatorRows = (rows: Map<string, WirePrice>) => {
      expect(rows.get('gpt-4o')).toMatchObject({ input: 3, output: 9, locked: true });
      expect(rows.get('dall-e-3')).toMatchObject({ input: 25, output: 25, locked: false });
      expect(rows.get('house-model')).toMatchObject({ type: 'times', input: 4 });
    };
    const restarted = await start();
    const second = byModel(await stored(restarted));
    operatorRows(second);
    expect(second.has('gpt-4')).toBe(false);
    expect(second.size).toBe(BUILT_IN_PRICES.length);
    await stop(restarted);

    const third = byModel(await stored(await start({ AUTO_PRICE_UPDATES: 'true' })));
    operatorRows(third);
    expect(third.get('gpt-4')).toMatchObject({ input: 15, output: 30, locked: false });
    expect(third.size).toBe(BUILT_IN_PRICES.length + 1);
  });

  it('leaves the table empty with AUTO_PRICE_UPDATES_MODE=off', async () => {
    const app = await start({ AUTO_PRICE_UPDATES_MODE: 'off', AUTO_PRICE_UPDATES: 'true' });
    const reply = await call(app, 'GET', '/api/prices');
    expect(reply.body).toMatchObject({ success: false, message: 'pricing data not found' });
  });

  it('seeds once when two processes start on the same fresh database at the same moment', async () => {
    database = await freshDatabase(kind);
    // The first start runs the migrations; the two that follow race on the empty price table.
    const migrating = await start({ AUTO_PRICE_UPDATES_MODE: 'off' });
    await stop(migrating);
    const [a, b] = await Promise.all([start(), start({ GW_NODE_ID: 'other' })]);
    const count = await (a as FastifyInstance).gw.db
      .selectFrom('prices')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(BUILT_IN_PRICES.length);
    expect(await stored(b as FastifyInstance)).toHaveLength(BUILT_IN_PRICES.length);
  });
});
