// Every way gw refuses a relay key or body (spec §3.1–§3.4, §2.2 rule 4), called on
// POST /v1/chat/completions as a client would: the status, the OpenAI error body whose message ends with
// the `X-Oneapi-Request-Id` of the reply, and that a refusal sends nothing upstream, moves no quota and
// writes no consume log. Channel pinning (`#id`, `#!id`) for admins is checked by where requests land.
import { nowSeconds } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const MODEL = 'gpt-4o-mini';
const START_QUOTA = 1_000_000;
const CHAT_BODY = { model: MODEL, messages: [{ role: 'user', content: 'hello' }] };

interface RelayReply {
  status: number;
  requestId: string | null;
  body: { error?: { message: string; type: string; code: unknown } };
}

describe('relay key and body refusals', () => {
  let r: RelayTestApp;
  let channelA: number;
  let channelB: number;
  let disabledChannel: number;
  beforeAll(async () => {
    r = await startRelayApp();
    channelA = await r.addChannel({ key: 'key-of-a', models: MODEL });
    channelB = await r.addChannel({ key: 'key-of-b', models: MODEL });
    disabledChannel = await r.addChannel({ key: 'key-of-off', models: MODEL });
    await rootCall('PUT', '/api/channel/', { id: disabledChannel, status: 2 });
  });
  afterAll(async () => r?.close());

  async function rootCall(method: 'POST' | 'PUT', url: string, body: unknown) {
    const reply = await call(r.t.app, method, url, { cookie: r.rootCookie, body });
    if (!reply.body.success) throw new Error(`${method} ${url} failed: ${reply.body.message}`);
  }

  async function chat(
    authorization: string | undefined,
    body: unknown = CHAT_BODY,
    raw?: string,
  ): Promise<RelayReply> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (authorization !== undefined) headers.authorization = authorization;
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers,
      body: raw ?? JSON.stringify(body),
    });
    return {
      status: response.status,
      requestId: response.headers.get('x-oneapi-request-id'),
      body: (await response.json()) as RelayReply['body'],
    };
  }

  /** The reply is an OpenAI-shaped error whose message is `message` plus this reply's request id. */
  function expectRefusal(reply: RelayReply, status: number, message: string, type = 'one_hub_error') {
    expect(reply.status).toBe(status);
    expect(reply.requestId).toMatch(/^\d{14}\d{9}[A-Za-z0-9]{8}$/);
    expect(reply.body.error?.type).toBe(type);
    expect(reply.body.error?.message).toBe(`${message} (request id: ${reply.requestId})`);
  }

  /** After a flush: the caller still has every point, never paid, and has no consume log. */
  async function expectNothingBilled(who: RelayCallerHandle, quota = START_QUOTA) {
    await r.flush();
    const db = r.t.app.gw.db;
    const user = await db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota, used_quota: 0, request_count: 0 });
    const logs = await db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
  }

  async function tokenStatus(tokenId: number): Promise<number> {
    const row = await r.t.app.gw.db
      .selectFrom('tokens')
      .select('status')
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    return row.status;
  }

  async function admin(): Promise<RelayCallerHandle> {
    const username = `admin${Math.random().toString(36).slice(2, 8)}`;
    const who = await r.newCaller({ quota: START_QUOTA, username });
    await rootCall('POST', '/api/user/manage', { username, action: 'promote' });
    return who;
  }

  /** Consume logs of a caller, after a flush, oldest first. */
  async function consumeLogs(who: RelayCallerHandle) {
    await r.flush();
    return r.t.app.gw.db
      .selectFrom('logs')
      .select(['channel_id', 'quota'])
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .orderBy('id')
      .execute();
  }

  describe('the key itself (401 无效的令牌)', () => {
    it('refuses a missing, short or garbled key, and a well-formed key nobody issued', async () => {
      const before = r.upstream.requests.length;
      expectRefusal(await chat(undefined), 401, '无效的令牌');
      expectRefusal(await chat('Bearer sk-short'), 401, '无效的令牌');
      expectRefusal(await chat(`Bearer sk-${'x'.repeat(48)}`), 401, '无效的令牌');
      const who = await r.newCaller({ quota: START_QUOTA });
      const key = who.key.slice(3);
      const garbled = `${key.slice(0, -4)}${key.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      expectRefusal(await chat(`Bearer sk-${garbled}`), 401, '无效的令牌');
      expectRefusal(await chat(`Bearer sk-${key.slice(0, 40)}`), 401, '无效的令牌');
      expect(r.upstream.requests.length).toBe(before);
      await expectNothingBilled(who);
    });

    it('accepts the same key without the sk- prefix or the Bearer word', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      expect((await chat(`Bearer ${who.key.slice(3)}`)).status).toBe(200);
      expect((await chat(who.key)).status).toBe(200);
    });
  });

  describe('token checks (spec §3.3)', () => {
    it('disabled token (status 2): 401 令牌状态不可用', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const changed = await call(r.t.app, 'PUT', '/api/token/?status_only=1', {
        cookie: who.cookie,
        body: { id: who.tokenId, status: 2 },
      });
      expect(changed.body.success).toBe(true);
      expectRefusal(await chat(`Bearer ${who.key}`), 401, '令牌状态不可用');
      await expectNothingBilled(who);
    });

    it('expired token: 401 令牌已过期', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      // The API refuses a past expiry, so the clock is moved on the row: the token expired a minute ago.
      await r.t.app.gw.db
        .updateTable('tokens')
        .set({ expired_time: nowSeconds() - 60 })
        .where('id', '=', who.tokenId)
        .execute();
      expectRefusal(await chat(`Bearer ${who.key}`), 401, '令牌已过期');
      await expectNothingBilled(who);
    });

    it('exhausted limited token: 401 令牌额度已用尽, and the token is marked status 4', async () => {
      const who = await r.newCaller({
        quota: START_QUOTA,
        token: { unlimited_quota: false, remain_quota: 0 },
      });
      expect(await tokenStatus(who.tokenId)).toBe(1);
      expectRefusal(await chat(`Bearer ${who.key}`), 401, '令牌额度已用尽');
      await expect.poll(() => tokenStatus(who.tokenId), { timeout: 2000 }).toBe(4);
      // Now refused on its status, with the same words.
      expectRefusal(await chat(`Bearer ${who.key}`), 401, '令牌额度已用尽');
      await expectNothingBilled(who);
    });

    it('owner disabled by root: 403 用户已被封禁 (and the key works again once re-enabled)', async () => {
      const username = `owner${Math.random().toString(36).slice(2, 8)}`;
      const who = await r.newCaller({ quota: START_QUOTA, username });
      await rootCall('POST', '/api/user/manage', { username, action: 'disable' });
      expectRefusal(await chat(`Bearer ${who.key}`), 403, '用户已被封禁');
      await expectNothingBilled(who);
      await rootCall('POST', '/api/user/manage', { username, action: 'enable' });
      expect((await chat(`Bearer ${who.key}`)).status).toBe(200);
    });

    it("model outside the token's model limit: 404, and an enabled empty list allows nothing", async () => {
      const limited = await r.newCaller({
        quota: START_QUOTA,
        token: { setting: { limits: { limit_model_setting: { enabled: true, models: ['gpt-4o'] } } } },
      });
      expectRefusal(
        await chat(`Bearer ${limited.key}`),
        404,
        `Model ${MODEL} is not supported for current token`,
      );
      await expectNothingBilled(limited);
      const empty = await r.newCaller({
        quota: START_QUOTA,
        token: { setting: { limits: { limit_model_setting: { enabled: true, models: [] } } } },
      });
      expectRefusal(
        await chat(`Bearer ${empty.key}`),
        404,
        'No available models configured for current token',
      );
      await expectNothingBilled(empty);
    });

    it('client IP outside the whitelist: 403 naming the IP; inside a listed CIDR it passes', async () => {
      const outside = await r.newCaller({
        quota: START_QUOTA,
        token: { setting: { limits: { limits_ip_setting: { enabled: true, whitelist: ['10.1.2.3'] } } } },
      });
      expectRefusal(await chat(`Bearer ${outside.key}`), 403, 'IP 127.0.0.1 is not allowed to access');
      await expectNothingBilled(outside);
      const inside = await r.newCaller({
        quota: START_QUOTA,
        token: {
          setting: {
            limits: { limits_ip_setting: { enabled: true, whitelist: ['10.1.2.3', '127.0.0.0/8'] } },
          },
        },
      });
      expect((await chat(`Bearer ${inside.key}`)).status).toBe(200);
    });
  });

  describe('channel pinning (spec §3.4)', () => {
    it('a common user pinning or excluding a channel: 403 普通用户不支持指定渠道', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const before = r.upstream.requests.length;
      expectRefusal(await chat(`Bearer ${who.key}#${channelA}`), 403, '普通用户不支持指定渠道');
      expectRefusal(await chat(`Bearer ${who.key}#!${channelA}`), 403, '普通用户不支持指定渠道');
      expect(r.upstream.requests.length).toBe(before);
      await expectNothingBilled(who);
    });

    it('an admin pinning a disabled or missing channel: 503; a non-numeric pin: 403', async () => {
      const who = await admin();
      expectRefusal(await chat(`Bearer ${who.key}#${disabledChannel}`), 503, '该渠道已被禁用');
      expectRefusal(await chat(`Bearer ${who.key}#99999`), 503, '无效的渠道 Id');
      expectRefusal(await chat(`Bearer ${who.key}#abc`), 403, '无效的渠道 Id');
      await expectNothingBilled(who);
    });

    it("an admin's pin is the channel used, every time", async () => {
      const who = await admin();
      r.upstream.reset();
      for (let i = 0; i < 4; i += 1) expect((await chat(`Bearer ${who.key}#${channelB}`)).status).toBe(200);
      expect(r.upstream.requests.map((request) => request.headers.authorization)).toEqual(
        Array(4).fill('Bearer key-of-b'),
      );
      const logs = await consumeLogs(who);
      expect(logs.map((log) => log.channel_id)).toEqual(Array(4).fill(channelB));
    });

    it('`#!id` keeps that channel out of the selection', async () => {
      const who = await admin();
      r.upstream.reset();
      for (let i = 0; i < 6; i += 1) expect((await chat(`Bearer ${who.key}#!${channelA}`)).status).toBe(200);
      expect(new Set(r.upstream.requests.map((request) => request.headers.authorization))).toEqual(
        new Set(['Bearer key-of-b']),
      );
      const logs = await consumeLogs(who);
      expect(logs.map((log) => log.channel_id)).toEqual(Array(6).fill(channelB));
    });
  });

  describe('bad bodies (spec §2.2 rule 4): 400 in the OpenAI shape with the request id', () => {
    it('missing model: field model is required', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      const reply = await chat(`Bearer ${who.key}`, { messages: [{ role: 'user', content: 'x' }] });
      expectRefusal(reply, 400, 'field model is required');
      expect(reply.body.error?.code).toBe('one_hub_error');
      await expectNothingBilled(who);
    });

    it('negative or too large max_tokens: 字段 max_tokens 无效', async () => {
      const who = await r.newCaller({ quota: START_QUOTA });
      expectRefusal(
        await chat(`Bearer ${who.key}`, { ...CHAT_BODY, max_tokens: -1 }),
        400,
        '字段 max_tokens 无效',
      );
      expectRefusal(
        await chat(`Bearer ${who.key}`, { ...CHAT_BODY, max_tokens: 2 ** 30 }),
        400,
        '字段 max_tokens 无效',
      );
      expect((await chat(`Bearer ${who.key}`, { ...CHAT_BODY, max_tokens: 2 ** 30 - 1 })).status).toBe(200);
      r.upstream.reset();
      expectRefusal(
        await chat(`Bearer ${who.key}`, { ...CHAT_BODY, max_tokens: -5 }),
        400,
        '字段 max_tokens 无效',
      );
      expect(r.upstream.requests).toHaveLength(0);
    });
  });
});
