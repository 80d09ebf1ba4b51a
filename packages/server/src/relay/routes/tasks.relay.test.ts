// The Suno and Kling task relays (spec §9.8) against a fake Suno-API and a fake Kling (which checks its
// HS256 JWT): a submit billed one call at its model's times price, the task stored before its id goes back
// and fetched from the local database, an upstream refusal refunded, the poller bringing tasks to SUCCESS,
// or to FAILURE with the charge given back through the ledger, the async-task list filled, and the poller
// idle once no task is open. Balances are checked to the point on SQLite, and PostgreSQL and MySQL when
// configured.
import { translate } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call } from '../../test-support/test-app.js';
import {
  FAKE_KLING_ACCESS_KEY,
  FAKE_KLING_SECRET_KEY,
  FAKE_TASK_BANNED_WORD,
  FAKE_TASK_FAIL_WORD,
  FAKE_TASK_NO_ID_WORD,
  FAKE_TASK_SLOW_WORD,
  finishFakeTask,
} from '../test-support/fake-upstream/index.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';
import { createTaskPoller, taskRefundId } from '../tasks/task-poller.js';

const START_QUOTA = 1_000_000;
const TOKEN_REMAIN = 500_000;
/** Times prices: int(1000·input) points a submit. */
const PRICES = {
  'chirp-v3-0': 50,
  'chirp-v3-5': 40,
  suno_lyrics: 5,
  'kling-video_kling-v1_std_5': 60,
  'kling-video_kling-v1-5_pro_10': 120,
  'kling-video_kling-v9_std_5': 70,
} as const;
const points = (model: keyof typeof PRICES) => Math.trunc(1000 * PRICES[model]);

type Json = Record<string, unknown>;

