// Sign-up, password reset and third-party sign-in (console-screens §13) in real headless Chromium against
// a real `gw serve` that writes its mails into a folder (MAIL_OUTBOX_DIR) and signs people in through a
// fake OIDC provider on loopback: every sign-up refusal leaves nothing stored, then a sign-up with the
// mailed code and an invitation code, the reset link from the mail, a callback with a bad state and its
// retry count, and a whole OIDC round trip. English at 1440 px, Chinese at 390 px.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Language, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  type FakeOAuthProvider,
  startFakeOAuthProvider,
} from '../../server/src/test-support/fake-oauth-provider.js';
import { journeyFixture, rootApi } from './browser';

const outbox = mkdtempSync(join(tmpdir(), 'gw-journey-mail-'));
// The sign-in limiter (20 per 20 min per address) is off: this file alone signs in and up that often.
const journey = journeyFixture({ env: { MAIL_OUTBOX_DIR: outbox, CRITICAL_RATE_LIMIT: '0' } });
let provider: FakeOAuthProvider;

beforeAll(async () => {
  provider = await startFakeOAuthProvider();
});
afterAll(async () => {
  await provider?.close();
  rmSync(outbox, { recursive: true, force: true });
});

const api = <T = unknown>(method: string, path: string, body?: unknown) =>
  rootApi<T>(journey, method, path, body);
const setOption = (key: string, value: string) => api('PUT', '/api/option/', { key, value });
/** The stored users whose name starts with `name` (what a refused sign-up must leave at 0). */
const usersNamed = async (name: string) =>
  (
    await api<{ data: { username: string; inviter_id: number; email: string }[] }>(
      'GET',
      `/api/user/?keyword=${name}`,
    )
  ).data.filter((user) => user.username === name);

/** The newest mail of the outbox. */
function lastMail(): { to: string; subject: string; text: string } {
  const newest = readdirSync(outbox).sort().at(-1);
  if (!newest) throw new Error('no mail in the outbox');
  return JSON.parse(readFileSync(join(outbox, newest), 'utf8'));
}

