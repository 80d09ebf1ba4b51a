// The Midjourney-Proxy relay (spec §2.4) against a fake proxy: a submit billed one call at its mj_<action>
// (or mj_<mode>_<action>) times price, the task stored before its id goes back and fetched from the local
// database; a proxy refusal refunded; the poller bringing a task to SUCCESS, or to FAILURE with the charge
// back on the user's quota (not the token's); the poller idle once no task is open. Balances are checked to
// the point on SQLite, and PostgreSQL and MySQL when configured.
import { translate } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  FAKE_IMAGE_PNG,
  FAKE_MJ_BANNED_CODE,
  FAKE_MJ_BANNED_WORD,
  FAKE_MJ_FAIL_WORD,
  FAKE_MJ_NO_FAST_WORD,
  FAKE_MJ_SLOW_WORD,
} from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { createMidjourneyPoller } from '../tasks/midjourney-poller.js';

const START_QUOTA = 1_000_000;
const TOKEN_REMAIN = 500_000;
/** mj_imagine at times 50 ⇒ int(1000·50) = 50,000 points a submit; relax at 20 ⇒ 20,000. */
const IMAGINE_QUOTA = 50_000;
const RELAX_QUOTA = 20_000;

describe.each(TEST_DIALECTS)('Midjourney-Proxy relay (%s)', (kind) => {
  let r: RelayTestApp;
  let channelId: number;
  beforeAll(async () => {
    r = await startRelayApp(kind);
    channelId = await r.addChannel({
      type: 34,
      key: 'mj-secret',
      models: 'mj_imagine,mj_relax_imagine,mj_upscale,mj_inpaint',
    });
    for (const [model, input] of [
      ['mj_imagine', 50],
      ['mj_relax_imagine', 20],
      ['mj_upscale', 25],
      // Priced by an operator, yet never charged: the modal step that follows is (spec §2.4 step 3).
      ['mj_inpaint', 10],
    ] as const) {
      await r.setPrice({ model, type: 'times', channel_type: 34, input, output: 0 });
    }
  });
  afterAll(async () => r?.close());

  const limitedCaller = () =>
    r.newCaller({ quota: START_QUOTA, token: { unlimited_quota: false, remain_quota: TOKEN_REMAIN } });

  async function mj(who: RelayCallerHandle, method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(`${r.url}${path}`, {
      method,
      headers: { 'mj-api-secret': who.key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function balances(who: RelayCallerHandle) {
    await r.flush();
    const db = r.t.app.gw.db;
    const user = await db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    const token = await db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', who.tokenId)
      .executeTakeFirstOrThrow();
    const logs = await db
      .selectFrom('logs')
      .select(['type', 'quota', 'model_name', 'content'])
      .where('user_id', '=', who.userId)
      .where('type', 'in', [2, 4])
      .orderBy('id')
      .execute();
    return { user: user.quota, used: user.used_quota, token: token.remain_quota, logs };
  }

  it('imagine: billed one call, the task stored at once, then SUCCESS after a poll', async () => {
    const who = await limitedCaller();
    const submitted = await mj(who, 'POST', '/mj/submit/imagine', { prompt: 'a lighthouse at dusk' });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ code: 1, description: '提交成功' });
    const id = String(submitted.body.result);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/mj/submit/imagine');
    expect(sent?.headers['mj-api-secret']).toBe('mj-secret');
    expect(sent?.body).toEqual({ prompt: 'a lighthouse at dusk' });
    // Stored before the reply: the id can be fetched straight away.
    const fresh = await mj(who, 'GET', `/mj/task/${id}/fetch`);
    expect(fresh.body).toMatchObject({ id, action: 'IMAGINE', status: 'NOT_START', progress: '0%' });
    const after = await balances(who);
    expect(after.user).toBe(START_QUOTA - IMAGINE_QUOTA);
    expect(after.used).toBe(IMAGINE_QUOTA);
    expect(after.token).toBe(TOKEN_REMAIN - IMAGINE_QUOTA);
    expect(after.logs).toEqual([{ type: 2, quota: IMAGINE_QUOTA, model_name: 'mj_imagine', content: '' }]);
    const row = await r.t.app.gw.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('mj_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: who.userId,
      token_id: who.tokenId,
      channel_id: channelId,
      quota: IMAGINE_QUOTA,
      mode: 'fast',
    });

    expect(await r.t.app.gwRelay.midjourneyPoller.pollOnce()).toBe(0);
    const done = await mj(who, 'GET', `/mj/task/${id}/fetch`);
    expect(done.body).toMatchObject({
      id,
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `${r.upstream.url}/fake-files/mj-${id}.png`,
    });
    // The stored image is served through gw without a key (spec §2.4 step 4).
    const image = await fetch(`${r.url}/mj/image/${id}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(FAKE_IMAGE_PNG)).toBe(true);
    expect((await fetch(`${r.url}/mj/image/no-such-task`)).status).toBe(404);
    expect((done.body.buttons as unknown[]).length).toBe(1);
    const listed = await mj(who, 'POST', '/mj/task/list-by-condition', { ids: [id, 'unknown'] });
    expect((listed.body as unknown as Array<{ id: string }>).map((task) => task.id)).toEqual([id]);
    // Another user cannot read it.
    const other = await r.newCaller({ quota: START_QUOTA });
    expect((await mj(other, 'GET', `/mj/task/${id}/fetch`)).status).toBe(404);
    expect((await balances(who)).user).toBe(START_QUOTA - IMAGINE_QUOTA);
  });

  it('relax mode: the /mj-relax prefix goes upstream and mj_relax_imagine is billed', async () => {
    const who = await limitedCaller();
    const submitted = await mj(who, 'POST', '/mj-relax/mj/submit/imagine', { prompt: 'a quiet harbour' });
    expect(submitted.status).toBe(200);
    expect(r.upstream.requests.at(-1)?.path).toBe('/mj-relax/mj/submit/imagine');
    const after = await balances(who);
    expect(after.user).toBe(START_QUOTA - RELAX_QUOTA);
    expect(after.logs[0]).toMatchObject({ model_name: 'mj_relax_imagine', quota: RELAX_QUOTA });
    const row = await r.t.app.gw.db
      .selectFrom('midjourneys')
      .select('mode')
      .where('mj_id', '=', String(submitted.body.result))
      .executeTakeFirstOrThrow();
    expect(row.mode).toBe('relax');
    await r.t.app.gwRelay.midjourneyPoller.pollOnce();
  });

  it('button submits are priced by the action they carry: /mj/submit/action and simple-change as mj_upscale', async () => {
    const who = await limitedCaller();
    const pressed = await mj(who, 'POST', '/mj/submit/action', {
      customId: 'MJ::JOB::upsample::2::abc',
      taskId: 'abc',
    });
    expect(pressed.status).toBe(200);
    expect(r.upstream.requests.at(-1)?.path).toBe('/mj/submit/action');
    const simple = await mj(who, 'POST', '/mj/submit/simple-change', { content: 'abc U2' });
    expect(simple.status).toBe(200);
    expect(r.upstream.requests.at(-1)?.path).toBe('/mj/submit/simple-change');
    const inpaint = await mj(who, 'POST', '/mj/submit/action', { customId: 'MJ::Inpaint::1::abc::SOLO' });
    expect(inpaint.status).toBe(200);
    const unknown = await mj(who, 'POST', '/mj/submit/action', { customId: 'MJ::Whatever::1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(4);
    const after = await balances(who);
    expect(after.user).toBe(START_QUOTA - 2 * 25_000);
    expect(after.logs.map((log) => [log.model_name, log.quota])).toEqual([
      ['mj_upscale', 25_000],
      ['mj_upscale', 25_000],
      ['mj_inpaint', 0],
    ]);
    const rows = await r.t.app.gw.db
      .selectFrom('midjourneys')
      .select('action')
      .where('user_id', '=', who.userId)
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['UPSCALE', 'UPSCALE', 'INPAINT']);
    await r.t.app.gwRelay.midjourneyPoller.pollOnce();
  });

  it('no fast account (code 3): sent again in relax mode, billed once at the relax price', async () => {
    const who = await limitedCaller();
    const before = r.upstream.requests.length;
    const submitted = await mj(who, 'POST', '/mj/submit/imagine', {
      prompt: `a ${FAKE_MJ_NO_FAST_WORD} street`,
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.code).toBe(1);
    expect(r.upstream.requests.slice(before).map((request) => request.path)).toEqual([
      '/mj/submit/imagine',
      '/mj-relax/mj/submit/imagine',
    ]);
    const after = await balances(who);
    expect(after.user).toBe(START_QUOTA - RELAX_QUOTA);
    expect(after.token).toBe(TOKEN_REMAIN - RELAX_QUOTA);
    expect(after.logs).toEqual([
      { type: 2, quota: RELAX_QUOTA, model_name: 'mj_relax_imagine', content: '' },
    ]);
    const row = await r.t.app.gw.db
      .selectFrom('midjourneys')
      .select(['mode', 'quota'])
      .where('mj_id', '=', String(submitted.body.result))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ mode: 'relax', quota: RELAX_QUOTA });
    // Relax mode itself is not retried: the refusal goes back, nothing charged.
    const relaxed = await mj(who, 'POST', '/mj-relax/mj/submit/imagine', {
      prompt: `${FAKE_MJ_BANNED_WORD}`,
    });
    expect(relaxed.status).toBe(400);
    expect((await balances(who)).user).toBe(START_QUOTA - RELAX_QUOTA);
    await r.t.app.gwRelay.midjourneyPoller.pollOnce();
  });

  it('a proxy refusal (code 24) is a 400 in the proxy shape, refunded: no charge, no log, no task', async () => {
    const who = await limitedCaller();
    const refused = await mj(who, 'POST', '/mj/submit/imagine', {
      prompt: `a ${FAKE_MJ_BANNED_WORD} picture`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(FAKE_MJ_BANNED_CODE);
    expect(String(refused.body.description)).toContain(`可能包含敏感词 ${FAKE_MJ_BANNED_WORD}`);
    const after = await balances(who);
    expect(after).toMatchObject({ user: START_QUOTA, used: 0, token: TOKEN_REMAIN, logs: [] });
    const rows = await r.t.app.gw.db
      .selectFrom('midjourneys')
      .select('id')
      .where('user_id', '=', who.userId)
      .execute();
    expect(rows).toHaveLength(0);
    // A saturated proxy (code 30) is a 429 with the saturation wording (spec §2.4 step 5), refunded too.
    r.upstream.script({ status: 200, body: { code: 30, description: '队列已满', result: '' } });
    const saturated = await mj(who, 'POST', '/mj/submit/imagine', { prompt: 'a calm sea' });
    expect(saturated.status).toBe(429);
    expect(saturated.body.code).toBe(30);
    const language = r.t.app.gwRelay.state.options().language;
    expect(String(saturated.body.description)).toContain(
      translate(language, 'relay.upstream.saturated_group'),
    );
    expect((await balances(who)).user).toBe(START_QUOTA);
    const badMode = await mj(who, 'POST', '/mj-slow/mj/submit/imagine', { prompt: 'x' });
    expect(badMode.status).toBe(400);
    expect(badMode.body.code).toBe(4);
    expect(String(badMode.body.description)).toContain(
      translate(r.t.app.gwRelay.state.options().language, 'relay.midjourney.invalid_mode'),
    );
    // A prefix that is no mode at all is not a Midjourney path: `/api/mj/…` is the console API's 404.
    const apiPath = await mj(who, 'POST', '/api/mj/submit/imagine', { prompt: 'x' });
    expect(apiPath.status).toBe(404);
    expect(apiPath.body.success).toBe(false);
  });

  it('a submit whose task cannot be stored is a 500 in the proxy shape (code 4), refunded: no charge, no task', async () => {
    const db = r.t.app.gw.db;
    const who = await limitedCaller();
    const sent = r.upstream.requests.length;
    await db.schema.alterTable('midjourneys').renameTo('midjourneys_hidden').execute();
    let failed: Awaited<ReturnType<typeof mj>>;
    try {
      failed = await mj(who, 'POST', '/mj/submit/imagine', { prompt: 'a picture nobody keeps' });
    } finally {
      await db.schema.alterTable('midjourneys_hidden').renameTo('midjourneys').execute();
    }
    // The proxy accepted it; the client is not told so.
    expect(r.upstream.requests.length - sent).toBe(1);
    expect(failed.status).toBe(500);
    expect(failed.body.code).toBe(4);
    expect(String(failed.body.description)).toContain(
      translate(r.t.app.gwRelay.state.options().language, 'relay.task.store_failed'),
    );
    expect(failed.body.result).toBeUndefined();
    const after = await balances(who);
    expect(after).toMatchObject({ user: START_QUOTA, used: 0, token: TOKEN_REMAIN, logs: [] });
    const rows = await db.selectFrom('midjourneys').select('id').where('user_id', '=', who.userId).execute();
    expect(rows).toHaveLength(0);
  });

  it('a task that fails upstream: FAILURE, the charge back on the user quota (not the token), a system log', async () => {
    const who = await limitedCaller();
    const submitted = await mj(who, 'POST', '/mj/submit/imagine', {
      prompt: `something ${FAKE_MJ_FAIL_WORD}`,
    });
    const id = String(submitted.body.result);
    expect((await balances(who)).user).toBe(START_QUOTA - IMAGINE_QUOTA);
    await r.t.app.gwRelay.midjourneyPoller.pollOnce();
    // A second pass must not refund twice.
    await r.t.app.gwRelay.midjourneyPoller.pollOnce();
    const failed = await mj(who, 'GET', `/mj/task/${id}/fetch`);
    expect(failed.body).toMatchObject({ status: 'FAILURE', failReason: 'prompt refused by the fake' });
    const after = await balances(who);
    expect(after.user).toBe(START_QUOTA);
    expect(after.token).toBe(TOKEN_REMAIN - IMAGINE_QUOTA);
    const language = r.t.app.gwRelay.state.options().language;
    expect(after.logs).toEqual([
      { type: 2, quota: IMAGINE_QUOTA, model_name: 'mj_imagine', content: '' },
      {
        type: 4,
        quota: IMAGINE_QUOTA,
        model_name: '',
        content: translate(language, 'relay.midjourney.refund_log', { id, quota: IMAGINE_QUOTA }),
      },
    ]);
  });

  it('/mj/notify: the proxy callback moves the caller own task; a FAILURE refunds once; other users are refused', async () => {
    const who = await limitedCaller();
    const slow = await mj(who, 'POST', '/mj/submit/imagine', { prompt: `painted ${FAKE_MJ_SLOW_WORD}` });
    const id = String(slow.body.result);
    const progress = await mj(who, 'POST', '/mj/notify', { id, status: 'IN_PROGRESS', progress: '60%' });
    expect(progress.status).toBe(200);
    expect((await mj(who, 'GET', `/mj/task/${id}/fetch`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '60%',
    });
    const other = await r.newCaller({ quota: START_QUOTA });
    expect((await mj(other, 'POST', '/mj/notify', { id, status: 'SUCCESS', progress: '100%' })).status).toBe(
      404,
    );
    for (let i = 0; i < 2; i += 1) {
      const failed = await mj(who, 'POST', '/mj/notify', {
        id,
        status: 'FAILURE',
        progress: '0%',
        failReason: 'gone',
      });
      expect(failed.status).toBe(200);
    }
    expect((await mj(who, 'GET', `/mj/task/${id}/fetch`)).body).toMatchObject({
      status: 'FAILURE',
      failReason: 'gone',
    });
    const after = await balances(who);
    expect(after.user).toBe(START_QUOTA);
    expect(after.logs.filter((log) => log.type === 4)).toHaveLength(1);
  });

  it('the poller runs only while a task is open, and fails a task still open after an hour', async () => {
    const relay = r.t.app.gwRelay;
    relay.midjourneyPoller.stop();
    let clock = Date.now();
    const poller = createMidjourneyPoller({
      db: r.t.app.gw.db,
      state: relay.state,
      http: relay.http,
      ledger: relay.ledger,
      log: r.t.app.log,
      intervalMs: 30,
      now: () => clock,
    });
    const settle = async () => {
      for (let i = 0; i < 200 && poller.active(); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
    };
    poller.kick();
    await settle();
    expect(poller.active()).toBe(false);

    const who = await limitedCaller();
    const quick = await mj(who, 'POST', '/mj/submit/imagine', { prompt: 'a quick one' });
    expect(quick.status).toBe(200);
    poller.kick();
    await settle();
    expect(poller.active()).toBe(false);
    expect((await mj(who, 'GET', `/mj/task/${String(quick.body.result)}/fetch`)).body.status).toBe('SUCCESS');

    const slow = await mj(who, 'POST', '/mj/submit/imagine', { prompt: `drawn ${FAKE_MJ_SLOW_WORD}` });
    const slowId = String(slow.body.result);
    poller.kick();
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Several passes later the task is still open, so the poller keeps going.
    expect(poller.active()).toBe(true);
    expect((await mj(who, 'GET', `/mj/task/${slowId}/fetch`)).body).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '40%',
    });
    clock += 61 * 60 * 1000;
    await settle();
    expect(poller.active()).toBe(false);
    expect((await mj(who, 'GET', `/mj/task/${slowId}/fetch`)).body).toMatchObject({
      status: 'FAILURE',
      failReason: 'timed out',
    });
    const after = await balances(who);
    // Two submits charged, the timed-out one refunded to the user.
    expect(after.user).toBe(START_QUOTA - IMAGINE_QUOTA);
    expect(after.token).toBe(TOKEN_REMAIN - 2 * IMAGINE_QUOTA);
    poller.stop();
  });
});
