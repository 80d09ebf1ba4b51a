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
import { dayBoundaries } from './dashboard.service.js';

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

  it('refuses an anonymous caller', async () => {
    const reply = await call(t.app, 'GET', '/api/user/dashboard');
    expect(reply.status).toBe(401);
  });
});
