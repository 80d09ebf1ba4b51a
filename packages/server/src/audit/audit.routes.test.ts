// The audit trail on every configured dialect (issue 15): channel, user, option, price, payment gateway and
// redemption changes are listed with who, when, from where and the changed fields before and after, with
// channel keys, passwords, tokens and gateway secrets masked; filters by actor, action, resource and time;
// the API only reads the trail; a sign-in lock is an entry too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelBody } from '../resources/channels/test-support/channels-test-support.js';
import { TEST_DIALECTS } from '../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../test-support/test-app.js';

describe.each(TEST_DIALECTS)('audit trail on %s', (kind) => {
  let t: TestApp;
  let root: string;

  const list = async (query: string) => {
    const reply = await call(t.app, 'GET', `/api/audit?order=-id&size=100&${query}`, { cookie: root });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
    // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary reply shapes.
    return reply.body.data.data as Array<Record<string, any>>;
  };
  const latest = async (action: string) => {
    const [entry] = await list(`action=${action}`);
    if (!entry) throw new Error(`no ${action} entry`);
    return entry;
  };
  const ok = async (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => {
    const reply = await call(t.app, method, url, { cookie: root, body });
    expect(reply.body, JSON.stringify(reply.body)).toMatchObject({ success: true });
    return reply.body.data;
  };

  beforeAll(async () => {
    // Two free failures per account, so the lock test below sets one quickly.
    t = await startTestApp(kind, { LOGIN_ACCOUNT_FAILURES: '2' });
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    await createUser(t.app, root, 'dave');
  });
  afterAll(() => t.close());

  it('records a channel created, edited (its key changed) and deleted, the key masked on every side', async () => {
    const [channel] = await ok(
      'POST',
      '/api/channel/',
      channelBody({ name: 'audited', key: 'sk-first-secret' }),
    );
    const created = await latest('channel.create');
    expect(created).toMatchObject({
      username: 'root',
      user_id: 1,
      ip: '127.0.0.1',
      resource: 'channel',
      resource_id: String(channel.id),
      success: true,
    });
    expect(created.changes.name).toEqual({ after: 'audited' });
    expect(created.changes.key).toEqual({ after: '***' });

    // A full edit (models sent) applies a new key.
    await ok('PUT', '/api/channel/', {
      ...channelBody({ name: 'renamed', key: 'sk-second-secret' }),
      id: channel.id,
    });
    const edited = await latest('channel.update');
    expect(edited.resource_id).toBe(String(channel.id));
    expect(edited.changes.name).toEqual({ before: 'audited', after: 'renamed' });
    // The key changed and shows as changed, its values masked.
    expect(edited.changes.key).toEqual({ before: '***', after: '***' });
    // Unchanged fields are not listed.
    expect(edited.changes.models).toBeUndefined();

    await ok('DELETE', `/api/channel/${channel.id}`);
    const deleted = await latest('channel.delete');
    expect(deleted.changes.name).toEqual({ before: 'renamed' });
    expect(deleted.changes.key).toEqual({ before: '***' });
    const text = JSON.stringify(await list('resource=channel'));
    expect(text).not.toContain('sk-first-secret');
    expect(text).not.toContain('sk-second-secret');
  });

  it('records each row a batch changes: channels deleted or edited by ids or by tag, prices by model', async () => {
    const [first] = await ok(
      'POST',
      '/api/channel/',
      channelBody({ name: 'batch-a', key: 'sk-batch-a', tag: 'bt' }),
    );
    const [second] = await ok(
      'POST',
      '/api/channel/',
      channelBody({ name: 'batch-b', key: 'sk-batch-b', tag: 'bt' }),
    );
    await ok('PUT', '/api/channel_tag/bt/priority', { type: 'priority', value: 7 });
    const priority = await latest('channel_tag.priority');
    expect(priority.resource_id).toBe('bt');
    expect(priority.changes[`${first.id}.priority`]).toEqual({ before: 0, after: 7 });
    expect(priority.changes[`${second.id}.priority`]).toEqual({ before: 0, after: 7 });
    expect(priority.changes[`${first.id}.name`]).toBeUndefined();

    await ok('DELETE', '/api/channel/batch', { ids: [first.id, second.id] });
    const deleted = await latest('channel.delete_batch');
    expect(deleted.resource_id).toBe(`${first.id},${second.id}`);
    expect(deleted.changes[`${first.id}.name`]).toEqual({ before: 'batch-a' });
    expect(deleted.changes[`${second.id}.name`]).toEqual({ before: 'batch-b' });
    // A key in a batch is masked like a single record's.
    expect(deleted.changes[`${first.id}.key`]).toEqual({ before: '***' });
    expect(JSON.stringify(deleted)).not.toContain('sk-batch-');

    const price = { type: 'tokens', channel_type: 1, input: 1, output: 2 };
    await ok('POST', '/api/prices/single', { model: 'batch-m1', ...price });
    await ok('POST', '/api/prices/single', { model: 'batch-m2', ...price });
    await ok('PUT', '/api/prices/multiple/delete', { models: ['batch-m1', 'batch-m2'] });
    const prices = await latest('price.delete_batch');
    expect(String(prices.changes['batch-m1.output'].before)).toBe('2');
    expect(prices.changes['batch-m2.model']).toEqual({ before: 'batch-m2' });
  });

  it("records a user's quota, role and status changes, the password hash and access token masked", async () => {
    const davesId = (
      await t.app.gw.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'dave')
        .executeTakeFirstOrThrow()
    ).id;
    await ok('POST', `/api/user/quota/${davesId}`, { quota: 5000, remark: 'gift' });
    const quota = await latest('user.quota');
    expect(quota.resource_id).toBe(String(davesId));
    expect(quota.changes.quota.after - quota.changes.quota.before).toBe(5000);

    await ok('POST', '/api/user/manage', { username: 'dave', action: 'promote' });
    expect((await latest('user.manage')).changes.role).toEqual({ before: 1, after: 10 });
    await ok('POST', '/api/user/manage', { username: 'dave', action: 'disable' });
    expect((await latest('user.manage')).changes.status).toEqual({ before: 1, after: 2 });
    await ok('POST', '/api/user/manage', { username: 'dave', action: 'enable' });

    await ok('PUT', '/api/user/', {
      id: davesId,
      username: 'dave',
      display_name: 'Dave',
      password: 'a-new-password-1',
    });
    const edited = await latest('user.update');
    expect(edited.changes.display_name).toEqual({ before: expect.any(String), after: 'Dave' });
    expect(edited.changes.password).toEqual({ before: '***', after: '***' });
    expect(JSON.stringify(edited)).not.toContain('a-new-password-1');
    expect(JSON.stringify(await list('resource=user'))).not.toMatch(/scrypt|\$s/);
  });

  it('records options by name, a secret option masked, and a refused value as a refused attempt', async () => {
    await ok('PUT', '/api/option/', { key: 'SystemName', value: 'Audited GW' });
    const renamed = await latest('option.update');
    expect(renamed).toMatchObject({ resource_id: 'SystemName', success: true });
    expect(renamed.changes.SystemName.after).toBe('Audited GW');

    await ok('PUT', '/api/option/', { key: 'SMTPToken', value: 'smtp-very-secret' });
    expect((await latest('option.update')).changes.SMTPToken).toMatchObject({ after: '***' });

    const refused = await call(t.app, 'PUT', '/api/option/', {
      cookie: root,
      body: { key: 'QuotaPerUnit', value: 'lots' },
    });
    expect(refused.body.success).toBe(false);
    const attempt = await latest('option.update');
    expect(attempt).toMatchObject({ resource_id: 'QuotaPerUnit', success: false, error: refused.body.code });
    expect(attempt.changes).toEqual({});
    expect(JSON.stringify(await list('resource=option'))).not.toContain('smtp-very-secret');
  });

  it('records prices, payment gateways (secrets in their config masked) and redemption codes created', async () => {
    await ok('POST', '/api/prices/single', {
      model: 'audit-model',
      type: 'tokens',
      channel_type: 1,
      input: 1,
      output: 2,
    });
    // Ratios are stored as decimal text.
    expect(String((await latest('price.create')).changes.output.after)).toBe('2');
    await ok('PUT', '/api/prices/single/audit-model', {
      model: 'audit-model',
      type: 'tokens',
      channel_type: 1,
      input: 3,
      output: 2,
    });
    const price = await latest('price.update');
    expect(price.resource_id).toBe('audit-model');
    expect(Object.keys(price.changes)).toEqual(['input']);
    expect(price.changes.input.before).not.toEqual(price.changes.input.after);

    const gateway = await ok('POST', '/api/payment/', {
      type: 'stripe',
      name: 'Card',
      icon: 'https://example.com/card.png',
      currency: 'USD',
      config: JSON.stringify({ secret_key: 'sk_live_hidden', webhook_secret: 'whsec_hidden' }),
    });
    const payment = await latest('payment.create');
    expect(payment.resource_id).toBe(String(gateway.id));
    expect(payment.changes.name).toEqual({ after: 'Card' });
    expect(payment.changes.config.after).toMatchObject({ secret_key: '***', webhook_secret: '***' });

    const codes = await ok('POST', '/api/redemption/', { name: 'promo', quota: 100, count: 2 });
    const redemption = await latest('redemption.create');
    expect(redemption.changes).toMatchObject({ name: { after: 'promo' }, count: { after: 2 } });
    const text = JSON.stringify(await list(''));
    for (const secret of ['sk_live_hidden', 'whsec_hidden', ...codes]) expect(text).not.toContain(secret);
  });

  it('filters by actor, action, resource, record and time, and pages', async () => {
    const all = await list('');
    expect(all.length).toBeGreaterThan(5);
    expect(new Set((await list('username=root')).map((entry) => entry.username))).toEqual(new Set(['root']));
    expect(await list('username=nobody')).toEqual([]);
    expect(new Set((await list('user_id=1')).map((entry) => entry.user_id))).toEqual(new Set([1]));
    expect(new Set((await list('resource=price')).map((entry) => entry.action))).toEqual(
      new Set(['price.create', 'price.update', 'price.delete_batch']),
    );
    expect((await list('resource_id=audit-model')).every((entry) => entry.resource === 'price')).toBe(true);
    const newest = all[0]?.created_at as number;
    expect((await list(`start_timestamp=${newest + 3600}`)).length).toBe(0);
    expect((await list(`end_timestamp=${newest - 3600}`)).length).toBe(0);
    expect((await list(`start_timestamp=${newest - 3600}&end_timestamp=${newest + 3600}`)).length).toBe(
      all.length,
    );
    const page = await call(t.app, 'GET', '/api/audit?size=2&page=2&order=id', { cookie: root });
    expect(page.body.data).toMatchObject({ page: 2, size: 2, total_count: all.length });
    expect(page.body.data.data.map((entry: { id: number }) => entry.id)).toEqual(
      all
        .map((entry) => entry.id)
        .sort((a, b) => a - b)
        .slice(2, 4),
    );
    expect((await call(t.app, 'GET', '/api/audit?order=ip', { cookie: root })).body.success).toBe(false);
  });

  it('is read-only through the API and closed to common users', async () => {
    const before = (await list('')).length;
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const reply = await call(t.app, method, '/api/audit', {
        cookie: root,
        body: method === 'DELETE' ? undefined : {},
      });
      expect(reply.status).toBe(404);
      expect(reply.body.success).toBe(false);
    }
    expect((await list('')).length).toBe(before);
    const user = await createUser(t.app, root, 'erin');
    const refused = await call(t.app, 'GET', '/api/audit', { cookie: user });
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('records the sign-in lock that back-off sets, with the account and the address, never an unknown name', async () => {
    const failTimes = async (username: string) => {
      for (let attempt = 0; attempt < 3; attempt += 1) {
        await call(t.app, 'POST', '/api/user/login', { body: { username, password: 'wrong-password' } });
      }
    };
    await failTimes('dave');
    const lock = await latest('login.lock');
    expect(lock).toMatchObject({
      resource: 'login',
      resource_id: 'dave',
      user_id: 0,
      username: '',
      ip: '127.0.0.1',
    });
    expect(lock.changes.account_lock_seconds.after).toBeGreaterThan(0);
    expect(lock.changes.unknown_account).toBeUndefined();

    // A name that is no account (often a password typed in the wrong field) is not kept.
    await failTimes('hunter2-typed-here');
    const unknown = await latest('login.lock');
    expect(unknown.id).not.toBe(lock.id);
    expect(unknown).toMatchObject({ resource_id: '', ip: '127.0.0.1' });
    expect(unknown.changes.unknown_account).toEqual({ after: true });
    expect(JSON.stringify(await list('resource=login'))).not.toContain('hunter2');
  });
});
