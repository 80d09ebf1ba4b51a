// Core's async task list calls against a real gw server on loopback, every reply parsed with its schema.
import { type ApiClient, listSelfTasks, listTasks } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

describe('core task client against gw', () => {
  let t: TestApp;
  let client: ApiClient;

  beforeAll(async () => {
    ({ t, client } = await startClientApp());
    const row = (n: number, userId: number) => ({
      created_at: 1_700_000_000,
      updated_at: 1_700_000_000,
      task_id: `t-${n}`,
      platform: 'suno',
      user_id: userId,
      channel_id: 4,
      quota: 1,
      action: 'MUSIC',
      status: 'SUCCESS',
      fail_reason: '',
      submit_time: 1_700_000_000 + n,
      start_time: 0,
      finish_time: 0,
      progress: 100,
      properties: null,
      data: JSON.stringify({ user_id: 'u', clips: [] }),
      notify_hook: '',
      token_id: 0,
    });
    await t.app.gw.db
      .insertInto('tasks')
      .values([row(1, 1), row(2, 42)])
      .execute();
  });
  afterAll(() => t.close());

  it('lists tasks by several users as admin, and own tasks scrubbed', async () => {
    const both = await listTasks(client, { user_ids: [1, 42], order: 'submit_time' });
    expect(both.data.map((task) => task.task_id)).toEqual(['t-1', 't-2']);
    expect(both.data[0]?.data).toEqual({ user_id: 'u', clips: [] });
    const one = await listTasks(client, { user_ids: [42] });
    expect(one.data.map((task) => task.task_id)).toEqual(['t-2']);
    const mine = await listSelfTasks(client, { platform: 'suno' });
    expect(mine.data).toEqual([
      expect.objectContaining({ task_id: 't-1', channel_id: 0, data: { clips: [] } }),
    ]);
  });
});
