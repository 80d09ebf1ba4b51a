// 50 parallel quota changes on one user, on every configured dialect: the final balance is the start
// plus exactly the changes that were applied, no applied change took the balance below zero, and every
// applied change has its one log row.
import { LOG_TYPE } from '@gw/core';
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

const START = 1_000;

/** 50 deltas: 25 credits of 7…31 and 25 debits of 100…340, so some debits must be refused. */
function deltas(): number[] {
  const list: number[] = [];
  for (let i = 0; i < 25; i += 1) list.push(7 + i, -(100 + i * 10));
  return list;
}

describe.each(TEST_DIALECTS)('parallel quota changes on %s', (kind) => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await createUser(t.app, root, 'target');
  });
  afterAll(() => t.close());

  it('Given 50 mixed changes at once, Then none is lost and none goes below zero', async () => {
    const user = await t.app.gw.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'target')
      .executeTakeFirstOrThrow();
    await t.app.gw.db.updateTable('users').set({ quota: START }).where('id', '=', user.id).execute();
    const changes = deltas();
    const replies = await Promise.all(
      changes.map((quota, index) =>
        call(t.app, 'POST', `/api/user/quota/${user.id}`, {
          cookie: root,
          body: { quota, remark: `#${index}` },
        }),
      ),
    );
    const applied = changes.filter((_, index) => replies[index]?.body.success === true);
    const refused = replies.filter((reply) => reply.body.success !== true);
    // Every refusal is the balance rule, never an error of the database.
    for (const reply of refused) expect(reply.body.message).toBe('不能扣除超过用户余额的额度');
    expect(refused.length).toBeGreaterThan(0);
    expect(applied.some((delta) => delta < 0)).toBe(true);

    const final = await t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(final.quota)).toBe(START + applied.reduce((sum, delta) => sum + delta, 0));
    expect(Number(final.quota)).toBeGreaterThanOrEqual(0);

    // The logs replay the applied changes in commit order: the balance after each is never negative.
    const logs = await t.app.gw.db
      .selectFrom('logs')
      .select(['quota', 'content'])
      .where('user_id', '=', user.id)
      .where('type', '=', LOG_TYPE.manage)
      .orderBy('id')
      .execute();
    expect(logs.map((log) => Number(log.quota)).sort((a, b) => a - b)).toEqual(
      [...applied].sort((a, b) => a - b),
    );
    let balance = START;
    for (const log of logs) {
      balance += Number(log.quota);
      expect(balance).toBeGreaterThanOrEqual(0);
      expect(log.content).toContain(`→ ${balance}`);
    }
  });
});
