// The shared log writer on every configured dialect: columns filled, defaults applied, floats refused.
import { LOG_TYPE } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { insertLog } from './logs.js';

describe.each(TEST_DIALECTS)('insertLog on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('writes a row with the given fields and column defaults for the rest, in a transaction too', async () => {
    await insertLog(t.app.gw.db, {
      userId: 1,
      type: LOG_TYPE.manage,
      content: 'quota +5',
      username: 'root',
      quota: 9_007_199_254_740_991,
      metadata: { remark: 'gift' },
      createdAt: 1_800_000_000,
    });
    await t.app.gw.db
      .transaction()
      .execute((trx) => insertLog(trx, { userId: 2, type: LOG_TYPE.system, content: 'welcome' }));
    const rows = await t.app.gw.db.selectFrom('logs').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      user_id: 1,
      type: 3,
      quota: 9_007_199_254_740_991,
      created_at: 1_800_000_000,
      token_name: '',
      is_stream: 0,
    });
    expect(JSON.parse(rows[0]?.metadata ?? 'null')).toEqual({ remark: 'gift' });
    expect(rows[1]).toMatchObject({ user_id: 2, type: 4, quota: 0, metadata: null });
    expect(rows[1]?.created_at).toBeGreaterThan(1_700_000_000);
  });

  it('refuses a quota that is not a whole number of points and writes nothing', async () => {
    const before = await t.app.gw.db.selectFrom('logs').select('id').execute();
    await expect(
      insertLog(t.app.gw.db, { userId: 1, type: LOG_TYPE.topup, content: 'x', quota: 1.5 }),
    ).rejects.toThrow(/integer/);
    expect(await t.app.gw.db.selectFrom('logs').select('id').execute()).toEqual(before);
  });
});
