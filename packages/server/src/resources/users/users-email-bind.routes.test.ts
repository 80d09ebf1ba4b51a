// `GET /api/oauth/email/bind` (contract §1.2) on every configured dialect: the profile's e-mail binding,
// with a fake mail sender whose outbox holds the codes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';
import type { MailMessage } from './mail.js';

describe.each(TEST_DIALECTS)('e-mail binding on %s', (kind) => {
  let t: TestApp;
  let user: string;
  let other: string;
  const outbox: MailMessage[] = [];
  const emailOf = async (username: string) =>
    (
      await t.app.gw.db
        .selectFrom('users')
        .select('email')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).email;
  const codeFor = async (email: string) => {
    outbox.length = 0;
    const sent = await call(t.app, 'GET', `/api/verification?email=${encodeURIComponent(email)}`);
    expect(sent.body).toEqual({ success: true, message: '' });
    return /([0-9a-f]{6})/.exec(outbox[0]?.text ?? '')?.[1] ?? '';
  };
  const bind = (cookie: string, email: string, code: string) =>
    call(t.app, 'GET', `/api/oauth/email/bind?email=${encodeURIComponent(email)}&code=${code}`, { cookie });

  beforeAll(async () => {
    t = await startTestApp(
      kind,
      {},
      {
        mailSender: { send: async (message) => void outbox.push(message) },
      },
    );
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    user = await createUser(t.app, root, 'binder');
    other = await createUser(t.app, root, 'rival');
  });
  afterAll(() => t.close());
  beforeEach(() => {
    outbox.length = 0;
  });

  it('binds the address once the mailed code is given, and the code works only once', async () => {
    const code = await codeFor('binder@example.com');
    expect(code).toMatch(/^[0-9a-f]{6}$/);
    const bound = await bind(user, 'binder@example.com', code);
    expect(bound.body).toEqual({ success: true, message: '' });
    expect(await emailOf('binder')).toBe('binder@example.com');
    const again = await bind(other, 'binder@example.com', code);
    expect(again.body.success).toBe(false);
    expect(await emailOf('rival')).toBe('');
  });

  it('refuses a wrong code and changes nothing', async () => {
    const code = await codeFor('new@example.com');
    const wrong = code === 'aaaaaa' ? 'bbbbbb' : 'aaaaaa';
    const refused = await bind(user, 'new@example.com', wrong);
    expect(refused.body).toMatchObject({ success: false });
    expect(JSON.stringify(refused.body)).toContain('code');
    expect(await emailOf('binder')).toBe('binder@example.com');
  });

  it('refuses an address another account holds, a bad address, and a visitor', async () => {
    const code = await codeFor('shared@example.com');
    await t.app.gw.db
      .updateTable('users')
      .set({ email: 'shared@example.com' })
      .where('username', '=', 'rival')
      .execute();
    const taken = await bind(user, 'shared@example.com', code);
    expect(taken.body).toMatchObject({ success: false });
    expect(await emailOf('binder')).toBe('binder@example.com');
    expect((await bind(user, 'not-an-address', 'abcdef')).body.success).toBe(false);
    const visitor = await call(t.app, 'GET', '/api/oauth/email/bind?email=a%40example.com&code=abcdef');
    expect(visitor.status).toBe(401);
  });
});
