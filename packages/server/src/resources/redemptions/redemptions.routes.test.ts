// Redemption routes on every configured dialect: admin CRUD, keyword search, status rules and redeeming.
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

describe.each(TEST_DIALECTS)('redemption routes on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;

  const create = async (body: Record<string, unknown>): Promise<string[]> => {
    const reply = await call(t.app, 'POST', '/api/redemption/', { cookie: root, body });
    expect(reply.body).toMatchObject({ success: true });
    return reply.body.data;
  };
  const idOf = async (key: string): Promise<number> => {
    const row = await t.app.gw.db
      .selectFrom('redemptions')
      .select('id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const quotaOf = async (username: string): Promise<number> => {
    const row = await t.app.gw.db
      .selectFrom('users')
      .select('quota')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.quota;
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
  });
  afterAll(() => t.close());

  it('creates count codes of 32 hex characters, lists, searches and reads them', async () => {
    // Given three codes named "batch" and one named "other"
    const keys = await create({ name: 'batch', quota: 500, count: 3 });
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(3);
    const [other] = await create({ name: 'other' });

    // When the admin lists by name prefix, then by id
    const byName = await call(t.app, 'GET', '/api/redemption/?keyword=bat&order=id', { cookie: root });
    expect(byName.body.data.total_count).toBe(3);
    expect(byName.body.data.data.map((r: { key: string }) => r.key)).toEqual(keys);
    const otherId = await idOf(other ?? '');
    const byId = await call(t.app, 'GET', `/api/redemption?keyword=${otherId}`, { cookie: root });
    expect(byId.body.data.data.map((r: { id: number }) => r.id)).toContain(otherId);

    // Then one code reads back with the contract's fields (quota defaults to 100, count 0 in replies)
    const one = await call(t.app, 'GET', `/api/redemption/${otherId}`, { cookie: root });
    expect(one.body.data).toMatchObject({
      id: otherId,
      name: 'other',
      quota: 100,
      status: 1,
      redeemed_time: 0,
      count: 0,
    });
    expect(one.body.data.user_id).toBe(1);
  });

  it('sorts by the whitelisted fields and refuses others', async () => {
    const sorted = await call(t.app, 'GET', '/api/redemption/?order=-quota,name', { cookie: root });
    const quotas = sorted.body.data.data.map((r: { quota: number }) => r.quota);
    expect(quotas).toEqual([...quotas].sort((a, b) => b - a));
    const refused = await call(t.app, 'GET', '/api/redemption/?order=key', { cookie: root });
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.message).toContain('key');
    const tooBig = await call(t.app, 'GET', '/api/redemption/?size=101', { cookie: root });
    expect(tooBig.body.success).toBe(false);
  });

  it('edits name and quota, toggles status, and deletes', async () => {
    const [key] = await create({ name: 'edit-me', quota: 10 });
    const id = await idOf(key ?? '');
    const edited = await call(t.app, 'PUT', '/api/redemption/', {
      cookie: root,
      body: { id, name: 'edited', quota: 0 },
    });
    expect(edited.body.data).toMatchObject({ id, name: 'edited', quota: 0, status: 1 });

    // status_only applies the status and nothing else from the body
    const disabled = await call(t.app, 'PUT', '/api/redemption/?status_only=true', {
      cookie: root,
      body: { id, status: 2, name: 'ignored', quota: 999 },
    });
    expect(disabled.body.data).toMatchObject({ id, name: 'edited', quota: 0, status: 2 });

    const removed = await call(t.app, 'DELETE', `/api/redemption/${id}`, { cookie: root });
    expect(removed.body).toEqual({ success: true, message: '' });
    const gone = await call(t.app, 'GET', `/api/redemption/${id}`, { cookie: root });
    expect(gone.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const again = await call(t.app, 'DELETE', `/api/redemption/${id}`, { cookie: root });
    expect(again.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('redeems a code once: credits the quota, marks it used and writes one top-up log', async () => {
    const [key] = await create({ name: 'gift', quota: 1234 });
    const before = await quotaOf('alice');
    const redeemed = await call(t.app, 'POST', '/api/user/topup', {
      cookie: alice,
      body: { key },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(redeemed.body).toEqual({ success: true, message: '', data: 1234 });
    expect(await quotaOf('alice')).toBe(before + 1234);

    const row = await t.app.gw.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', key ?? '')
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
    expect(row.redeemed_time).toBeGreaterThan(0);
    const logs = await t.app.gw.db.selectFrom('logs').selectAll().where('type', '=', 1).execute();
    const mine = logs.filter((log) => log.username === 'alice' && log.quota === 1234);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.content).toContain('兑换码');
    expect(mine[0]?.source_ip).not.toBe('');

    // A second redeem is refused with the contract's wrapped message, and nothing changes
    const second = await call(t.app, 'POST', '/api/user/topup', { cookie: alice, body: { key } });
    expect(second.body).toMatchObject({ success: false, message: '兑换失败，该兑换码已被使用' });
    expect(await quotaOf('alice')).toBe(before + 1234);

    // A used code can no longer be toggled back to unused
    const reenable = await call(t.app, 'PUT', '/api/redemption/?status_only=true', {
      cookie: root,
      body: { id: row.id, status: 1 },
    });
    expect(reenable.body.success).toBe(false);
    expect(
      (
        await t.app.gw.db
          .selectFrom('redemptions')
          .select('status')
          .where('id', '=', row.id)
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(3);
  });

  it('refuses unknown and disabled codes with the contract’s messages', async () => {
    const unknown = await call(t.app, 'POST', '/api/user/topup', {
      cookie: alice,
      body: { key: 'f'.repeat(32) },
    });
    expect(unknown.body).toMatchObject({ success: false, message: '兑换失败，无效的兑换码' });
    const [key] = await create({ name: 'off' });
    await call(t.app, 'PUT', '/api/redemption/?status_only=true', {
      cookie: root,
      body: { id: await idOf(key ?? ''), status: 2 },
    });
    const before = await quotaOf('alice');
    const disabled = await call(t.app, 'POST', '/api/user/topup', { cookie: alice, body: { key } });
    expect(disabled.body).toMatchObject({ success: false, message: '兑换失败，该兑换码已被使用' });
    expect(await quotaOf('alice')).toBe(before);
    const english = await call(t.app, 'POST', '/api/user/topup', {
      cookie: alice,
      body: { key: 'nope' },
      headers: { 'accept-language': 'en-US' },
    });
    expect(english.body.message).toBe('Redemption failed: invalid code');
  });
});
