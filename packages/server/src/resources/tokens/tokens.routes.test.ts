// Token routes (contract §1.6) on every configured dialect: paging, sorting, ownership, status, refusals.
import { nowSeconds, tokenSchema } from '@gw/core';
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

describe.each(TEST_DIALECTS)('tokens on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;
  let bob: string;

  const rows = () => tokenRows(t.app);
  const create = (cookie: string, body: Record<string, unknown>) => createTokenAs(t.app, cookie, body);

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
    bob = await createUser(t.app, root, 'bob');
  });
  afterAll(() => t.close());

  it('Given a new token, When created, Then gw answers with it, key in the signed 59-character format', async () => {
    const token = await create(alice, { name: 'first', remain_quota: 1000, expired_time: 0 });
    expect(token.name).toBe('first');
    expect(token.status).toBe(1);
    expect(token.expired_time).toBe(-1);
    expect(token.remain_quota).toBe(1000);
    expect(token.key).toMatch(/^[A-Za-z0-9]{15}_[A-Za-z0-9_-]{43}$/);
    const [row] = (await rows()).filter((r) => r.id === token.id);
    expect(row?.key).toBe(token.key);
    expect(typeof row?.remain_quota).toBe('number');
  });

  it('lists only the caller’s tokens, paged, newest first by default', async () => {
    for (const name of ['alpha', 'beta', 'gamma_1', 'gammaX']) await create(alice, { name });
    await create(bob, { name: 'bobs' });
    const page = await call(t.app, 'GET', '/api/token/?page=1&size=2', { cookie: alice });
    expect(page.body.success).toBe(true);
    expect(page.body.data.size).toBe(2);
    expect(page.body.data.page).toBe(1);
    expect(page.body.data.total_count).toBe(5);
    expect(page.body.data.data.map((x: { name: string }) => x.name)).toEqual(['gammaX', 'gamma_1']);
    const second = await call(t.app, 'GET', '/api/token?page=3&size=2', { cookie: alice });
    expect(second.body.data.data.map((x: { name: string }) => x.name)).toEqual(['first']);
  });

  it('sorts by whitelisted fields and refuses others', async () => {
    const byName = await call(t.app, 'GET', '/api/token/?order=name&size=10', { cookie: alice });
    expect(byName.body.data.data.map((x: { name: string }) => x.name)).toEqual(
      ['alpha', 'beta', 'first', 'gammaX', 'gamma_1'].sort((a, b) => (a < b ? -1 : 1)),
    );
    const bad = await call(t.app, 'GET', '/api/token/?order=key', { cookie: alice });
    expect(bad.body).toMatchObject({ success: false, message: "不允许对字段 'key' 进行排序" });
  });

  it('refuses a page size above 100 and treats size < 1 as 10', async () => {
    const big = await call(t.app, 'GET', '/api/token/?size=101', { cookie: alice });
    expect(big.body.success).toBe(false);
    expect(big.body.message).toContain('100');
    const zero = await call(t.app, 'GET', '/api/token/?size=0&page=0', { cookie: alice });
    expect(zero.body.data).toMatchObject({ size: 10, page: 1 });
  });

  it('matches the keyword as a name prefix with LIKE wildcards taken literally', async () => {
    const names = async (keyword: string) =>
      (
        await call(t.app, 'GET', `/api/token/?keyword=${encodeURIComponent(keyword)}`, { cookie: alice })
      ).body.data.data
        .map((x: { name: string }) => x.name)
        .sort();
    expect(await names('gamma')).toEqual(['gammaX', 'gamma_1']);
    expect(await names('gamma_')).toEqual(['gamma_1']);
    expect(await names('%')).toEqual([]);
    expect(await names('lpha')).toEqual([]);
  });

  it('keeps other users out: B cannot read, edit, disable or delete A’s token', async () => {
    const token = await create(alice, { name: 'private' });
    const before = await rows();
    const read = await call(t.app, 'GET', `/api/token/${token.id}`, { cookie: bob });
    expect(read.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const edit = await call(t.app, 'PUT', '/api/token/', {
      cookie: bob,
      body: { id: token.id, name: 'stolen' },
    });
    expect(edit.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const status = await call(t.app, 'PUT', '/api/token/?status_only=1', {
      cookie: bob,
      body: { id: token.id, status: 2 },
    });
    expect(status.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const del = await call(t.app, 'DELETE', `/api/token/${token.id}`, { cookie: bob });
    expect(del.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(await rows()).toEqual(before);
    const own = await call(t.app, 'GET', `/api/token/${token.id}`, { cookie: alice });
    expect(own.body.data.name).toBe('private');
  });

  it('edits every field with a full PUT and answers with the updated token', async () => {
    const token = await create(alice, { name: 'editable' });
    const expiry = nowSeconds() + 3600;
    const reply = await call(t.app, 'PUT', '/api/token/', {
      cookie: alice,
      body: {
        id: token.id,
        name: ' renamed ',
        remain_quota: 42,
        unlimited_quota: true,
        expired_time: expiry,
        group: '',
        backup_group: 'default',
        setting: { heartbeat: { enabled: true, timeout_seconds: 60 } },
      },
    });
    expect(reply.body.success).toBe(true);
    const updated = tokenSchema.parse(reply.body.data);
    expect(updated).toMatchObject({
      name: 'renamed',
      remain_quota: 42,
      unlimited_quota: true,
      expired_time: expiry,
    });
    expect(updated.backup_group).toBe('default');
    expect(updated.setting.heartbeat).toEqual({ enabled: true, timeout_seconds: 60 });
    expect(updated.key).toBe(token.key);
  });

  it('applies only the status with status_only, and refuses enabling an expired or exhausted token', async () => {
    const token = await create(alice, { name: 'toggle', remain_quota: 5 });
    const off = await call(t.app, 'PUT', '/api/token/?status_only=true', {
      cookie: alice,
      body: { id: token.id, status: 2, name: 'ignored' },
    });
    expect(off.body.data).toMatchObject({ status: 2, name: 'toggle' });
    const on = await call(t.app, 'PUT', '/api/token/?status_only=1', {
      cookie: alice,
      body: { id: token.id, status: 1 },
    });
    expect(on.body.data.status).toBe(1);

    const past = nowSeconds() - 100;
    await t.app.gw.db
      .updateTable('tokens')
      .set({ status: 3, expired_time: past })
      .where('id', '=', token.id)
      .execute();
    const expired = await call(t.app, 'PUT', '/api/token/?status_only=1', {
      cookie: alice,
      body: { id: token.id, status: 1 },
    });
    expect(expired.body.success).toBe(false);
    expect(expired.body.message).toContain('令牌已过期');
    await t.app.gw.db
      .updateTable('tokens')
      .set({ status: 4, expired_time: -1, remain_quota: 0 })
      .where('id', '=', token.id)
      .execute();
    const exhausted = await call(t.app, 'PUT', '/api/token/?status_only=1', {
      cookie: alice,
      body: { id: token.id, status: 1 },
    });
    expect(exhausted.body.success).toBe(false);
    expect(exhausted.body.message).toContain('额度已用尽');
    const row = (await rows()).find((r) => r.id === token.id);
    expect(row?.status).toBe(4);
    const badStatus = await call(t.app, 'PUT', '/api/token/?status_only=1', {
      cookie: alice,
      body: { id: token.id, status: 3 },
    });
    expect(badStatus.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
  });

  it('deletes the caller’s own token', async () => {
    const token = await create(alice, { name: 'doomed' });
    const reply = await call(t.app, 'DELETE', `/api/token/${token.id}`, { cookie: alice });
    expect(reply.body).toEqual({ success: true, message: '' });
    expect((await rows()).some((r) => r.id === token.id)).toBe(false);
    const again = await call(t.app, 'DELETE', `/api/token/${token.id}`, { cookie: alice });
    expect(again.body.code).toBe('NOT_FOUND');
  });

  it('creates the playground token once: unlimited, never expiring, same key each time', async () => {
    const first = await call(t.app, 'GET', '/api/token/playground', { cookie: bob });
    const second = await call(t.app, 'GET', '/api/token/playground/', { cookie: bob });
    expect(first.body.success).toBe(true);
    expect(first.body.data).toBe(second.body.data);
    const playground = (await rows()).filter((r) => r.name === 'sys_playground');
    expect(playground).toHaveLength(1);
    expect(playground[0]).toMatchObject({
      unlimited_quota: 1,
      expired_time: -1,
      status: 1,
      key: first.body.data,
    });
  });
});
