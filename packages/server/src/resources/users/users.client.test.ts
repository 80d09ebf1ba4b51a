// Core's user, registration and admin-token calls against a real gw server on loopback: every reply
// parsed by its schema, refusals surfacing as GwApiError.
import {
  ApiClient,
  changeUserQuota,
  confirmPasswordReset,
  createToken,
  createUser,
  deleteUser,
  GwApiError,
  getAffCode,
  getSelf,
  getUser,
  listUsers,
  login,
  manageUser,
  register,
  searchTokensAdmin,
  sendPasswordResetEmail,
  sendVerificationCode,
  setTokenStatusAdmin,
  unbindAccount,
  updateTokenAdmin,
  updateUser,
} from '@gw/core';
import { CookieJar, createNodeFetch } from '@gw/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startClientApp } from '../../test-support/client-app.js';
import type { TestApp } from '../../test-support/test-app.js';
import type { MailMessage } from './mail.js';

describe('core user client against gw', () => {
  let t: TestApp;
  let address = '';
  let root: ApiClient;
  const outbox: MailMessage[] = [];
  const newClient = () => new ApiClient({ baseUrl: address, fetch: createNodeFetch(new CookieJar()) });

  beforeAll(async () => {
    ({
      t,
      url: address,
      client: root,
    } = await startClientApp(
      'sqlite',
      {},
      { mailSender: { send: async (message) => void outbox.push(message) } },
    ));
  });
  afterAll(() => t.close());

  it('registers, signs in, reads the invitation code and unbinds', async () => {
    const anonymous = newClient();
    await register(anonymous, { username: 'cli_user', password: 'password-123' });
    const user = newClient();
    await login(user, { username: 'cli_user', password: 'password-123' });
    const code = await getAffCode(user);
    expect(code).toMatch(/^[0-9A-Za-z]{4}$/);
    expect((await getSelf(user)).aff_code).toBe(code);
    await unbindAccount(user, 'github');
    await register(anonymous, { username: 'cli_kid', password: 'password-123', aff_code: code });
    const page = await listUsers(root, { keyword: 'cli_kid' });
    expect(page.data[0]?.inviter_id).toBe((await getSelf(user)).id);
    const refused = await register(anonymous, { username: 'cli_user', password: 'password-123' }).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(GwApiError);
    expect(refused.code).toBe('CONFLICT');
  });

  it('sends a code and a reset link through the mail seam and confirms the reset', async () => {
    const anonymous = newClient();
    await sendVerificationCode(anonymous, 'fresh@example.com');
    expect(outbox.at(-1)?.to).toBe('fresh@example.com');
    await t.app.gw.db
      .updateTable('users')
      .set({ email: 'cli@example.com' })
      .where('username', '=', 'cli_user')
      .execute();
    await sendPasswordResetEmail(anonymous, 'cli@example.com');
    const token = /token=([0-9a-f]{32})/.exec(outbox.at(-1)?.text ?? '')?.[1] ?? '';
    const password = await confirmPasswordReset(anonymous, 'cli@example.com', token);
    expect(password).toMatch(/^[0-9a-f]{12}$/);
    await login(newClient(), { username: 'cli_user', password });
  });

  it('administers users: create, list, get, update, manage, change quota, delete', async () => {
    await createUser(root, { username: 'cli_admin', password: 'password-123' });
    const listed = await listUsers(root, { keyword: 'cli_admin', order: '-id', size: 10 });
    expect(listed).toMatchObject({ page: 1, size: 10, total_count: 1 });
    const id = listed.data[0]?.id ?? 0;
    await updateUser(root, { id, display_name: 'CLI Admin' });
    expect(await getUser(root, id)).toMatchObject({
      username: 'cli_admin',
      display_name: 'CLI Admin',
      quota: 0,
    });
    expect(await manageUser(root, 'cli_admin', 'set_reliable')).toEqual({ role: 3, status: 1 });
    await changeUserQuota(root, id, { quota: 1234, remark: 'from the client' });
    expect((await getUser(root, id)).quota).toBe(1234);
    const refused = await changeUserQuota(root, id, { quota: -5000 }).catch((e) => e);
    expect(refused).toBeInstanceOf(GwApiError);
    expect((await getUser(root, id)).quota).toBe(1234);
    await deleteUser(root, id);
    expect(await getUser(root, id).catch((e) => e.code)).toBe('NOT_FOUND');
  });

  it('searches and edits tokens as an admin', async () => {
    const user = newClient();
    await login(user, { username: 'cli_kid', password: 'password-123' });
    const token = await createToken(user, { name: 'cli-token' });
    const found = await searchTokensAdmin(root, { keyword: 'cli-', user_id: token.user_id });
    expect(found.data.map((row) => [row.name, row.owner_name])).toEqual([['cli-token', 'cli_kid']]);
    expect(found).toMatchObject({ page: 1, size: 10, total_count: 1 });
    const edited = await updateTokenAdmin(root, { id: token.id, name: 'cli-edited', remain_quota: 9 });
    expect(edited).toMatchObject({ name: 'cli-edited', remain_quota: 9 });
    expect((await setTokenStatusAdmin(root, token.id, 2)).status).toBe(2);
  });
});
