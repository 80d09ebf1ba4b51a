// Self dashboard routes (contract §1.4, §3.3) on every configured dialect.
import { dailyModelStatSchema, dashboardRateSchema, LOG_TYPE, nowSeconds } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLog } from '../../shared/logs.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';
import { dayBoundaries, rangeBoundaries } from './dashboard.service.js';

describe('dayBoundaries', () => {
  it('Given a time, Then it gives local midnights from 7 days ago to the end of today and their dates', () => {
    const now = new Date(2024, 2, 31, 15, 30).getTime() / 1000;
    const { starts, dates } = dayBoundaries(now, 7);
    expect(starts).toHaveLength(9);
    expect(dates).toEqual([
      '2024-03-24',
      '2024-03-25',
      '2024-03-26',
      '2024-03-27',
      '2024-03-28',
      '2024-03-29',
      '2024-03-30',
      '2024-03-31',
    ]);
    expect(starts[7]).toBe(new Date(2024, 2, 31).getTime() / 1000);
    expect(starts[8]).toBe(new Date(2024, 3, 1).getTime() / 1000);
  });
});

describe('rangeBoundaries', () => {
  it('Given a range over a month end, Then it gives each day and the midnight after the last', () => {
    const { starts, dates } = rangeBoundaries('2024-02-28', '2024-03-01');
    expect(dates).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(starts).toEqual([
      new Date(2024, 1, 28).getTime() / 1000,
      new Date(2024, 1, 29).getTime() / 1000,
      new Date(2024, 2, 1).getTime() / 1000,
      new Date(2024, 2, 2).getTime() / 1000,
    ]);
  });
});

