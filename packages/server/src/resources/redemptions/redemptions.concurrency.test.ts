// The redeem is atomic on every configured dialect: 50 parallel redeems of one code credit it exactly once.
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

const PARALLEL = 50;

describe.each(TEST_DIALECTS)('concurrent redeems on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let bob: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    bob = await createUser(t.app, root, 'bob');
  });
  afterAll(() => t.close());

  it('credits one code once when 50 redeems are in flight at the same time', async () => {
    // Given one unused code worth 777 and bob's balance
    const created = await call(t.app, 'POST', '/api/redemption/', {
      cookie: root,
      body: { name: 'race', quota: 777 },
    });
    const [key] = created.body.data as string[];
    const balance = async () =>
      (
        await t.app.gw.db
          .selectFrom('users')
          .select('quota')
          .where('username', '=', 'bob')
          .executeTakeFirstOrThrow()
      ).quota;
    const before = await balance();

    // When 50 redeems of that code are sent at once
    const replies = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        call(t.app, 'POST', '/api/user/topup', { cookie: bob, body: { key } }),
      ),
    );

    // Then exactly one succeeded with the code's quota, the rest were told it is used
    const successes = replies.filter((reply) => reply.body.success === true);
    expect(successes).toHaveLength(1);
    expect(successes[0]?.body.data).toBe(777);
    const refusals = replies.filter((reply) => reply.body.success === false);
    expect(refusals).toHaveLength(PARALLEL - 1);
    for (const refusal of refusals) expect(refusal.body.message).toBe('兑换失败，该兑换码已被使用');
    // …bob's balance rose by the quota once, and one top-up log was written
    expect(await balance()).toBe(before + 777);
    const logs = await t.app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 1)
      .where('username', '=', 'bob')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]?.quota).toBe(777);
  });
});