async function open(language: Language, width: number, path: string): Promise<Page> {
  const context = await journey.browser.newContext({
    viewport: { width, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  await context.addInitScript((lang) => localStorage.setItem('appLanguage', lang), language);
  // No captcha script from the internet in tests: the widget never loads, as when Cloudflare is down.
  await context.route('https://challenges.cloudflare.com/**', (route) => route.abort());
  const page = await context.newPage();
  await page.goto(`${journey.server.url}${path}`);
  return page;
}

/** Types values into the sign-up form's fields (by name). */
async function fillRegister(page: Page, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await page.locator(`#register-${name}`).fill(value);
}

/** The message under a form field (its FormGroup's helper text). */
const fieldError = (page: Page, id: string) =>
  page.locator(`.bp6-form-group:has(#${id}) .bp6-form-helper-text`);

async function signInAs(page: Page, language: Language, username: string, password: string) {
  const tr = (key: string) => translate(language, key);
  await page.goto(`${journey.server.url}/login`);
  await page.getByLabel(tr('auth.username')).fill(username);
  await page.getByLabel(tr('auth.password')).fill(password);
  await page.getByRole('button', { name: tr('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
}

describe('sign-up', () => {
  it('refuses each broken field and a taken name (nothing stored), then signs up with an invitation and signs in (en, 1440 px)', async () => {
    const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
    const aff = await api<string>('GET', '/api/user/aff');
    const page = await open('en_US', 1440, `/register?aff=${aff}`);
    await expect(page.locator('#register-aff_code').inputValue()).resolves.toBe(aff);
    const submit = page.getByRole('button', { name: en('account.register'), exact: true });
    const fill = (values: Record<string, string>) => fillRegister(page, values);

    await submit.click();
    await expect(fieldError(page, 'register-username').textContent()).resolves.toBe(
      en('validation.required', { field: en('account.username') }),
    );
    await expect(fieldError(page, 'register-password2').isVisible()).resolves.toBe(true);

    await fill({ username: 'a-much-too-long-name', password: 'short', password2: 'short' });
    // The meter rates what is typed as it is typed.
    await page.getByText(en('account.strength', { level: en('account.strength_levels.poor') })).waitFor();
    await submit.click();
    await expect(fieldError(page, 'register-username').textContent()).resolves.toBe(
      en('validation.max_length', { field: en('account.username'), max: 12 }),
    );
    await expect(fieldError(page, 'register-password').textContent()).resolves.toBe(
      en('validation.user.password_length', { min: 8, max: 20 }),
    );

    await fill({ username: 'newcomer', password: 'Passw0rd!x', password2: 'Passw0rd!y' });
    await page.getByText(en('account.strength', { level: en('account.strength_levels.strong') })).waitFor();
    await submit.click();
    await expect(fieldError(page, 'register-password2').textContent()).resolves.toBe(
      en('validation.user.password_mismatch'),
    );

    // A taken username is the server's refusal, shown in the form.
    await fill({ username: 'root', password2: 'Passw0rd!x' });
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'root' }).waitFor();
    expect(await usersNamed('a-much-too-long-name')).toEqual([]);
    expect(await usersNamed('newcomer')).toEqual([]);

    await fill({ username: 'newcomer' });
    await submit.click();
    await page.waitForURL('**/login');
    const [stored] = await usersNamed('newcomer');
    const root = await api<{ id: number }>('GET', '/api/user/self');
    expect(stored).toMatchObject({ inviter_id: root.id });
    await signInAs(page, 'en_US', 'newcomer', 'Passw0rd!x');
    await page.context().close();
  });

  it('with e-mail verification and Turnstile on, needs the address, the mailed code and the captcha (zh, 390 px)', async () => {
    const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);
    await setOption('EmailVerificationEnabled', 'true');
    try {
      const page = await open('zh_CN', 390, '/register');
      const submit = page.getByRole('button', { name: zh('account.register'), exact: true });
      const complete = {
        username: 'mailuser',
        password: 'password-123',
        password2: 'password-123',
        email: 'mail.user@example.com',
      };
      await fillRegister(page, { username: 'mailuser', password: 'password-123', password2: 'password-123' });
      await submit.click();
      await expect(fieldError(page, 'register-email').textContent()).resolves.toBe(
        zh('validation.required', { field: zh('account.email') }),
      );
      await expect(fieldError(page, 'register-verification_code').textContent()).resolves.toBe(
        zh('validation.required', { field: zh('account.verification_code') }),
      );

      await page.locator('#register-email').fill('not-an-address');
      await page.getByRole('button', { name: zh('account.get_code') }).click();
      await expect(fieldError(page, 'register-email').textContent()).resolves.toBe(
        zh('users.validation.email_invalid', { field: zh('account.email') }),
      );

      // The code is mailed; the button waits before it may send again.
      await page.locator('#register-email').fill('mail.user@example.com');
      await page.getByRole('button', { name: zh('account.get_code') }).click();
      await page.getByRole('button', { name: /秒后重新发送/ }).waitFor();
      const code = /([0-9a-f]{6})/.exec(lastMail().text)?.[1] ?? '';
      expect(lastMail().to).toBe('mail.user@example.com');

      // A wrong code is the server's refusal, on the code's field; nothing is stored.
      await page.locator('#register-verification_code').fill(code === 'abcdef' ? 'fedcba' : 'abcdef');
      await submit.click();
      await expect(fieldError(page, 'register-verification_code').textContent()).resolves.toBe(
        zh('users.errors.verification_code_invalid'),
      );
      expect(await usersNamed('mailuser')).toEqual([]);

      // Turnstile on: the form waits for the captcha and sends nothing.
      await setOption('TurnstileSiteKey', 'site-key');
      await setOption('TurnstileCheckEnabled', 'true');
      await page.reload();
      await fillRegister(page, { ...complete, verification_code: code });
      await submit.click();
      await page.getByText(zh('account.turnstile_checking')).waitFor();
      expect(await usersNamed('mailuser')).toEqual([]);

      await setOption('TurnstileCheckEnabled', 'false');
      await page.reload();
      await fillRegister(page, { ...complete, verification_code: code });
      await submit.click();
      await page.waitForURL('**/login');
      expect(await usersNamed('mailuser')).toMatchObject([{ email: 'mail.user@example.com' }]);
      await page.context().close();
    } finally {
      await setOption('EmailVerificationEnabled', 'false');
      await setOption('TurnstileCheckEnabled', 'false');
    }
  });
});

describe('password reset', () => {
  it('mails a link; the link makes a new password that signs in; the link works once (en, 1440 px)', async () => {
    const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
    const page = await open('en_US', 1440, '/reset');
    await page.getByRole('button', { name: en('account.send_reset') }).click();
    await expect(fieldError(page, 'reset-email').textContent()).resolves.toBe(
      en('validation.required', { field: en('account.email') }),
    );
    await page.getByLabel(en('account.email')).fill('mail.user@example.com');
    await page.getByRole('button', { name: en('account.send_reset') }).click();
    await page.getByRole('status').filter({ hasText: 'mail.user@example.com' }).waitFor();
    await expect(page.getByRole('button', { name: /Again in \d+ s/ }).isDisabled()).resolves.toBe(true);

    const link = /(\/user\/reset\?\S+)/.exec(lastMail().text)?.[1] ?? '';
    expect(link).toContain('token=');
    await page.goto(`${journey.server.url}${link}`);
    await page.getByRole('button', { name: en('account.reset_button') }).click();
    const password = (await page.locator('.gw-new-password').textContent()) ?? '';
    expect(password).toMatch(/^[0-9a-f]{12}$/);
    await page.getByText(en('account.password_copied')).waitFor();
    await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(password);

    // The same link a second time is refused; a link without its token is invalid.
    await page.goto(`${journey.server.url}${link}`);
    await page.getByRole('button', { name: en('account.reset_button') }).click();
    await page.getByText(translate('en_US', 'users.errors.reset_link_invalid')).waitFor();
    await page.goto(`${journey.server.url}/user/reset?email=mail.user%40example.com`);
    await page.getByText(en('account.invalid_link'), { exact: true }).waitFor();

    await signInAs(page, 'en_US', 'mailuser', password);
    await page.context().close();
  });
});

describe('third-party sign-in', () => {
  it('a callback with a bad state shows why, counts the retries and goes back to sign-in (zh, 390 px)', async () => {
    const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);
    const page = await open('zh_CN', 390, '/oauth/github?code=some-code&state=not-mine');
    const provider = zh('account.providers.github');
    await page.getByRole('heading', { name: zh('account.oauth.failed', { provider }) }).waitFor();
    await page
      .getByRole('alert')
      .filter({ hasText: zh('account.oauth.state_mismatch') })
      .waitFor();
    await page.getByText(zh('account.oauth.failed_attempts', { attempt: 1 })).waitFor();
    await page.getByRole('button', { name: zh('account.oauth.retry') }).click();
    await page.getByText(zh('account.oauth.failed_attempts', { attempt: 2 })).waitFor();
    await page.getByRole('button', { name: zh('account.back_to_login') }).click();
    await page.waitForURL('**/login');
    await page.goto(`${journey.server.url}/oauth/github`);
    await page.getByText(zh('account.oauth.bad_link', { provider })).waitFor();
    await page.goto(`${journey.server.url}/oauth/nowhere?code=x`);
    await page.waitForURL('**/404');
    await page.context().close();
  });

  it('shows only the providers the site turns on, and signs a newcomer in through OIDC (en, 1440 px)', async () => {
    const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
    const button = (page: Page, key: string) =>
      page.getByRole('button', {
        name: en('account.continue_with', { provider: en(`account.providers.${key}`) }),
      });
    const plain = await open('en_US', 1440, '/login');
    await plain.getByLabel(en('auth.username')).waitFor();
    await expect(plain.getByRole('button', { name: /Continue with/ }).count()).resolves.toBe(0);
    await plain.context().close();

    // Credentials first: a provider cannot be turned on without them.
    for (const [key, value] of Object.entries({
      GitHubClientId: FAKE_CLIENT_ID,
      GitHubClientSecret: FAKE_CLIENT_SECRET,
      GitHubOAuthEnabled: 'true',
      OIDCClientId: FAKE_CLIENT_ID,
      OIDCClientSecret: FAKE_CLIENT_SECRET,
      OIDCIssuer: `${provider.url}/oidc`,
      OIDCScopes: 'openid profile email',
      OIDCUsernameClaims: 'preferred_username',
      OIDCAuthEnabled: 'true',
    })) {
      await setOption(key, value);
    }
    try {
      provider.setOidcPerson({
        id: 'sub-journey',
        username: 'oidcfan',
        name: 'OIDC Fan',
        email: 'fan@example.com',
      });
      const page = await open('en_US', 1440, '/login');
      await button(page, 'github').waitFor();
      await expect(button(page, 'wechat').count()).resolves.toBe(0);
      await button(page, 'oidc').click();
      await page.waitForURL('**/panel/dashboard');
      await expect(
        page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? '{}').username),
      ).resolves.toBe('oidcfan');
      expect(await usersNamed('oidcfan')).toMatchObject([{ email: 'fan@example.com' }]);
      await page.context().close();
    } finally {
      await setOption('GitHubOAuthEnabled', 'false');
      await setOption('OIDCAuthEnabled', 'false');
    }
  });
});
