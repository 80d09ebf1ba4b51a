// Self-service routes on every configured dialect: the invitation code, unbinding, and the bad-input
// table of the profile edit.
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

describe.each(TEST_DIALECTS)('self routes on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let user: string;
  const rowOf = (username: string) =>
    t.app.gw.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    user = await createUser(t.app, root, 'selfie');
  });
  afterAll(() => t.close());

  it('creates a 4-character invitation code on the first call and keeps it', async () => {
    expect((await rowOf('selfie')).aff_code).toBe('');
    const first = await call(t.app, 'GET', '/api/user/aff', { cookie: user });
    expect(first.body.data).toMatch(/^[0-9A-Za-z]{4}$/);
    expect((await rowOf('selfie')).aff_code).toBe(first.body.data);
    const second = await call(t.app, 'GET', '/api/user/aff', { cookie: user });
    expect(second.body.data).toBe(first.body.data);
    const self = await call(t.app, 'GET', '/api/user/self', { cookie: user });
    expect(self.body.data.aff_code).toBe(first.body.data);
  });

  it('gives every user a different code, and the database refuses a second user with the same code', async () => {
    const codes = new Set<string>();
    for (const name of ['aff1', 'aff2', 'aff3', 'aff4']) {
      const cookie = await createUser(t.app, root, name);
      codes.add((await call(t.app, 'GET', '/api/user/aff', { cookie })).body.data);
    }
    expect(codes.size).toBe(4);
    const taken = (await rowOf('aff1')).aff_code;
    await expect(
      t.app.gw.db.updateTable('users').set({ aff_code: taken }).where('username', '=', 'aff2').execute(),
    ).rejects.toThrow();
    // Many users without a code share the empty value.
    await createUser(t.app, root, 'nocode1');
    await createUser(t.app, root, 'nocode2');
    expect((await rowOf('nocode1')).aff_code).toBe('');
  });

  it.each([
    ['github', { github_id: 'octo', github_id_new: 42 }],
    ['wechat', { wechat_id: 'wx-1' }],
    ['lark', { lark_id: 'lk-1' }],
    ['oidc', { oidc_id: 'sub-1' }],
  ])('unbinds %s and leaves the other bindings', async (type, binding) => {
    const all = {
      github_id: 'octo',
      github_id_new: 42,
      wechat_id: 'wx-1',
      lark_id: 'lk-1',
      oidc_id: 'sub-1',
    };
    await t.app.gw.db.updateTable('users').set(all).where('username', '=', 'selfie').execute();
    const reply = await call(t.app, 'POST', '/api/user/unbind', { cookie: user, body: { type } });
    expect(reply.body).toEqual({ success: true, message: '' });
    const row = await rowOf('selfie');
    for (const [column, value] of Object.entries(all)) {
      const cleared = column in binding;
      expect(row[column as keyof typeof row], column).toEqual(
        cleared ? (typeof value === 'number' ? 0 : '') : value,
      );
    }
  });

  it.each([
    ['an unknown type', { type: 'telegram' }],
    ['no type', {}],
    ['a number', { type: 1 }],
  ])('refuses to unbind %s and changes nothing', async (_name, body) => {
    const before = await rowOf('selfie');
    const reply = await call(t.app, 'POST', '/api/user/unbind', { cookie: user, body });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors[0].field).toBe('type');
    expect(await rowOf('selfie')).toEqual(before);
  });

  it.each([
    ['a short password', { display_name: 'ok', password: 'short' }, 'password'],
    ['a long password', { password: 'p'.repeat(21) }, 'password'],
    ['a long display name', { display_name: 'd'.repeat(21) }, 'display_name'],
    ['a display name that is not text', { display_name: 7 }, 'display_name'],
    ['a password that is not text', { password: 12345678 }, 'password'],
  ])('refuses a profile edit with %s and changes nothing', async (_name, body, field) => {
    const before = await rowOf('selfie');
    const reply = await call(t.app, 'PUT', '/api/user/self', { cookie: user, body });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await rowOf('selfie')).toEqual(before);
  });

  it('refuses a profile edit that is not JSON and changes nothing', async () => {
    const before = await rowOf('selfie');
    const reply = await call(t.app, 'PUT', '/api/user/self', {
      cookie: user,
      body: '{"display_name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(await rowOf('selfie')).toEqual(before);
  });
});
