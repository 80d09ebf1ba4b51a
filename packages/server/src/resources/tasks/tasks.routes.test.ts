// Async task lists on every configured dialect: admin filters (repeatable user_ids), self scoping and the
// Suno music scrub.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

const SUNO_DATA = [
  { id: 'clip-1', user_id: 'upstream-user', title: 'song', metadata: { user_id: 'x', tags: 'pop' } },
];

describe.each(TEST_DIALECTS)('task lists on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let dave: string;
  let daveId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    dave = await createUser(t.app, root, 'dave');
    daveId = (
      await t.app.gw.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'dave')
        .executeTakeFirstOrThrow()
    ).id;
    const task = (n: number, values: Record<string, unknown>) => ({
      created_at: 1_700_000_000 + n,
      updated_at: 1_700_000_000 + n,
      task_id: `task-${n}`,
      platform: 'suno',
      user_id: daveId,
      channel_id: 5,
      quota: 10,
      action: 'MUSIC',
      status: 'SUCCESS',
      fail_reason: '',
      submit_time: 1_700_000_000 + n,
      start_time: 1_700_000_000 + n,
      finish_time: 1_700_000_100 + n,
      progress: 100,
      properties: JSON.stringify({ prompt: 'a song' }),
      data: JSON.stringify(SUNO_DATA),
      notify_hook: '',
      token_id: 2,
      ...values,
    });
    await t.app.gw.db
      .insertInto('tasks')
      .values([
        task(1, {}),
        task(2, {
          platform: 'kling',
          action: 'text2video',
          data: JSON.stringify({ user_id: 'kept' }),
          token_id: 9,
        }),
        task(3, { user_id: 1, channel_id: 6, status: 'FAILURE', data: null, properties: 'not json' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  it('lists every task to admins with each filter, user_ids repeatable or comma-separated', async () => {
    const list = (query: string) => call(t.app, 'GET', `/api/task/?${query}`, { cookie: root });
    const all = await list('order=-submit_time&channel_id=&user_id=');
    expect(all.body.data.data.map((x: { task_id: string }) => x.task_id)).toEqual([
      'task-3',
      'task-2',
      'task-1',
    ]);
    expect(all.body.data.data[2]).toMatchObject({
      channel_id: 5,
      data: SUNO_DATA,
      properties: { prompt: 'a song' },
    });
    expect(all.body.data.data[0]).toMatchObject({ data: null, properties: null });
    expect((await list('platform=kling')).body.data.data[0].task_id).toBe('task-2');
    expect((await list('channel_id=6')).body.data.total_count).toBe(1);
    expect((await list('task_id=task-1')).body.data.total_count).toBe(1);
    expect((await list(`user_id=${daveId}`)).body.data.total_count).toBe(2);
    expect((await list(`user_ids=1&user_ids=${daveId}`)).body.data.total_count).toBe(3);
    expect((await list('user_ids=1')).body.data.total_count).toBe(1);
    expect((await list(`user_ids=1,${daveId}`)).body.data.total_count).toBe(3);
    expect((await list('action=MUSIC&status=FAILURE')).body.data.total_count).toBe(1);
    expect((await list('start_timestamp=1700000002&end_timestamp=1700000002')).body.data.total_count).toBe(1);
    expect((await list('user_ids=abc')).body.success).toBe(false);
    // gw sorts by status too (the console's status column sorts); other fields stay refused.
    const byStatus = await list('order=status,id');
    expect(byStatus.body.data.data.map((x: { status: string }) => x.status)).toEqual(
      [...byStatus.body.data.data.map((x: { status: string }) => x.status)].sort(),
    );
    expect((await list('order=fail_reason')).body.success).toBe(false);
  });

  it('lists only the caller’s tasks with channel 0, scrubbing user_id from Suno music data only', async () => {
    const mine = await call(t.app, 'GET', '/api/task/self/?order=submit_time', { cookie: dave });
    const rows = mine.body.data.data;
    expect(rows.map((x: { task_id: string }) => x.task_id)).toEqual(['task-1', 'task-2']);
    for (const row of rows) expect(row.channel_id).toBe(0);
    expect(rows[0].data).toEqual([{ id: 'clip-1', title: 'song', metadata: { tags: 'pop' } }]);
    expect(JSON.stringify(rows[0].data)).not.toContain('user_id');
    expect(rows[1].data).toEqual({ user_id: 'kept' });
    const byToken = await call(t.app, 'GET', '/api/task/self?token_id=9', { cookie: dave });
    expect(byToken.body.data.data.map((x: { task_id: string }) => x.task_id)).toEqual(['task-2']);
    const others = await call(t.app, 'GET', '/api/task/self?user_id=1&user_ids=1', { cookie: dave });
    expect(others.body.data.total_count).toBe(2);
  });
});
