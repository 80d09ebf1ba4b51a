// Turnstile on registration, the e-mail code and the reset mail (contract §0.3), verified against a fake
// siteverify on loopback; and MAIL_OUTBOX_DIR, which writes each mail as a file instead of sending it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { translate } from '@gw/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_TURNSTILE_PASS,
  FAKE_TURNSTILE_SECRET,
  type FakeOAuthProvider,
  startFakeOAuthProvider,
} from '../../test-support/fake-oauth-provider.js';
import { call, startTestApp, type TestApp } from '../../test-support/test-app.js';

describe('registration captcha and mail outbox on sqlite', () => {
  let t: TestApp;
  let provider: FakeOAuthProvider;
  const outbox = mkdtempSync(join(tmpdir(), 'gw-outbox-'));
  const count = async () => (await t.app.gw.db.selectFrom('users').select('id').execute()).length;
  const register = (username: string, turnstile?: string) =>
    call(t.app, 'POST', `/api/user/register${turnstile === undefined ? '' : `?turnstile=${turnstile}`}`, {
      body: { username, password: 'password-123' },
    });

  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
    t = await startTestApp(
      'sqlite',
      { MAIL_OUTBOX_DIR: outbox },
      { turnstileVerifyUrl: `${provider.url}/turnstile/siteverify` },
    );
    await t.app.gw.options.set('TurnstileSecretKey', FAKE_TURNSTILE_SECRET);
  });
  beforeEach(async () => {
    provider.setDown(false);
    await t.app.gw.options.set('TurnstileCheckEnabled', 'false');
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
    rmSync(outbox, { recursive: true, force: true });
  });

  it('with Turnstile on, refuses a sign-up without a token or with a rejected one, and takes a good one', async () => {
    await t.app.gw.options.set('TurnstileCheckEnabled', 'true');
    const before = await count();
    for (const reply of [await register('bot1'), await register('bot2', 'forged')]) {
      expect(reply.body).toMatchObject({
        success: false,
        message: translate('zh_CN', 'users.errors.captcha_failed'),
      });
    }
    expect(await count()).toBe(before);
    expect((await register('human1', FAKE_TURNSTILE_PASS)).body).toEqual({ success: true, message: '' });
    expect(await count()).toBe(before + 1);
    provider.setDown(true);
    expect((await register('human2', FAKE_TURNSTILE_PASS)).body).toMatchObject({ success: false });
    provider.setDown(false);
    await t.app.gw.options.set('TurnstileCheckEnabled', 'false');
    expect((await register('human3')).body).toMatchObject({ success: true });
  });

  it('writes the verification mail into MAIL_OUTBOX_DIR as {to, subject, text}', async () => {
    const reply = await call(t.app, 'GET', '/api/verification?email=new@example.com');
    expect(reply.body).toEqual({ success: true, message: '' });
    const files = readdirSync(outbox).filter((name) => name.endsWith('.json'));
    expect(files).toHaveLength(1);
    const mail = JSON.parse(readFileSync(join(outbox, files[0] ?? ''), 'utf8'));
    expect(mail).toMatchObject({ to: 'new@example.com', subject: expect.any(String) });
    expect(mail.text).toMatch(/[0-9a-f]{6}/);
  });
});
