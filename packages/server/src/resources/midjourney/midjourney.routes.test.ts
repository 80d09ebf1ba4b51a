// Midjourney lists on every configured dialect: admin filters in milliseconds, self scoping and hiding.
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

const MS = 1_700_000_000_000;

describe.each(TEST_DIALECTS)('midjourney lists on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let carol: string;
  let carolId: number;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    carol = await createUser(t.app, root, 'carol');
    carolId = (
      await t.app.gw.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'carol')
        .executeTakeFirstOrThrow()
    ).id;
    const job = (n: number, values: Record<string, unknown>) => ({
      code: 1,
      user_id: carolId,
      action: 'IMAGINE',
      mj_id: `mj-${n}`,
      prompt: `a cat ${n}`,
      prompt_en: '',
      description: '',
      state: '',
      submit_time: MS + n * 1000,
      start_time: MS + n * 1000 + 10,
      finish_time: MS + n * 1000 + 5000,
      image_url: '',
      status: 'SUCCESS',
      progress: '100%',
      fail_reason: '',
      channel_id: 7,
      quota: 100,
      buttons: '[]',
      properties: '{}',
      mode: '',
      token_id: 3,
      ...values,
    });
    await t.app.gw.db
      .insertInto('midjourneys')
      .values([job(1, {}), job(2, { mode: 'fast', token_id: 4 }), job(3, { user_id: 1, channel_id: 8 })])
      .execute();
  });
  afterAll(() => t.close());

  it('lists every job to admins with channel, mj_id and millisecond time filters', async () => {
    const all = await call(t.app, 'GET', '/api/mj/?order=-submit_time&channel_id=', { cookie: root });
    expect(all.body.data.data.map((j: { mj_id: string }) => j.mj_id)).toEqual(['mj-3', 'mj-2', 'mj-1']);
    expect(all.body.data.data[2]).toMatchObject({ channel_id: 7, submit_time: MS + 1000, progress: '100%' });
    expect(all.body.data.data[2]).not.toHaveProperty('mode');
    expect(all.body.data.data[1].mode).toBe('fast');
    const byChannel = await call(t.app, 'GET', '/api/mj?channel_id=8', { cookie: root });
    expect(byChannel.body.data.data.map((j: { mj_id: string }) => j.mj_id)).toEqual(['mj-3']);
    const byId = await call(t.app, 'GET', '/api/mj/?mj_id=mj-2', { cookie: root });
    expect(byId.body.data.total_count).toBe(1);
    const byTime = await call(
      t.app,
      'GET',
      `/api/mj/?start_timestamp=${MS + 1500}&end_timestamp=${MS + 2500}`,
      {
        cookie: root,
      },
    );
    expect(byTime.body.data.data.map((j: { mj_id: string }) => j.mj_id)).toEqual(['mj-2']);
    const refused = await call(t.app, 'GET', '/api/mj/?order=prompt', { cookie: root });
    expect(refused.body.success).toBe(false);
  });

  it('lists only the caller’s jobs in the self list, with channel_id 0 and a token filter', async () => {
    const mine = await call(t.app, 'GET', '/api/mj/self/', { cookie: carol });
    expect(mine.body.data.total_count).toBe(2);
    for (const job of mine.body.data.data) {
      expect(job.user_id).toBe(carolId);
      expect(job.channel_id).toBe(0);
    }
    const byToken = await call(t.app, 'GET', '/api/mj/self?token_id=4', { cookie: carol });
    expect(byToken.body.data.data.map((j: { mj_id: string }) => j.mj_id)).toEqual(['mj-2']);
    // A channel filter is not part of the self list: it is ignored, never used to reach other rows.
    const sneaky = await call(t.app, 'GET', '/api/mj/self?channel_id=8', { cookie: carol });
    expect(sneaky.body.data.total_count).toBe(2);
  });
});
