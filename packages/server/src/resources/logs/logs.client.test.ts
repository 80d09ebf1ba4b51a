// Core's log, dashboard and analytics calls against a real gw server on loopback, every reply parsed
// with its schema by the client.
import {
  type ApiClient,
  channelCounts,
  deleteLogsBefore,
  getAnalyticsPeriod,
  getAnalyticsStatistics,
  getDashboard,
  getDashboardRate,
  getLogStat,
  getMultiUserStats,
  getSelfLogStat,
  GwApiError,
  LOG_TYPE,
  listLogs,
  listSelfLogs,
  nowSeconds,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLog } from '../../shared/logs.js';
import { call, ROOT_PASSWORD, signIn, type TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';
import { insertBareChannel } from '../../test-support/channel-rows.js';

describe('core log, dashboard and analytics client against gw', () => {
  let t: TestApp;
  let admin: ApiClient;
  let user: ApiClient;
  const now = nowSeconds();

  beforeAll(async () => {
    const started = await startClientApp();
    ({ t, client: admin } = started);
    const rootCookie = await signIn(t.app, 'root', ROOT_PASSWORD);
    await call(t.app, 'POST', '/api/user/', {
      cookie: rootCookie,
      body: { username: 'lena', password: 'password-123' },
    });
    user = await started.signInClient('lena', 'password-123');
    const lena = await t.app.gw.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'lena')
      .executeTakeFirstOrThrow();
    await insertBareChannel(t.app.gw.db, 5, 'five');
    for (const [offset, quota] of [
      [10, 40],
      [5, 2],
    ] as const) {
      await insertLog(t.app.gw.db, {
        userId: lena.id,
        username: 'lena',
        type: LOG_TYPE.consume,
        content: 'use',
        modelName: 'gpt-4o',
        tokenName: 'main',
        channelId: 5,
        quota,
        createdAt: now - offset,
      });
    }
    await insertLog(t.app.gw.db, {
      userId: lena.id,
      username: 'lena',
      type: LOG_TYPE.topup,
      content: 'top-up',
      quota: 9,
      createdAt: now - 1000,
    });
  });
  afterAll(() => t.close());

  it('lists logs (admin and self), sums them and deletes old ones', async () => {
    const all = await listLogs(admin, { username: 'lena', log_type: LOG_TYPE.consume, size: 10 });
    expect(all.total_count).toBe(2);
    expect(all.data[0]).toMatchObject({ quota: 2, channel: { id: 5, name: 'five' }, is_stream: false });
    const own = await listSelfLogs(user, { start_timestamp: now - 2000 });
    expect(own.data.map((log) => log.content)).toEqual(['use', 'use', 'top-up']);
    expect(own.data.every((log) => log.channel === null)).toBe(true);
    expect(await getLogStat(admin, { model_name: 'gpt-4o', channel: 5 })).toMatchObject({ quota: 42 });
    expect(await getSelfLogStat(user, { token_name: 'main' })).toMatchObject({ quota: 42 });
    await expect(listLogs(user)).rejects.toBeInstanceOf(GwApiError);
    expect(await deleteLogsBefore(admin, now - 7)).toBe(1);
    expect((await listLogs(admin, { log_type: LOG_TYPE.consume })).total_count).toBe(1);
  });

  it('reads the dashboard and the analytics figures', async () => {
    const days = await getDashboard(user);
    expect(days).toHaveLength(1);
    expect(days[0]).toMatchObject({ ModelName: 'gpt-4o', RequestCount: 1, Quota: 2 });
    expect(days[0]?.Date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const rate = await getDashboardRate(user);
    expect(rate.rpm).toBe(1);
    const statistics = await getAnalyticsStatistics(admin);
    expect(channelCounts(statistics).active).toBe(1);
    expect(statistics.user_statistics?.total_user).toBe(2);
    const period = await getAnalyticsPeriod(admin, {
      start_timestamp: now - 86_400,
      end_timestamp: now,
      group_type: 'model',
    });
    expect(period.channel_statistics?.map((row) => [row.Channel, row.Quota])).toEqual([['gpt-4o', 2]]);
    const report = await getMultiUserStats(admin, {
      usernames: ['lena'],
      start_time: days[0]?.Date ?? '',
      end_time: days[0]?.Date ?? '',
    });
    expect(report.users).toEqual([
      {
        username: 'lena',
        request_count: 1,
        quota: 2,
        prompt_tokens: 0,
        completion_tokens: 0,
        request_time: 0,
      },
    ]);
    expect(report.modelUsage).toEqual([{ username: 'lena', model_name: 'gpt-4o', request_count: 1 }]);
  });
});
