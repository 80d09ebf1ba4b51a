// Log routes (contract §1.9) on every configured dialect: filters, order, paging, stats, cleanup.
import { LOG_TYPE, logSchema, nowSeconds } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLog, type LogEntry } from '../../shared/logs.js';
import { insertBareChannel } from '../../test-support/channel-rows.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

const T0 = 1_700_000_000;

describe.each(TEST_DIALECTS)('logs on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;
  let aliceId: number;
  let bobId: number;

  const seed = (entry: Partial<LogEntry> & { userId: number }) =>
    insertLog(t.app.gw.db, { type: LOG_TYPE.consume, content: 'x', ...entry });
  const logRows = () => t.app.gw.db.selectFrom('logs').selectAll().orderBy('id').execute();
  const admin = async (query: string) =>
    (await call(t.app, 'GET', `/api/log/?${query}`, { cookie: root })).body;
  const ids = (body: { data: { data: Array<{ content: string }> } }) =>
    body.data.data.map((log) => log.content);

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
    await createUser(t.app, root, 'bob');
    const users = await t.app.gw.db.selectFrom('users').select(['id', 'username']).execute();
    aliceId = users.find((u) => u.username === 'alice')?.id ?? 0;
    bobId = users.find((u) => u.username === 'bob')?.id ?? 0;
    await insertBareChannel(t.app.gw.db, 3, 'main-openai');
    // Given a handful of logs: alice a1..a5, bob b1..b2, spread over time, types, models and channels.
    const common = { username: 'alice', userId: aliceId };
    await seed({
      ...common,
      content: 'a1',
      createdAt: T0,
      modelName: 'gpt-4',
      tokenName: 'k1',
      quota: 100,
      channelId: 3,
      sourceIp: '10.0.0.1',
      metadata: { group_name: 'default' },
    });
    await seed({
      ...common,
      content: 'a2',
      createdAt: T0 + 10,
      modelName: 'gpt-3.5',
      tokenName: 'k2',
      quota: 20,
      channelId: 4,
    });
    await seed({ ...common, content: 'a3', createdAt: T0 + 20, type: LOG_TYPE.topup, quota: 5000 });
    await seed({
      ...common,
      content: 'a4',
      createdAt: T0 + 30,
      modelName: 'gpt-4',
      tokenName: 'k1',
      quota: 300,
      channelId: 3,
      isStream: true,
    });
    await seed({ ...common, content: 'a5', createdAt: T0 + 30, type: LOG_TYPE.manage, quota: -7 });
    await seed({
      userId: bobId,
      username: 'bob',
      content: 'b1',
      createdAt: T0 + 5,
      modelName: 'gpt-4',
      tokenName: 'k1',
      quota: 1000,
      channelId: 3,
      sourceIp: '10.0.0.2',
    });
    await seed({ userId: bobId, username: 'bob', content: 'b2', createdAt: T0 + 40, type: LOG_TYPE.system });
  });
  afterAll(() => t.close());

  it('Given logs of two users, When root lists them, Then all come newest first with a total', async () => {
    const body = await admin('');
    expect(body.success).toBe(true);
    expect(body.data.total_count).toBe(7);
    // a5 and a4 share a second: the later id comes first.
    expect(ids(body)).toEqual(['b2', 'a5', 'a4', 'a3', 'a2', 'b1', 'a1']);
    const first = logSchema.parse(body.data.data.find((log: { content: string }) => log.content === 'a1'));
    expect(first).toMatchObject({ user_id: aliceId, created_at: T0, type: 2, quota: 100, channel_id: 3 });
    expect(first.metadata).toEqual({ group_name: 'default' });
    expect(first.id).toBeGreaterThan(0);
    expect(first.channel).toEqual({ id: 3, name: 'main-openai' });
    // Channel 4 does not exist (deleted): no channel object.
    expect(body.data.data.find((log: { content: string }) => log.content === 'a2').channel).toBeNull();
    expect(body.data.data.find((log: { content: string }) => log.content === 'a4').is_stream).toBe(true);
  });

  it('filters by every parameter with exact matches, timestamps inclusive', async () => {
    expect(ids(await admin('log_type=2'))).toEqual(['a4', 'a2', 'b1', 'a1']);
    expect(ids(await admin('log_type=0&username=bob'))).toEqual(['b2', 'b1']);
    expect(ids(await admin(`start_timestamp=${T0 + 10}&end_timestamp=${T0 + 30}`))).toEqual([
      'a5',
      'a4',
      'a3',
      'a2',
    ]);
    expect(ids(await admin('model_name=gpt-4'))).toEqual(['a4', 'b1', 'a1']);
    expect(ids(await admin('model_name=gpt'))).toEqual([]);
    expect(ids(await admin('token_name=k1&username=alice'))).toEqual(['a4', 'a1']);
    expect(ids(await admin('channel_id=4'))).toEqual(['a2']);
    expect(ids(await admin('source_ip=10.0.0.2'))).toEqual(['b1']);
    // The console sends empty integers: they mean "no filter".
    expect((await admin('channel_id=&log_type=&start_timestamp=')).data.total_count).toBe(7);
  });

  it('pages and sorts by whitelisted fields only', async () => {
    const page = await admin('page=2&size=3');
    expect(page.data).toMatchObject({ page: 2, size: 3, total_count: 7 });
    expect(ids(page)).toEqual(['a3', 'a2', 'b1']);
    expect(ids(await admin('order=created_at&size=3'))).toEqual(['a1', 'b1', 'a2']);
    const bad = await admin('order=-quota');
    expect(bad).toMatchObject({ success: false, message: "不允许对字段 'quota' 进行排序" });
    expect((await admin('order=user_id,-created_at&log_type=2')).data.data[0].user_id).toBe(aliceId);
    expect((await admin('size=101')).success).toBe(false);
  });

  it('refuses malformed filters with a message naming the field', async () => {
    const type = await admin('log_type=9');
    expect(type.success).toBe(false);
    expect(type.message).toContain('日志类型');
    const start = await admin('start_timestamp=yesterday');
    expect(start.success).toBe(false);
    expect(start.errors[0].field).toBe('start_timestamp');
  });

  it('lists only the caller’s own logs on /api/log/self, ignoring admin filters', async () => {
    const own = await call(t.app, 'GET', '/api/log/self/?username=bob&channel_id=4', { cookie: alice });
    expect(own.body.success).toBe(true);
    expect(own.body.data.total_count).toBe(5);
    expect(ids(own.body)).toEqual(['a5', 'a4', 'a3', 'a2', 'a1']);
    expect(own.body.data.data.every((log: { channel: unknown }) => log.channel === null)).toBe(true);
    const typed = await call(t.app, 'GET', `/api/log/self?log_type=2&end_timestamp=${T0 + 10}`, {
      cookie: alice,
    });
    expect(ids(typed.body)).toEqual(['a2', 'a1']);
    const forbidden = await call(t.app, 'GET', '/api/log/', { cookie: alice });
    expect(forbidden.body.success).toBe(false);
  });

  it('sums the quota of matching consume logs only', async () => {
    const stat = async (path: string, cookie: string) => (await call(t.app, 'GET', path, { cookie })).body;
    expect(await stat('/api/log/stat', root)).toMatchObject({ success: true, data: { quota: 1420 } });
    expect((await stat('/api/log/stat?username=alice', root)).data.quota).toBe(420);
    expect((await stat('/api/log/stat?model_name=gpt-4&channel=3', root)).data.quota).toBe(1400);
    expect(
      (await stat(`/api/log/stat?start_timestamp=${T0 + 5}&end_timestamp=${T0 + 10}`, root)).data.quota,
    ).toBe(1020);
    expect((await stat('/api/log/stat?token_name=k2', root)).data.quota).toBe(20);
    expect((await stat('/api/log/self/stat', alice)).data.quota).toBe(420);
    expect((await stat('/api/log/self/stat?token_name=k1&username=bob', alice)).data.quota).toBe(400);
    expect((await stat('/api/log/stat?username=nobody', root)).data.quota).toBe(0);
  });

  it('refuses a cleanup without a target time and deletes nothing', async () => {
    const before = await logRows();
    for (const query of ['', '?target_timestamp=', '?target_timestamp=0', '?target_timestamp=soon']) {
      const reply = await call(t.app, 'DELETE', `/api/log/${query}`, { cookie: root });
      expect(reply.body.success, query).toBe(false);
      expect(reply.body.errors[0].field).toBe('target_timestamp');
    }
    expect(await logRows()).toEqual(before);
  });

  it('deletes consume logs older than the target only, and answers how many', async () => {
    const reply = await call(t.app, 'DELETE', `/api/log?target_timestamp=${T0 + 10}`, { cookie: root });
    expect(reply.body).toMatchObject({ success: true, data: 2 });
    expect((await logRows()).map((row) => row.content)).toEqual(['a2', 'a3', 'a4', 'a5', 'b2']);
    const again = await call(t.app, 'DELETE', `/api/log/?target_timestamp=${nowSeconds() + 60}`, {
      cookie: root,
    });
    expect(again.body.data).toBe(2);
    expect((await logRows()).map((row) => row.content)).toEqual(['a3', 'a5', 'b2']);
  });
});
