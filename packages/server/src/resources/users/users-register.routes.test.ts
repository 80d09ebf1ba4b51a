// Registration, the e-mail code and the password reset on every configured dialect, with a fake mail
// sender and a code store on a clock the test moves.
import { LOG_TYPE } from '@gw/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';
import type { MailMessage } from './mail.js';

describe.each(TEST_DIALECTS)('registration on %s', (kind) => {
  let t: TestApp;
  let clock = 1_800_000_000;
  const outbox: MailMessage[] = [];
  const users = () => t.app.gw.db.selectFrom('users').selectAll().orderBy('id').execute();
  const rowOf = (username: string) =>
    t.app.gw.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const systemLogs = () =>
    t.app.gw.db.selectFrom('logs').selectAll().where('type', '=', LOG_TYPE.system).orderBy('id').execute();
  const register = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/user/register', { body });
  const setOptions = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) await t.app.gw.options.set(key, value);
  };
  const codeIn = (mail: MailMessage | undefined) => /([0-9a-f]{6})/.exec(mail?.text ?? '')?.[1] ?? '';

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      {
        mailSender: { send: async (message) => void outbox.push(message) },
        verificationClock: () => clock,
      },
    );
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    outbox.length = 0;
    await setOptions({
      RegisterEnabled: 'true',
      PasswordRegisterEnabled: 'true',
      EmailVerificationEnabled: 'false',
      EmailDomainRestrictionEnabled: 'false',
      QuotaForNewUser: '0',
      QuotaForInviter: '0',
      QuotaForInvitee: '0',
    });
  });

  it('registers a common user in group default with display name = username and the new-user gift', async () => {
    await setOptions({ QuotaForNewUser: '500' });
    const reply = await register({
      username: ' newbie ',
      password: 'password-123',
      email: 'claim@example.com',
    });
    expect(reply.body).toEqual({ success: true, message: '' });
    const row = await rowOf('newbie');
    expect(row).toMatchObject({
      role: 1,
      status: 1,
      group: 'default',
      display_name: 'newbie',
      quota: 500,
      inviter_id: 0,
      // Without verification the address is not stored: nobody can claim another person's e-mail.
      email: '',
    });
    expect(row?.password).toMatch(/^scrypt\$/);
    const logs = (await systemLogs()).filter((log) => log.user_id === row?.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ quota: 500, username: 'newbie' });
    expect(logs[0]?.content).toContain('新用户注册赠送');
    await signIn(t.app, 'newbie', 'password-123');
  });

  it('pays both invitation rewards, counts the invitee and links the inviter; an unknown code is ignored', async () => {
    await setOptions({ QuotaForNewUser: '100', QuotaForInviter: '300', QuotaForInvitee: '200' });
    await register({ username: 'inviter', password: 'password-123' });
    const cookie = await signIn(t.app, 'inviter', 'password-123');
    const code = (await call(t.app, 'GET', '/api/user/aff', { cookie })).body.data as string;
    const before = await rowOf('inviter');
    expect(
      (await register({ username: 'invitee', password: 'password-123', aff_code: code })).body.success,
    ).toBe(true);
    const invitee = await rowOf('invitee');
    expect(invitee).toMatchObject({ quota: 300, inviter_id: before?.id });
    expect(await rowOf('inviter')).toMatchObject({
      quota: (before?.quota ?? 0) + 300,
      aff_count: 1,
      aff_history: 300,
    });
    const logs = await systemLogs();
    expect(logs.filter((log) => log.user_id === invitee?.id).map((log) => log.quota)).toEqual([100, 200]);
    const reward = logs.filter((log) => log.user_id === before?.id).at(-1);
    expect(reward).toMatchObject({ quota: 300 });
    expect(reward?.content).toContain('invitee');
    expect(
      (await register({ username: 'stranger', password: 'password-123', aff_code: 'zzzz' })).body.success,
    ).toBe(true);
    expect(await rowOf('stranger')).toMatchObject({ inviter_id: 0, quota: 100 });
  });

  it.each([
    ['RegisterEnabled', '管理员关闭了新用户注册'],
    ['PasswordRegisterEnabled', '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册'],
  ])('refuses to register while %s is off, creating nothing', async (option, message) => {
    await setOptions({ [option]: 'false' });
    const before = await users();
    const reply = await register({ username: 'blocked', password: 'password-123' });
    expect(reply.body).toMatchObject({ success: false, message });
    expect(await users()).toEqual(before);
  });

  it('refuses a taken username', async () => {
    const before = await users();
    const reply = await register({ username: 'root', password: 'password-123' });
    expect(reply.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await users()).toEqual(before);
  });

  it.each([
    ['no username', { password: 'password-123' }, 'username'],
    ['an empty username', { username: '  ', password: 'password-123' }, 'username'],
    ['a 13-character username', { username: 'abcdefghijklm', password: 'password-123' }, 'username'],
    ['a numeric username', { username: 12, password: 'password-123' }, 'username'],
    ['no password', { username: 'nopass' }, 'password'],
    ['a 7-character password', { username: 'shorty', password: '1234567' }, 'password'],
    ['a 21-character password', { username: 'longy', password: 'p'.repeat(21) }, 'password'],
    ['a malformed e-mail', { username: 'mailer', password: 'password-123', email: 'nope' }, 'email'],
    [
      'an oversized code',
      { username: 'coder', password: 'password-123', verification_code: 'c'.repeat(33) },
      'verification_code',
    ],
    [
      'an aff_code that is not text',
      { username: 'affy', password: 'password-123', aff_code: 12 },
      'aff_code',
    ],
  ])('refuses a registration with %s, creating nothing', async (_name, body, field) => {
    const before = await users();
    const reply = await register(body);
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(await users()).toEqual(before);
  });

  it('refuses a registration body that is not JSON', async () => {
    const before = await users();
    const reply = await call(t.app, 'POST', '/api/user/register', {
      body: '{"username":"x"',
      headers: { 'content-type': 'application/json' },
    });
    expect(reply.body).toMatchObject({ success: false, message: '无效的 JSON' });
    expect(await users()).toEqual(before);
  });

  it('with e-mail verification on, needs the mailed code: missing, wrong and expired codes are refused', async () => {
    await setOptions({ EmailVerificationEnabled: 'true' });
    const before = await users();
    const missing = await register({ username: 'verif', password: 'password-123' });
    expect(missing.body).toMatchObject({
      success: false,
      message: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
    });

    const sent = await call(t.app, 'GET', '/api/verification?email=verif@example.com');
    expect(sent.body).toEqual({ success: true, message: '' });
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.to).toBe('verif@example.com');
    const code = codeIn(outbox[0]);
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    const wrong = await register({
      username: 'verif',
      password: 'password-123',
      email: 'verif@example.com',
      verification_code: code === 'aaaaaa' ? 'bbbbbb' : 'aaaaaa',
    });
    expect(wrong.body).toMatchObject({ success: false, message: '验证码错误或已过期' });
    const otherAddress = await register({
      username: 'verif',
      password: 'password-123',
      email: 'other@example.com',
      verification_code: code,
    });
    expect(otherAddress.body.success).toBe(false);
    clock += 11 * 60;
    const expired = await register({
      username: 'verif',
      password: 'password-123',
      email: 'verif@example.com',
      verification_code: code,
    });
    expect(expired.body).toMatchObject({ success: false, message: '验证码错误或已过期' });
    expect(await users()).toEqual(before);
  });

  it('with e-mail verification on, registers with the right code once and stores the address', async () => {
    await setOptions({ EmailVerificationEnabled: 'true' });
    await call(t.app, 'GET', '/api/verification?email=good@example.com');
    const code = codeIn(outbox.at(-1));
    const body = {
      username: 'verified',
      password: 'password-123',
      email: 'good@example.com',
      verification_code: code,
    };
    expect((await register(body)).body).toEqual({ success: true, message: '' });
    expect(await rowOf('verified')).toMatchObject({ email: 'good@example.com' });
    const reuse = await register({ ...body, username: 'verified2' });
    expect(reuse.body.success).toBe(false);
    const taken = await call(t.app, 'GET', '/api/verification?email=good@example.com');
    expect(taken.body).toMatchObject({ success: false, message: '邮箱地址已被占用' });
  });

  it('restricts e-mail domains to the whitelist when the restriction is on', async () => {
    await setOptions({ EmailDomainRestrictionEnabled: 'true', EmailDomainWhitelist: 'gmail.com, qq.com' });
    const refused = await call(t.app, 'GET', '/api/verification?email=x@example.com');
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.message).toContain('白名单');
    expect(outbox).toEqual([]);
    const allowed = await call(t.app, 'GET', '/api/verification?email=x@gmail.com');
    expect(allowed.body.success).toBe(true);
    expect(outbox).toHaveLength(1);
  });

  it.each([
    ['no address', ''],
    ['a malformed address', '?email=not-mail'],
  ])('refuses a verification request with %s and sends nothing', async (_name, query) => {
    const reply = await call(t.app, 'GET', `/api/verification${query}`);
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(outbox).toEqual([]);
  });

  it('resets a password through the mailed link: a new 12-hex password, the link works once', async () => {
    await t.app.gw.db
      .updateTable('users')
      .set({ email: 'root@example.com' })
      .where('username', '=', 'root')
      .execute();
    const before = await rowOf('root');
    const asked = await call(t.app, 'GET', '/api/reset_password?email=root@example.com', {
      headers: { host: 'gw.example:3000' },
    });
    expect(asked.body).toEqual({ success: true, message: '' });
    const link = /(http\S+)/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe('http://gw.example:3000/user/reset');
    expect(url.searchParams.get('email')).toBe('root@example.com');
    const token = url.searchParams.get('token') ?? '';
    expect(token).toMatch(/^[0-9a-f]{32}$/);

    const wrong = await call(t.app, 'POST', '/api/user/reset', {
      body: { email: 'root@example.com', token: 'f'.repeat(32) },
    });
    expect(wrong.body).toMatchObject({ success: false, message: '重置链接非法或已过期' });
    expect(await rowOf('root')).toEqual(before);

    const reset = await call(t.app, 'POST', '/api/user/reset', {
      body: { email: 'root@example.com', token },
    });
    expect(reset.body.success).toBe(true);
    expect(reset.body.data).toMatch(/^[0-9a-f]{12}$/);
    await signIn(t.app, 'root', reset.body.data);
    await expect(signIn(t.app, 'root', ROOT_PASSWORD)).rejects.toThrow();
    const again = await call(t.app, 'POST', '/api/user/reset', {
      body: { email: 'root@example.com', token },
    });
    expect(again.body.success).toBe(false);
  });

  it('answers a reset request for an unknown address the same way, sending nothing', async () => {
    const reply = await call(t.app, 'GET', '/api/reset_password?email=nobody@example.com');
    expect(reply.body).toEqual({ success: true, message: '' });
    expect(outbox).toEqual([]);
  });

  it.each([
    ['no token', { email: 'root@example.com' }, 'token'],
    ['no e-mail', { token: 'abc' }, 'email'],
    ['a malformed e-mail', { email: 'root', token: 'abc' }, 'email'],
    ['an oversized token', { email: 'root@example.com', token: 't'.repeat(65) }, 'token'],
  ])('refuses a reset confirmation with %s', async (_name, body, field) => {
    const reply = await call(t.app, 'POST', '/api/user/reset', { body });
    expect(reply.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(reply.body.errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});

describe('registration without a mail server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp('sqlite');
  });
  afterAll(() => t.close());

  it('refuses to send a code with a clear message (no mail sending in this release)', async () => {
    const reply = await call(t.app, 'GET', '/api/verification?email=a@example.com', {
      headers: { 'accept-language': 'en-US' },
    });
    expect(reply.body).toMatchObject({
      success: false,
      message: 'No mail server is configured, so no e-mail can be sent',
    });
  });
});
