// A listening gw with a fake upstream beside it, for relay tests that call `/v1` like real clients:
// channels, users and tokens are made through the management API, as an operator would.
import type { Selectable } from 'kysely';
import OpenAI from 'openai';
import { expect } from 'vitest';
import type { BuildAppOptions } from '../../app.js';
import type { DatabaseKind } from '../../config.js';
import type { LogRow } from '../../db/tables.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';
import { type FakeUpstream, startFakeUpstream } from './fake-upstream/index.js';

export interface RelayTestApp {
  t: TestApp;
  /** gw's listening address. */
  url: string;
  upstream: FakeUpstream;
  rootCookie: string;
  /** Adds a channel through `POST /api/channel/`; returns its id. */
  addChannel(fields: Record<string, unknown>): Promise<number>;
  /** A new user with `quota` points and one token; returns the `sk-` key and ids. */
  newCaller(options?: CallerOptions): Promise<RelayCallerHandle>;
  /** Writes the ledger's pending batch now. */
  flush(): Promise<void>;
  /** The official OpenAI client for a key, pointed at this gw, without retries. */
  openAi(key: string): OpenAI;
  /** A new caller with `quota` points and an OpenAI client for its key. */
  callerWithClient(quota: number): Promise<{ who: RelayCallerHandle; client: OpenAI }>;
  /**
   * After a flush: the caller's only consume log, checking the user paid exactly its quota from `startQuota`
   * and made one request.
   */
  onlyConsumeLog(who: RelayCallerHandle, startQuota: number): Promise<Selectable<LogRow>>;
  /** Sets site options through the API. */
  setOptions(options: Record<string, string>): Promise<void>;
  /** Adds (or replaces) one model's price through `POST /api/prices/single` (the row's wire fields). */
  setPrice(price: Record<string, unknown>): Promise<void>;
  /** Sets the `default` user group's per-user requests per minute through the API. */
  setDefaultGroupRate(apiRate: number): Promise<void>;
  close(): Promise<void>;
}

export interface CallerOptions {
  quota?: number;
  token?: Record<string, unknown>;
  username?: string;
}

export interface RelayCallerHandle {
  key: string;
  userId: number;
  tokenId: number;
  cookie: string;
}

let callerSeq = 0;

export async function startRelayApp(
  kind: DatabaseKind = 'sqlite',
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<RelayTestApp> {
  const upstream = await startFakeUpstream();
  const t = await startTestApp(kind, { BATCH_UPDATE_INTERVAL: '3600', ...env }, options);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const rootCookie = await signIn(t.app, 'root', ROOT_PASSWORD);
  const app = t.app;

  async function addChannel(fields: Record<string, unknown>): Promise<number> {
    const body = {
      type: 1,
      name: `ch-${callerSeq++}`,
      key: 'sk-upstream',
      base_url: upstream.url,
      models: 'gpt-4o-mini',
      group: 'default',
      ...fields,
    };
    const created = await call(app, 'POST', '/api/channel/', { cookie: rootCookie, body });
    if (!created.body.success) throw new Error(`channel create failed: ${created.body.message}`);
    const row = await app.gw.db
      .selectFrom('channels')
      .select('id')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function newCaller(options: CallerOptions = {}): Promise<RelayCallerHandle> {
    const username = options.username ?? `u${callerSeq++}`;
    const cookie = await createUser(app, rootCookie, username);
    const user = await app.gw.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    const quota = options.quota ?? 10_000_000;
    if (quota !== 0) {
      const changed = await call(app, 'POST', `/api/user/quota/${user.id}`, {
        cookie: rootCookie,
        body: { quota },
      });
      if (!changed.body.success) throw new Error(`quota change failed: ${changed.body.message}`);
    }
    const created = await call(app, 'POST', '/api/token/', {
      cookie,
      body: { name: 'relay', unlimited_quota: true, ...options.token },
    });
    if (!created.body.success) throw new Error(`token create failed: ${created.body.message}`);
    const token = await app.gw.db
      .selectFrom('tokens')
      .select(['id', 'key'])
      .where('user_id', '=', user.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { key: `sk-${token.key}`, userId: user.id, tokenId: token.id, cookie };
  }

  const openAi = (key: string) => new OpenAI({ apiKey: key, baseURL: `${url}/v1`, maxRetries: 0 });

  return {
    t,
    url,
    upstream,
    rootCookie,
    addChannel,
    newCaller,
    flush: () => app.gwRelay.ledger.flush(),
    openAi,
    async setDefaultGroupRate(apiRate) {
      const group = await app.gw.db
        .selectFrom('user_groups')
        .selectAll()
        .where('symbol', '=', 'default')
        .executeTakeFirstOrThrow();
      const reply = await call(app, 'PUT', '/api/user_group/', {
        cookie: rootCookie,
        body: {
          ...group,
          public: Boolean(group.public),
          promotion: Boolean(group.promotion),
          enable: Boolean(group.enable),
          ratio: Number(group.ratio),
          api_rate: apiRate,
        },
      });
      if (!reply.body.success) throw new Error(`group update failed: ${reply.body.message}`);
    },
    async callerWithClient(quota) {
      const who = await newCaller({ quota });
      return { who, client: openAi(who.key) };
    },
    async onlyConsumeLog(who, startQuota) {
      await app.gwRelay.ledger.flush();
      const db = app.gw.db;
      const logs = await db
        .selectFrom('logs')
        .selectAll()
        .where('user_id', '=', who.userId)
        .where('type', '=', 2)
        .execute();
      expect(logs).toHaveLength(1);
      const log = logs[0] as Selectable<LogRow>;
      expect(log.quota).toBeGreaterThan(0);
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota', 'request_count'])
        .where('id', '=', who.userId)
        .executeTakeFirstOrThrow();
      expect(user.quota).toBe(startQuota - log.quota);
      expect(user.used_quota).toBe(log.quota);
      expect(user.request_count).toBe(1);
      return log;
    },
    async setOptions(options) {
      for (const [key, value] of Object.entries(options)) {
        const reply = await call(app, 'PUT', '/api/option/', { cookie: rootCookie, body: { key, value } });
        if (!reply.body.success) throw new Error(`option ${key} failed: ${reply.body.message}`);
      }
    },
    async setPrice(price) {
      const reply = await call(app, 'POST', '/api/prices/single', { cookie: rootCookie, body: price });
      if (!reply.body.success)
        throw new Error(`price of ${String(price.model)} failed: ${reply.body.message}`);
    },
    async close() {
      await t.close();
      await upstream.close();
    },
  };
}