describe.each(TEST_DIALECTS)('dashboard on %s', (kind) => {
  let t: TestApp;
  let alice: string;
  let aliceId: number;
  let bobId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
    await createUser(t.app, root, 'bob');
    const users = await t.app.gw.db.selectFrom('users').select(['id', 'username']).execute();
    aliceId = users.find((u) => u.username === 'alice')?.id ?? 0;
    bobId = users.find((u) => u.username === 'bob')?.id ?? 0;
    const now = nowSeconds();
    const { starts } = dayBoundaries(now, 7);
    const today = starts[7] ?? 0;
    const threeDaysAgo = (starts[4] ?? 0) + 3600;
    const consume = (userId: number, createdAt: number, modelName: string, quota: number) =>
      insertLog(t.app.gw.db, {
        userId,
        type: LOG_TYPE.consume,
        content: '',
        createdAt,
        modelName,
        quota,
        promptTokens: 10,
        completionTokens: 5,
        requestTime: 200,
      });
    // Given alice's usage today, three days ago and nine days ago, some non-consume logs and bob's usage.
    await consume(aliceId, now - 5, 'gpt-4', 100);
    await consume(aliceId, Math.max(today, now - 120), 'gpt-4', 50);
    await consume(aliceId, today, 'claude', 7);
    await consume(aliceId, threeDaysAgo, 'gpt-4', 1);
    await consume(aliceId, (starts[0] ?? 0) - 2 * 86400, 'gpt-4', 1000);
    await insertLog(t.app.gw.db, {
      userId: aliceId,
      type: LOG_TYPE.topup,
      content: '',
      quota: 500,
      createdAt: now - 1,
    });
    await consume(bobId, now - 1, 'gpt-4', 999);
  });
  afterAll(() => t.close());

  it('Given usage over ten days, When alice opens her dashboard, Then she gets her last 8 days per day and model', async () => {
    const reply = await call(t.app, 'GET', '/api/user/dashboard', { cookie: alice });
    expect(reply.body.success).toBe(true);
    const rows = reply.body.data.map((row: unknown) => dailyModelStatSchema.parse(row));
    const { dates } = dayBoundaries(nowSeconds(), 7);
    expect(rows).toEqual([
      {
        Date: dates[4],
        ModelName: 'gpt-4',
        RequestCount: 1,
        Quota: 1,
        PromptTokens: 10,
        CompletionTokens: 5,
        RequestTime: 200,
      },
      {
        Date: dates[7],
        ModelName: 'claude',
        RequestCount: 1,
        Quota: 7,
        PromptTokens: 10,
        CompletionTokens: 5,
        RequestTime: 200,
      },
      {
        Date: dates[7],
        ModelName: 'gpt-4',
        RequestCount: 2,
        Quota: 150,
        PromptTokens: 20,
        CompletionTokens: 10,
        RequestTime: 400,
      },
    ]);
    expect(Object.keys(reply.body.data[0]).sort()).toEqual([
      'CompletionTokens',
      'Date',
      'ModelName',
      'PromptTokens',
      'Quota',
      'RequestCount',
      'RequestTime',
    ]);
  });

  it('counts the caller’s consume requests of the last minute against the group’s api_rate', async () => {
    await t.app.gw.db
      .updateTable('user_groups')
      .set({ api_rate: 8 })
      .where('symbol', '=', 'default')
      .execute();
    const reply = await call(t.app, 'GET', '/api/user/dashboard/rate/', { cookie: alice });
    const rate = dashboardRateSchema.parse(reply.body.data);
    // The log at today's midnight may fall inside the last minute just after midnight.
    expect(rate.rpm).toBeGreaterThanOrEqual(1);
    expect(rate.rpm).toBeLessThanOrEqual(3);
    expect(rate).toMatchObject({
      maxRPM: 8,
      usageRpmRate: rate.rpm * 12.5,
      tpm: 0,
      maxTPM: 0,
      usageTpmRate: 0,
    });
    await t.app.gw.db.updateTable('user_groups').set({ enable: 0 }).where('symbol', '=', 'default').execute();
    const disabled = await call(t.app, 'GET', '/api/user/dashboard/rate', { cookie: alice });
    expect(disabled.body.data).toMatchObject({ maxRPM: 0, usageRpmRate: 0 });
  });

  it('Given a range, When alice asks for it, Then only those whole days come back', async () => {
    const { dates } = dayBoundaries(nowSeconds(), 7);
    const range = `start_date=${dates[3]}&end_date=${dates[4]}`;
    const reply = await call(t.app, 'GET', `/api/user/dashboard?${range}`, { cookie: alice });
    expect(reply.body.data).toEqual([
      expect.objectContaining({ Date: dates[4], ModelName: 'gpt-4', RequestCount: 1, Quota: 1 }),
    ]);
    // The day nine days ago is outside the default but inside a wider range.
    const { dates: wide } = dayBoundaries(nowSeconds(), 12);
    const older = await call(t.app, 'GET', `/api/user/dashboard?start_date=${wide[0]}&end_date=${wide[4]}`, {
      cookie: alice,
    });
    expect(older.body.data).toEqual([expect.objectContaining({ ModelName: 'gpt-4', Quota: 1000 })]);
  });

  it.each([
    ['start_date=2024-02-30&end_date=2024-03-01', '真实日期'],
    ['start_date=2024-03-01', '结束日期'],
    ['start_date=2024-03-02&end_date=2024-03-01', '不能晚于'],
    ['start_date=2022-01-01&end_date=2024-01-01', '366'],
  ])('Given a bad range %s, Then the envelope says why (in the server’s zh_CN)', async (range, word) => {
    const reply = await call(t.app, 'GET', `/api/user/dashboard?${range}`, { cookie: alice });
    expect(reply.body.success).toBe(false);
    expect(String(reply.body.message)).toContain(word);
  });

  it('Given a year of usage, When alice opens the heatmap, Then she gets her own requests and spend per day', async () => {
    const reply = await call(t.app, 'GET', '/api/user/dashboard/heatmap', { cookie: alice });
    expect(reply.body.success).toBe(true);
    const { dates } = dayBoundaries(nowSeconds(), 9);
    expect(reply.body.data).toEqual([
      { date: dates[0], request_count: 1, quota: 1000 },
      { date: dates[6], request_count: 1, quota: 1 },
      { date: dates[9], request_count: 3, quota: 157 },
    ]);
  });

  it('refuses an anonymous caller', async () => {
    const reply = await call(t.app, 'GET', '/api/user/dashboard');
    expect(reply.status).toBe(401);
  });
});
