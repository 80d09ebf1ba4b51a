// Analytics routes (contract §1.16) on every configured dialect.
import {
  analyticsPeriodSchema,
  analyticsStatisticsSchema,
  channelCounts,
  LOG_TYPE,
  redemptionCounts,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLog } from '../../shared/logs.js';
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
import { localDate, localMidnight } from './analytics.service.js';

const DAY1 = localMidnight('2024-05-01') ?? 0;
const DAY2 = localMidnight('2024-05-02') ?? 0;

describe.each(TEST_DIALECTS)('analytics on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let aliceId: number;
  const get = async (path: string) => (await call(t.app, 'GET', path, { cookie: root })).body;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await createUser(t.app, root, 'alice');
    await createUser(t.app, root, 'bob');
    const db = t.app.gw.db;
    const users = await db.selectFrom('users').select(['id', 'username']).execute();
    aliceId = users.find((u) => u.username === 'alice')?.id ?? 0;
    const bobId = users.find((u) => u.username === 'bob')?.id ?? 0;
    // Given: alice invited by root and created on day 1, bob on day 2; usage on both days.
    await db
      .updateTable('users')
      .set({ created_time: DAY1 + 60, inviter_id: 1, used_quota: 30 })
      .where('id', '=', aliceId)
      .execute();
    await db
      .updateTable('users')
      .set({ created_time: DAY2 + 60 })
      .where('id', '=', bobId)
      .execute();
    const use = (
      userId: number,
      username: string,
      createdAt: number,
      modelName: string,
      channelId: number,
      quota: number,
    ) =>
      insertLog(db, {
        userId,
        username,
        type: LOG_TYPE.consume,
        content: '',
        createdAt,
        modelName,
        channelId,
        quota,
        promptTokens: 3,
        completionTokens: 2,
        requestTime: 100,
      });
    await use(aliceId, 'alice', DAY1 + 100, 'gpt-4o', 7, 10);
    await use(aliceId, 'alice', DAY1 + 5000, 'gpt-4o', 7, 20);
    await use(aliceId, 'alice', DAY2 + 100, 'claude-3-5-sonnet', 8, 5);
    await use(bobId, 'bob', DAY2 + 200, 'gpt-4o', 8, 1);
    await insertLog(db, {
      userId: bobId,
      username: 'bob',
      type: LOG_TYPE.topup,
      content: '',
      createdAt: DAY2,
      quota: 999,
    });
    await insertBareChannel(db, 7, 'seven', 1);
    await insertBareChannel(db, 9, 'nine', 1);
    await insertBareChannel(db, 10, 'ten', 2);
    await insertBareChannel(db, 11, 'eleven', 3);
    const code = (key: string, status: number, quota: number, redeemed: number, used: number) =>
      db
        .insertInto('redemptions')
        .values({
          user_id: 1,
          key,
          status,
          name: 'c',
          quota,
          created_time: DAY1,
          redeemed_time: redeemed,
          used_user_id: used,
        })
        .execute();
    await code('a'.repeat(32), 1, 100, 0, 0);
    await code('b'.repeat(32), 3, 200, DAY1 + 10, aliceId);
    await code('c'.repeat(32), 3, 300, DAY1 + 20, aliceId);
    await code('d'.repeat(32), 2, 400, 0, 0);
    const order = (tradeNo: string, status: string, currency: string, amount: number, quota: number) =>
      db
        .insertInto('orders')
        .values({
          gateway_id: 1,
          user_id: aliceId,
          trade_no: tradeNo,
          amount: 1,
          order_amount: amount,
          order_currency: currency,
          quota,
          status,
          created_at: DAY2 + 30,
        })
        .execute();
    await order('t1', 'success', 'CNY', 7.5, 500);
    await order('t2', 'success', 'CNY', 2.5, 100);
    await order('t3', 'pending', 'USD', 9, 900);
  });
  afterAll(() => t.close());

  it('Given users, codes and orders, When root reads the statistics, Then the totals match', async () => {
    const body = await get('/api/analytics/statistics');
    expect(body.success).toBe(true);
    const stats = analyticsStatisticsSchema.parse(body.data);
    expect(stats.user_statistics).toMatchObject({
      total_user: 3,
      total_inviter_user: 1,
      total_used_quota: 30,
    });
    expect(stats.redemption_statistic).toEqual([
      { count: 1, quota: 100, status: 1 },
      { count: 2, quota: 500, status: 3 },
    ]);
    expect(redemptionCounts(stats)).toEqual({
      used: { count: 2, quota: 500 },
      unused: { count: 1, quota: 100 },
    });
    expect(stats.order_statistics).toEqual([{ quota: 600, money: 10, order_currency: 'CNY' }]);
    expect(channelCounts(stats)).toEqual({ active: 2, disabled: 1, testDisabled: 1 });
  });

  it('groups usage per local day by model, owner or channel, with YYYY-MM-DD dates', async () => {
    const range = `start_timestamp=${DAY1}&end_timestamp=${DAY2 + 86_399}`;
    const byModel = analyticsPeriodSchema.parse(
      (await get(`/api/analytics/period?${range}&group_type=model`)).data,
    );
    expect(byModel.channel_statistics).toEqual([
      {
        Date: '2024-05-01',
        Channel: 'gpt-4o',
        RequestCount: 2,
        Quota: 30,
        PromptTokens: 6,
        CompletionTokens: 4,
        RequestTime: 200,
      },
      {
        Date: '2024-05-02',
        Channel: 'claude-3-5-sonnet',
        RequestCount: 1,
        Quota: 5,
        PromptTokens: 3,
        CompletionTokens: 2,
        RequestTime: 100,
      },
      {
        Date: '2024-05-02',
        Channel: 'gpt-4o',
        RequestCount: 1,
        Quota: 1,
        PromptTokens: 3,
        CompletionTokens: 2,
        RequestTime: 100,
      },
    ]);
    expect(byModel.user_statistics).toEqual([
      { date: '2024-05-01', user_count: 1, inviter_user_count: 1 },
      { date: '2024-05-02', user_count: 1, inviter_user_count: 0 },
    ]);
    expect(byModel.redemption_statistics).toEqual([{ date: '2024-05-01', quota: 500, user_count: 1 }]);
    expect(byModel.order_statistics).toEqual([{ date: '2024-05-02', order_amount: 10 }]);
    const byChannel = analyticsPeriodSchema.parse((await get(`/api/analytics/period?${range}`)).data);
    // Channel 8 is gone: its id stands in for the name.
    expect(byChannel.channel_statistics?.map((row) => [row.Date, row.Channel, row.Quota])).toEqual([
      ['2024-05-01', 'seven', 30],
      ['2024-05-02', '8', 6],
    ]);
    const alice = analyticsPeriodSchema.parse(
      (await get(`/api/analytics/period?${range}&group_type=model&user_id=${aliceId}`)).data,
    );
    expect(alice.channel_statistics?.map((row) => row.Quota)).toEqual([30, 5]);
    const owners = analyticsPeriodSchema.parse(
      (await get(`/api/analytics/period?${range}&group_type=model_type`)).data,
    );
    expect(
      owners.channel_statistics?.every((row) => typeof row.Channel === 'string' && row.Channel !== ''),
    ).toBe(true);
    expect(localDate(DAY2 + 86_399)).toBe('2024-05-02');
  });

  it('refuses a range that ends before it starts', async () => {
    const body = await get(`/api/analytics/period?start_timestamp=${DAY2}&end_timestamp=${DAY1}`);
    expect(body.success).toBe(false);
    expect(body.errors[0].field).toBe('start_timestamp');
  });

  it('reports usage per user with model_usage at the top level, and exports it as CSV', async () => {
    const body = await get(
      '/api/analytics/multi_user_stats?usernames=bob,alice,nobody&start_time=2024-05-01&end_time=2024-05-02',
    );
    expect(body.success).toBe(true);
    expect(body.data).toEqual([
      {
        username: 'bob',
        request_count: 1,
        quota: 1,
        prompt_tokens: 3,
        completion_tokens: 2,
        request_time: 100,
      },
      {
        username: 'alice',
        request_count: 3,
        quota: 35,
        prompt_tokens: 9,
        completion_tokens: 6,
        request_time: 300,
      },
      {
        username: 'nobody',
        request_count: 0,
        quota: 0,
        prompt_tokens: 0,
        completion_tokens: 0,
        request_time: 0,
      },
    ]);
    expect(body.model_usage).toEqual([
      { username: 'alice', model_name: 'claude-3-5-sonnet', request_count: 1 },
      { username: 'alice', model_name: 'gpt-4o', request_count: 2 },
      { username: 'bob', model_name: 'gpt-4o', request_count: 1 },
    ]);
    const oneDay = await get(
      '/api/analytics/multi_user_stats?usernames=alice&start_time=2024-05-02&end_time=2024-05-02',
    );
    expect(oneDay.data[0].quota).toBe(5);
    const csv = await call(
      t.app,
      'GET',
      '/api/analytics/multi_user_stats/export?usernames=alice&start_time=2024-05-01&end_time=2024-05-02',
      { cookie: root },
    );
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(String(csv.headers['content-disposition'])).toContain('attachment');
    expect(csv.body).toBe(
      'Username,Request Count,Quota,Prompt Tokens,Completion Tokens,Request Time (ms)\r\nalice,3,35,9,6,300\r\n',
    );
  });

  it('refuses a multi-user query without usernames or with a bad date', async () => {
    for (const query of [
      'start_time=2024-05-01&end_time=2024-05-02',
      'usernames=alice&start_time=2024-5-1&end_time=2024-05-02',
      'usernames=alice&start_time=2024-02-30&end_time=2024-05-02',
      'usernames=alice&start_time=2024-05-03&end_time=2024-05-02',
    ]) {
      const body = await get(`/api/analytics/multi_user_stats?${query}`);
      expect(body.success, query).toBe(false);
      expect(body.errors?.length, query).toBeGreaterThan(0);
    }
  });
});