describe.each(TEST_DIALECTS)('Suno and Kling task relays (%s)', (kind) => {
  let r: RelayTestApp;
  let sunoChannel: number;
  let klingChannel: number;
  beforeAll(async () => {
    r = await startRelayApp(kind);
    sunoChannel = await r.addChannel({
      type: 41,
      key: 'suno-secret',
      models: 'chirp-v3-0,chirp-v3-5,suno_lyrics',
    });
    klingChannel = await r.addChannel({
      type: 53,
      key: `${FAKE_KLING_ACCESS_KEY}|${FAKE_KLING_SECRET_KEY}`,
      models: 'kling-video_kling-v1_std_5,kling-video_kling-v1-5_pro_10',
    });
    // A Kling channel whose key is not `ak|sk`: its submits fail before any call and are refunded.
    await r.addChannel({ type: 53, key: 'not-a-pair', models: 'kling-video_kling-v9_std_5' });
    for (const [model, input] of Object.entries(PRICES)) {
      await r.setPrice({
        model,
        type: 'times',
        channel_type: model.startsWith('kling') ? 53 : 41,
        input,
        output: 0,
      });
    }
  });
  afterAll(async () => r?.close());

  const limitedCaller = () =>
    r.newCaller({ quota: START_QUOTA, token: { unlimited_quota: false, remain_quota: TOKEN_REMAIN } });

  async function send(who: RelayCallerHandle, method: 'GET' | 'POST', path: string, body?: unknown) {
    const response = await fetch(`${r.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${who.key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, body: (await response.json()) as Json };
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
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', who.tokenId)
      .executeTakeFirstOrThrow();
    const logs = await db
      .selectFrom('logs')
      .select(['type', 'quota', 'model_name', 'content'])
      .where('user_id', '=', who.userId)
      .where('type', 'in', [2, 4])
      .orderBy('id')
      .execute();
    return {
      user: Number(user.quota),
      used: Number(user.used_quota),
      token: Number(token.remain_quota),
      tokenUsed: Number(token.used_quota),
      logs,
    };
  }

  const taskRow = (taskId: string) =>
    r.t.app.gw.db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirstOrThrow();

  it('Suno music: billed one call at its mv price, stored at once, SUCCESS with its clips after a poll', async () => {
    const who = await limitedCaller();
    const submitted = await send(who, 'POST', '/suno/submit/music', {
      prompt: 'a song about lighthouses',
      tags: 'folk',
      mv: 'chirp-v3-5',
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.code).toBe('success');
    const id = String(submitted.body.data);
    expect(id).toMatch(/^suno-/);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/suno/submit/music');
    expect(sent?.headers.authorization).toBe('Bearer suno-secret');
    expect(sent?.body).toEqual({ prompt: 'a song about lighthouses', tags: 'folk', mv: 'chirp-v3-5' });
    // Stored before the reply: the id can be fetched straight away.
    const fresh = await send(who, 'GET', `/suno/fetch/${id}`);
    expect(fresh.body).toMatchObject({
      code: 'success',
      data: { task_id: id, action: 'MUSIC', status: 'SUBMITTED' },
    });
    const charge = points('chirp-v3-5');
    const after = await balances(who);
    expect(after).toMatchObject({ user: START_QUOTA - charge, used: charge, token: TOKEN_REMAIN - charge });
    expect(after.logs).toEqual([{ type: 2, quota: charge, model_name: 'chirp-v3-5', content: '' }]);
    expect(await taskRow(id)).toMatchObject({
      platform: 'suno',
      user_id: who.userId,
      token_id: who.tokenId,
      channel_id: sunoChannel,
      quota: charge,
      action: 'MUSIC',
      status: 'SUBMITTED',
    });

    await r.t.app.gwRelay.taskPoller.pollOnce();
    const done = await send(who, 'GET', `/suno/fetch/${id}`);
    expect(done.body.data).toMatchObject({ task_id: id, status: 'SUCCESS', progress: '100%' });
    const clips = (done.body.data as { data: Array<{ audio_url: string }> }).data;
    expect(clips[0]?.audio_url).toBe(`${r.upstream.url}/fake-files/${id}.mp3`);
    const listed = await send(who, 'POST', '/suno/fetch', { ids: [id, 'suno-unknown'] });
    expect((listed.body.data as Array<{ task_id: string }>).map((task) => task.task_id)).toEqual([id]);
    // Another user cannot read it.
    const other = await r.newCaller({ quota: START_QUOTA });
    expect((await send(other, 'GET', `/suno/fetch/${id}`)).status).toBe(404);

    // The async-task list (the consoles' screen) shows it; the self list scrubs the upstream's user ids.
    const self = await call(r.t.app, 'GET', `/api/task/self?task_id=${id}`, { cookie: who.cookie });
    expect(self.body.success).toBe(true);
    const [listedTask] = (self.body.data as { data: Json[] }).data;
    expect(listedTask).toMatchObject({
      task_id: id,
      platform: 'suno',
      status: 'SUCCESS',
      progress: 100,
      quota: charge,
    });
    expect(JSON.stringify(listedTask?.data)).not.toContain('upstream-user-secret');
    const admin = await call(r.t.app, 'GET', `/api/task/?platform=suno&task_id=${id}`, {
      cookie: r.rootCookie,
    });
    expect((admin.body.data as { data: Json[] }).data[0]).toMatchObject({ channel_id: sunoChannel });
    expect((await balances(who)).user).toBe(START_QUOTA - charge);
  });

  it('Suno lyrics and the default music model: suno_lyrics and chirp-v3-0 prices', async () => {
    const who = await limitedCaller();
    const lyrics = await send(who, 'POST', '/suno/submit/lyrics', { prompt: 'the sea', mv: 'chirp-v3-5' });
    expect(lyrics.status).toBe(200);
    const music = await send(who, 'POST', '/suno/submit/music', { gpt_description_prompt: 'a waltz' });
    expect(music.status).toBe(200);
    const after = await balances(who);
    const charged = points('suno_lyrics') + points('chirp-v3-0');
    expect(after).toMatchObject({
      user: START_QUOTA - charged,
      used: charged,
      token: TOKEN_REMAIN - charged,
    });
    expect(after.logs.map((log) => [log.model_name, log.quota])).toEqual([
      ['suno_lyrics', points('suno_lyrics')],
      ['chirp-v3-0', points('chirp-v3-0')],
    ]);
    expect((await taskRow(String(lyrics.body.data))).action).toBe('LYRICS');
    const bad = await send(who, 'POST', '/suno/submit/video', { prompt: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('fail');
    expect(String(bad.body.message)).toContain(
      translate(r.t.app.gwRelay.state.options().language, 'relay.task.invalid_action'),
    );
    await r.t.app.gwRelay.taskPoller.pollOnce();
  });

  it('a Suno refusal is a 400 in Suno shape, refunded: no charge, no log, no task', async () => {
    const who = await limitedCaller();
    const refused = await send(who, 'POST', '/suno/submit/music', {
      prompt: `a ${FAKE_TASK_BANNED_WORD} song`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('error');
    expect(String(refused.body.message)).toContain('prompt refused by the fake');
    expect(await balances(who)).toMatchObject({ user: START_QUOTA, used: 0, token: TOKEN_REMAIN, logs: [] });
    const rows = await r.t.app.gw.db
      .selectFrom('tasks')
      .select('id')
      .where('user_id', '=', who.userId)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('a submit whose task cannot be stored is a 500 in its platform shape with nothing charged (one-hub insert_task_failed)', async () => {
    const db = r.t.app.gw.db;
    const limited = await limitedCaller();
    // Rich enough for the trust rule: no database hold, so only a settlement could charge it.
    const rich = await r.newCaller({ quota: 100 * START_QUOTA });
    const sent = r.upstream.requests.length;
    await db.schema.alterTable('tasks').renameTo('tasks_hidden').execute();
    let suno: Awaited<ReturnType<typeof send>>;
    let kling: Awaited<ReturnType<typeof send>>;
    try {
      suno = await send(limited, 'POST', '/suno/submit/music', { prompt: 'a song nobody keeps' });
      kling = await send(rich, 'POST', '/kling/v1/videos/text2video', { prompt: 'a scene nobody keeps' });
    } finally {
      await db.schema.alterTable('tasks_hidden').renameTo('tasks').execute();
    }
    // The upstream accepted both; neither is answered as accepted.
    expect(r.upstream.requests.length - sent).toBe(2);
    expect(suno.status).toBe(500);
    expect(suno.body).toMatchObject({ code: 'insert_task_failed', data: null });
    expect(String(suno.body.message)).toContain(
      translate(r.t.app.gwRelay.state.options().language, 'relay.task.store_failed'),
    );
    expect(kling.status).toBe(500);
    expect(kling.body).toMatchObject({ code: 500, data: null });
    expect(String(kling.body.message)).toContain(
      translate(r.t.app.gwRelay.state.options().language, 'relay.task.store_failed'),
    );
    expect(await balances(limited)).toMatchObject({
      user: START_QUOTA,
      used: 0,
      token: TOKEN_REMAIN,
      tokenUsed: 0,
      logs: [],
    });
    expect(await balances(rich)).toMatchObject({ user: 100 * START_QUOTA, used: 0, logs: [] });
    const rows = await db
      .selectFrom('tasks')
      .select('id')
      .where('user_id', 'in', [limited.userId, rich.userId])
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('a task failing upstream, or accepted without an id: FAILURE, the charge back through the ledger once', async () => {
    const who = await limitedCaller();
    const doomed = await send(who, 'POST', '/suno/submit/music', { prompt: `a ${FAKE_TASK_FAIL_WORD} song` });
    const anonymous = await send(who, 'POST', '/suno/submit/music', {
      prompt: `an ${FAKE_TASK_NO_ID_WORD} song`,
    });
    expect(anonymous.status).toBe(200);
    const charge = points('chirp-v3-0');
    expect((await balances(who)).user).toBe(START_QUOTA - 2 * charge);
    await r.t.app.gwRelay.taskPoller.pollOnce();
    // A second pass must not refund twice.
    await r.t.app.gwRelay.taskPoller.pollOnce();
    const failed = await taskRow(String(doomed.body.data));
    expect(failed).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'generation refused by the fake',
      progress: 100,
    });
    const noId = await r.t.app.gw.db
      .selectFrom('tasks')
      .selectAll()
      .where('user_id', '=', who.userId)
      .where('task_id', '=', '')
      .executeTakeFirstOrThrow();
    expect(noId).toMatchObject({ status: 'FAILURE', fail_reason: 'the task has no upstream id' });
    const after = await balances(who);
    // Both charges went back to the user and the key; the consume logs stay, the refunds are system logs.
    expect(after).toMatchObject({ user: START_QUOTA, token: TOKEN_REMAIN, tokenUsed: 0, used: 2 * charge });
    const language = r.t.app.gwRelay.state.options().language;
    // The task without an id is failed first, before any upstream is asked.
    expect(after.logs.filter((log) => log.type === 4)).toEqual([
      {
        type: 4,
        quota: charge,
        model_name: '',
        content: translate(language, 'relay.task.refund_log', { platform: 'suno', id: '', quota: charge }),
      },
      {
        type: 4,
        quota: charge,
        model_name: '',
        content: translate(language, 'relay.task.refund_log', {
          platform: 'suno',
          id: failed.task_id,
          quota: charge,
        }),
      },
    ]);
    // The refunds went through the ledger: their marks are there.
    const marks = await r.t.app.gw.db
      .selectFrom('relay_settlements')
      .select('request_id')
      .where('request_id', 'in', [taskRefundId(failed), taskRefundId(noId)])
      .execute();
    expect(marks).toHaveLength(2);
  });

  it('Kling text2video: JWT from ak|sk, billed by model_name/mode/duration, fetched locally, SUCCESS after a poll', async () => {
    const who = await limitedCaller();
    const submitted = await send(who, 'POST', '/kling/v1/videos/text2video', {
      prompt: 'a fox in snow',
      model_name: 'kling-v1-5',
      mode: 'pro',
      duration: '10',
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ code: 0, data: { task_status: 'submitted' } });
    const id = String((submitted.body.data as Json).task_id);
    const sent = r.upstream.requests.at(-1);
    expect(sent?.path).toBe('/v1/videos/text2video');
    expect(sent?.body).toEqual({
      prompt: 'a fox in snow',
      model_name: 'kling-v1-5',
      mode: 'pro',
      duration: '10',
    });
    const charge = points('kling-video_kling-v1-5_pro_10');
    const after = await balances(who);
    expect(after).toMatchObject({ user: START_QUOTA - charge, used: charge, token: TOKEN_REMAIN - charge });
    expect(after.logs).toEqual([
      { type: 2, quota: charge, model_name: 'kling-video_kling-v1-5_pro_10', content: '' },
    ]);
    expect(await taskRow(id)).toMatchObject({
      platform: 'kling',
      action: 'text2video',
      channel_id: klingChannel,
      quota: charge,
      status: 'SUBMITTED',
    });
    const fresh = await send(who, 'GET', `/kling/v1/videos/text2video/${id}`);
    expect(fresh.body).toMatchObject({ code: 0, data: { task_id: id, task_status: 'submitted' } });
    // The other action's path does not find it.
    expect((await send(who, 'GET', `/kling/v1/videos/image2video/${id}`)).status).toBe(404);

    await r.t.app.gwRelay.taskPoller.pollOnce();
    const polled = r.upstream.requests.filter((request) => request.path === `/v1/videos/text2video/${id}`);
    expect(polled).toHaveLength(1);
    const done = await send(who, 'GET', `/kling/v1/videos/text2video/${id}`);
    expect(done.body.data).toMatchObject({
      task_id: id,
      task_status: 'succeed',
      task_result: { videos: [{ url: `${r.upstream.url}/fake-files/${id}.mp4` }] },
    });
    expect(await taskRow(id)).toMatchObject({ status: 'SUCCESS', progress: 100 });
    // A base64 image is sent upstream whole but not kept in the task's properties (a TEXT column).
    const image = 'A'.repeat(100_000);
    const defaults = await send(who, 'POST', '/kling/v1/videos/image2video', { image, prompt: 'wave' });
    expect(defaults.status).toBe(200);
    expect(r.upstream.requests.at(-1)?.body).toEqual({ image, prompt: 'wave' });
    const stored = await taskRow(String((defaults.body.data as Json).task_id));
    expect(JSON.parse(String(stored.properties))).toEqual({ image: '<100000 characters>', prompt: 'wave' });
    const second = await balances(who);
    expect(second.user).toBe(START_QUOTA - charge - points('kling-video_kling-v1_std_5'));
    expect(second.logs.at(-1)?.model_name).toBe('kling-video_kling-v1_std_5');
    expect((await send(who, 'POST', '/kling/v1/images/generations', { prompt: 'x' })).status).toBe(400);
    await r.t.app.gwRelay.taskPoller.pollOnce();
  });

  it('Kling refusals and failures: refused submits cost nothing; a failed task is refunded once', async () => {
    const who = await limitedCaller();
    const refused = await send(who, 'POST', '/kling/v1/videos/text2video', {
      prompt: `${FAKE_TASK_BANNED_WORD} scene`,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1301);
    const badKey = await send(who, 'POST', '/kling/v1/videos/text2video', {
      prompt: 'x',
      model_name: 'kling-v9',
    });
    expect(badKey.status).toBeGreaterThanOrEqual(400);
    expect(await balances(who)).toMatchObject({ user: START_QUOTA, used: 0, token: TOKEN_REMAIN, logs: [] });

    const doomed = await send(who, 'POST', '/kling/v1/videos/text2video', {
      prompt: `a ${FAKE_TASK_FAIL_WORD} scene`,
    });
    const id = String((doomed.body.data as Json).task_id);
    const charge = points('kling-video_kling-v1_std_5');
    expect((await balances(who)).user).toBe(START_QUOTA - charge);
    await r.t.app.gwRelay.taskPoller.pollOnce();
    await r.t.app.gwRelay.taskPoller.pollOnce();
    expect(await taskRow(id)).toMatchObject({ status: 'FAILURE', fail_reason: 'video refused by the fake' });
    const after = await balances(who);
    expect(after).toMatchObject({ user: START_QUOTA, token: TOKEN_REMAIN, tokenUsed: 0, used: charge });
    expect(after.logs.filter((log) => log.type === 4)).toHaveLength(1);
    const fetched = await send(who, 'GET', `/kling/v1/videos/text2video/${id}`);
    expect(fetched.body.data).toMatchObject({ task_status: 'failed' });
  });

  it('the per-user limiter counts Suno fetches but not Kling fetches (spec §13.1)', async () => {
    const who = await limitedCaller();
    const suno = await send(who, 'POST', '/suno/submit/lyrics', { prompt: 'rain' });
    const kling = await send(who, 'POST', '/kling/v1/videos/text2video', { prompt: 'rain' });
    const sunoId = String(suno.body.data);
    const klingId = String((kling.body.data as Json).task_id);
    const group = await r.t.app.gw.db
      .selectFrom('user_groups')
      .select('api_rate')
      .where('symbol', '=', 'default')
      .executeTakeFirstOrThrow();
    await r.setDefaultGroupRate(3);
    try {
      const fetcher = await r.newCaller({ quota: START_QUOTA });
      const sunoStatuses = [];
      for (let i = 0; i < 5; i += 1)
        sunoStatuses.push((await send(fetcher, 'GET', `/suno/fetch/${sunoId}`)).status);
      // Another user's task is a 404, yet each fetch counts: the fourth is over the limit.
      expect(sunoStatuses).toEqual([404, 404, 404, 429, 429]);
      const klingStatuses = [];
      for (let i = 0; i < 5; i += 1)
        klingStatuses.push((await send(who, 'GET', `/kling/v1/videos/text2video/${klingId}`)).status);
      expect(klingStatuses).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await r.setDefaultGroupRate(Number(group.api_rate));
    }
    await r.t.app.gwRelay.taskPoller.pollOnce();
  });

  it('the poller runs only while a task is open and stops once none is', async () => {
    const relay = r.t.app.gwRelay;
    relay.taskPoller.stop();
    const poller = createTaskPoller({
      db: r.t.app.gw.db,
      state: relay.state,
      http: relay.http,
      ledger: relay.ledger,
      log: r.t.app.log,
      intervalMs: 30,
    });
    const idle = async () => {
      for (let i = 0; i < 200 && poller.active(); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 10));
    };
    poller.kick();
    await idle();
    expect(poller.active()).toBe(false);

    const who = await limitedCaller();
    const slow = await send(who, 'POST', '/suno/submit/music', { prompt: `a ${FAKE_TASK_SLOW_WORD} song` });
    const slowId = String(slow.body.data);
    poller.kick();
    await new Promise((resolve) => setTimeout(resolve, 150));
    // Several passes later the task is still open, so the poller keeps going.
    expect(poller.active()).toBe(true);
    expect(await taskRow(slowId)).toMatchObject({ status: 'IN_PROGRESS', progress: 40 });
    const requestsWhileOpen = r.upstream.requests.filter((request) => request.path === '/suno/fetch').length;
    expect(requestsWhileOpen).toBeGreaterThan(1);
    finishFakeTask(slowId);
    await idle();
    expect(poller.active()).toBe(false);
    expect(await taskRow(slowId)).toMatchObject({ status: 'SUCCESS', progress: 100 });
    // Idle: no more polls.
    const polls = r.upstream.requests.filter((request) => request.path === '/suno/fetch').length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(r.upstream.requests.filter((request) => request.path === '/suno/fetch').length).toBe(polls);
    poller.stop();
  });
});
