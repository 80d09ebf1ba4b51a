// Passkeys (console-screens §13 and §23) for real in headless Chromium: the DevTools virtual
// authenticator (CDP WebAuthn domain) holds the key, `gw serve` checks the ceremonies. Registered from
// the profile's Passkeys tab, then used to sign in with and without a username; deleted after, and a
// name without passkeys is refused in words. The page runs at `localhost`: a relying party id must be
// a domain name, never an IP address.
import { type Language, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyFixture, rootApi } from './browser';

const journey = journeyFixture();
const SETTLE = { timeout: 15_000 };

/** The server's address by name (`localhost`), where WebAuthn is allowed over plain HTTP. */
const siteUrl = () => journey.server.url.replace('127.0.0.1', 'localhost');

async function openWithAuthenticator(
  language: Language,
  width: number,
): Promise<{ page: Page; clearKeys: () => Promise<void> }> {
  const context = await journey.browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  // A platform authenticator with resident keys and a verified user: what a phone or laptop offers.
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  await page.goto(`${siteUrl()}/login`);
  await page.evaluate((value) => localStorage.setItem('appLanguage', value), language);
  const clearKeys = async () => {
    await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  };
  return { page, clearKeys };
}

describe.each([
  ['en_US', 1400, 'passkey-en'],
  ['ja_JP', 390, 'passkey-ja'],
] as Array<[Language, number, string]>)('passkeys in %s at %i px', (language, width, username) => {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);

  it('registers a passkey, signs in with it with and without a name, and deletes it', {
    timeout: 180_000,
  }, async () => {
    const password = 'passkey-password-1';
    await rootApi(journey, 'POST', '/api/user/', { username, password });
    const { page, clearKeys } = await openWithAuthenticator(language, width);

    // Signed in with the password first.
    await page.goto(`${siteUrl()}/login`);
    await page.getByLabel(t('auth.username')).fill(username);
    await page.getByLabel(t('auth.password')).fill(password);
    await page.getByRole('button', { name: t('auth.login'), exact: true }).click();
    await page.waitForURL('**/panel/dashboard');

    // When the Passkeys tab registers one named "Journey key".
    await page.goto(`${siteUrl()}/panel/profile#passkeys`);
    await page.getByText(t('users.profile.passkeys_empty')).waitFor(SETTLE);
    await page.getByRole('button', { name: t('users.passkey.register') }).click();
    const dialog = page.getByRole('dialog', { name: t('users.passkey.alias_title') });
    await dialog.getByLabel(t('users.profile.passkey_alias')).fill('Journey key');
    // Enter submits the dialog.
    await dialog.getByLabel(t('users.profile.passkey_alias')).press('Enter');
    await page.getByText(t('users.passkey.registered')).first().waitFor(SETTLE);
    await dialog.waitFor({ state: 'hidden' });
    // Then the list shows it, and the server has it.
    const row = page.getByRole('row').filter({ hasText: 'Journey key' });
    await row.waitFor(SETTLE);
    const cookie = (await page.context().cookies()).find((item) => item.name === 'session');
    const listed = await fetch(`${journey.server.url}/api/webauthn/credentials`, {
      headers: { cookie: `session=${cookie?.value}` },
    });
    const list = ((await listed.json()) as { data: { credential_id: string; alias: string }[] }).data;
    expect(list.map((item) => item.alias)).toEqual(['Journey key']);
    await expect(row.locator('code').getAttribute('title')).resolves.toBe(list[0]?.credential_id);
    await page.screenshot({ path: `/tmp/gw-passkeys-tab-${language}-${width}.png`, fullPage: true });

    // Signed out (cookies gone), a discoverable sign-in with the username left blank opens the console.
    await page.context().clearCookies();
    await page.goto(`${siteUrl()}/login`);
    await page.getByRole('button', { name: t('auth.passkey.sign_in') }).click();
    await page.waitForURL('**/panel/dashboard', SETTLE);
    await page.getByRole('button', { name: t('web.user_menu', { name: username }) }).waitFor(SETTLE);

    // And by name.
    await page.context().clearCookies();
    await page.goto(`${siteUrl()}/login`);
    await page.getByLabel(t('auth.username')).fill(username);
    await page.getByRole('button', { name: t('auth.passkey.sign_in') }).click();
    await page.waitForURL('**/panel/dashboard', SETTLE);

    // Deleted after a confirmation, the tab is empty again.
    await page.goto(`${siteUrl()}/panel/profile#passkeys`);
    await row.getByRole('button', { name: t('common.delete') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('common.delete') })
      .click();
    await page.getByText(t('users.profile.passkeys_empty')).waitFor(SETTLE);

    // A name without passkeys is refused in words, and nobody is signed in.
    await page.context().clearCookies();
    await page.goto(`${siteUrl()}/login`);
    await page.getByLabel(t('auth.username')).fill(username);
    await page.getByRole('button', { name: t('auth.passkey.sign_in') }).click();
    await expect
      .poll(async () => page.getByRole('alert').textContent(), SETTLE)
      .toBe(t('errors.with_message', { message: t('errors.webauthn.no_passkey') }));
    expect(new URL(page.url()).pathname).toBe('/login');
    // A device holding no passkey of this site: the browser's NotAllowedError, in friendly words.
    await clearKeys();
    await page.getByLabel(t('auth.username')).fill('');
    await page.getByRole('button', { name: t('auth.passkey.sign_in') }).click();
    await expect
      .poll(async () => page.getByRole('alert').textContent(), { timeout: 90_000 })
      .toBe(t('account.passkey.not_allowed'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.screenshot({ path: `/tmp/gw-passkey-${language}-${width}.png`, fullPage: true });
    await page.context().close();
  });
});
