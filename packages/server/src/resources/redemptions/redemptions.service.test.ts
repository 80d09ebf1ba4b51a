// The after-credit hook (group promotion plugs in here): called once per credit, never on a refusal, and
// a failing hook leaves the credit standing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../shared/auth-user.js';
import { ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import { createRedemptionsRepository } from './redemptions.repository.js';
import { createRedemptionsService } from './redemptions.service.js';

describe('redemption service hooks', () => {
  let t: TestApp;
  let root: AuthUser;

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    await signIn(t.app, 'root', ROOT_PASSWORD);
    root = (await t.app.gw.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'root')
      .executeTakeFirstOrThrow()) as AuthUser;
  });
  afterAll(() => t.close());

  it('calls afterCredit once per credit with the user id, and not on a refused redeem', async () => {
    const credited: number[] = [];
    const service = createRedemptionsService(createRedemptionsRepository(t.app.gw.db), t.app.gw.options, {
      afterCredit: (userId) => {
        credited.push(userId);
      },
    });
    const [key] = await service.create(root, { name: 'hook', quota: 5, count: 1 });
    expect(await service.redeemCode(root, key ?? '', '127.0.0.1')).toBe(5);
    await expect(service.redeemCode(root, key ?? '', '127.0.0.1')).rejects.toMatchObject({
      messageKey: 'redemptions.errors.redeem_used',
    });
    expect(credited).toEqual([root.id]);
  });

  it('keeps the credit and reports the error when the hook fails', async () => {
    const errors: unknown[] = [];
    const service = createRedemptionsService(createRedemptionsRepository(t.app.gw.db), t.app.gw.options, {
      afterCredit: () => {
        throw new Error('promotion failed');
      },
      onHookError: (error) => errors.push(error),
    });
    const before = (
      await t.app.gw.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', root.id)
        .executeTakeFirstOrThrow()
    ).quota;
    const [key] = await service.create(root, { name: 'hook2', quota: 9, count: 1 });
    expect(await service.redeemCode(root, key ?? '', '127.0.0.1')).toBe(9);
    const after = (
      await t.app.gw.db
        .selectFrom('users')
        .select('quota')
        .where('id', '=', root.id)
        .executeTakeFirstOrThrow()
    ).quota;
    expect(after).toBe(before + 9);
    expect(errors).toHaveLength(1);
  });
});
