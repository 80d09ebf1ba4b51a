// Group promotion after a top-up (contract §2.8), through the real routes on every configured dialect.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from './test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from './test-support/test-app.js';

const DOLLAR = 500_000;

describe.each(TEST_DIALECTS)('group promotion on %s', (kind) => {
  let t: TestApp;
  let root: string;

  const ok = async (method: 'POST' | 'PUT', url: string, body: unknown, cookie = root) => {
    const reply = await call(t.app, method, url, { cookie, body });
    expect(reply.body, `${method} ${url}`).toMatchObject({ success: true });
    return reply.body.data;
  };
  const groupOf = async (username: string) =>
    (
      await t.app.gw.db
        .selectFrom('users')
        .select('group')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).group;
  const redeem = async (cookie: string, dollars: number) => {
    const [key] = await ok('POST', '/api/redemption/', { name: 'promo', quota: dollars * DOLLAR, count: 1 });
    await ok('POST', '/api/user/topup', { key }, cookie);
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    const group = { ratio: 1, public: false, api_rate: 60, promotion: true };
    await ok('POST', '/api/user_group/', { ...group, symbol: 'silver', name: 'Silver', min: 5, max: 20 });
    await ok('POST', '/api/user_group/', { ...group, symbol: 'gold', name: 'Gold', min: 20, max: 0 });
    await ok('POST', '/api/user_group/', {
      ...group,
      symbol: 'vip',
      name: 'VIP',
      promotion: false,
      min: 0,
      max: 0,
    });
  });
  afterAll(() => t.close());

  it('moves a user up as cumulative top-ups reach each range, the highest min winning', async () => {
    const amy = await createUser(t.app, root, 'amy');
    await redeem(amy, 2);
    expect(await groupOf('amy')).toBe('default');
    await redeem(amy, 3);
    expect(await groupOf('amy')).toBe('silver');
    await redeem(amy, 15);
    expect(await groupOf('amy')).toBe('gold');
  });

  it('leaves a group the operator set by hand alone', async () => {
    const ben = await createUser(t.app, root, 'ben');
    await t.app.gw.db.updateTable('users').set({ group: 'vip' }).where('username', '=', 'ben').execute();
    await redeem(ben, 30);
    expect(await groupOf('ben')).toBe('vip');
  });
});
