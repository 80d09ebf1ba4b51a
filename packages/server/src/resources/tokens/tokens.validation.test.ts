// Token write rules on every configured dialect: billing_tag by role, refused bodies that store nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createTokenAs,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
  tokenRows,
} from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('token validation on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;

  const rows = () => tokenRows(t.app);
  const create = (cookie: string, body: Record<string, unknown>) => createTokenAs(t.app, cookie, body);

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
  });
  afterAll(() => t.close());

  it('shows and stores billing_tag only for role ≥ 3, and preserves it on a common user’s update', async () => {
    const mine = await create(alice, { name: 'tagged', setting: { billing_tag: 'vip' } });
    expect(mine.setting.billing_tag).toBeUndefined();
    const stored = (await rows()).find((r) => r.id === mine.id);
    expect(JSON.parse(stored?.setting ?? '{}').billing_tag).toBeUndefined();

    const rootToken = await create(root, { name: 'root-tag', setting: { billing_tag: 'vip' } });
    expect(rootToken.setting.billing_tag).toBe('vip');

    // A tag set by staff survives a common user's edit and stays hidden from them.
    await t.app.gw.db
      .updateTable('tokens')
      .set({ setting: JSON.stringify({ billing_tag: 'staff-set' }) })
      .where('id', '=', mine.id)
      .execute();
    const edited = await call(t.app, 'PUT', '/api/token/', {
      cookie: alice,
      body: { id: mine.id, name: 'tagged2', setting: { billing_tag: 'hacked' } },
    });
    expect(edited.body.data.setting.billing_tag).toBeUndefined();
    const after = (await rows()).find((r) => r.id === mine.id);
    expect(JSON.parse(after?.setting ?? '{}').billing_tag).toBe('staff-set');
  });

  it.each([
    ['a wrong type', { name: 'x', remain_quota: 'lots' }, 'remain_quota'],
    ['a missing name', { remain_quota: 1 }, 'name'],
    ['a name over 30 bytes', { name: '令牌令牌令牌令牌令牌令' }, 'name'],
    ['a negative quota', { name: 'x', remain_quota: -1 }, 'remain_quota'],
    [
      'a heartbeat out of range',
      { name: 'x', setting: { heartbeat: { enabled: true, timeout_seconds: 5 } } },
      'setting.heartbeat.timeout_seconds',
    ],
    [
      'a bad IP',
      { name: 'x', setting: { limits: { limits_ip_setting: { enabled: true, whitelist: ['1.2.3.999'] } } } },
      'setting.limits.limits_ip_setting.whitelist.0',
    ],
    ['an expiry in the past', { name: 'x', expired_time: 1000 }, 'expired_time'],
    ['an unknown group', { name: 'x', group: 'vip' }, 'group'],
  ])('refuses %s with a clear message and stores nothing', async (_label, body, field) => {
    const before = await rows();
    const reply = await call(t.app, 'POST', '/api/token/', { cookie: alice, body });
    expect(reply.body.success).toBe(false);
    expect(reply.body.code).toBe('VALIDATION_FAILED');
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(reply.body.message.length).toBeGreaterThan(3);
    expect(reply.body.message).not.toMatch(/validation\./);
    expect(await rows()).toEqual(before);
  });

  it('refuses a bad full edit and changes nothing', async () => {
    const token = await create(alice, { name: 'stable', remain_quota: 7 });
    const before = await rows();
    const reply = await call(t.app, 'PUT', '/api/token/', {
      cookie: alice,
      body: { id: token.id, name: '', remain_quota: -5 },
    });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['name', 'remain_quota']);
    expect(await rows()).toEqual(before);
  });

  it('answers in the caller’s language', async () => {
    const reply = await call(t.app, 'POST', '/api/token/', {
      cookie: alice,
      body: { name: 'x', remain_quota: -1 },
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(reply.body.message).toBe('remain_quota cannot be below 0');
  });

  it('refuses malformed JSON clearly', async () => {
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      headers: { cookie: alice, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(JSON.parse(reply.body)).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: '无效的 JSON',
    });
  });
});
