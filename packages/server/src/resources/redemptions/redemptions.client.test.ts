// Core's redemption calls against a real gw server on loopback, every reply parsed with its schema.
import {
  type ApiClient,
  createRedemptions,
  deleteRedemption,
  GwApiError,
  getRedemption,
  listRedemptions,
  redeemCode,
  setRedemptionStatus,
  updateRedemption,
} from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, ROOT_PASSWORD, signIn, type TestApp } from '../../test-support/test-app.js';
import { startClientApp } from '../../test-support/client-app.js';

describe('core redemption client against gw', () => {
  let t: TestApp;
  let admin: ApiClient;
  let user: ApiClient;

  beforeAll(async () => {
    const started = await startClientApp();
    ({ t, client: admin } = started);
    const rootCookie = await signIn(t.app, 'root', ROOT_PASSWORD);
    await call(t.app, 'POST', '/api/user/', {
      cookie: rootCookie,
      body: { username: 'erin', password: 'password-123' },
    });
    user = await started.signInClient('erin', 'password-123');
  });
  afterAll(() => t.close());

  it('creates, lists, reads, edits, toggles, redeems and deletes codes', async () => {
    const keys = await createRedemptions(admin, { name: 'client', quota: 300, count: 2 });
    expect(keys).toHaveLength(2);
    const page = await listRedemptions(admin, { keyword: 'client', order: 'id' });
    expect(page.data.map((code) => code.key)).toEqual(keys);
    const id = page.data[0]?.id ?? 0;
    expect((await getRedemption(admin, id)).quota).toBe(300);
    expect((await updateRedemption(admin, { id, name: 'renamed', quota: 400 })).name).toBe('renamed');
    expect((await setRedemptionStatus(admin, id, 2)).status).toBe(2);
    expect((await setRedemptionStatus(admin, id, 1)).status).toBe(1);

    expect(await redeemCode(user, keys[0] ?? '')).toBe(400);
    await expect(redeemCode(user, keys[0] ?? '')).rejects.toBeInstanceOf(GwApiError);
    expect((await getRedemption(admin, id)).status).toBe(3);

    await deleteRedemption(admin, id);
    await expect(getRedemption(admin, id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('checks input before sending it', () => {
    expect(() => createRedemptions(admin, { name: 'x', count: 0 })).toThrow(/count_range/);
  });
});
