// End-to-end journey in real headless Chromium against a real `gw serve` (built CLI + server + web).
import { translate } from '@gw/core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, signIn, startGwServer } from '../../../test-support/gw-server';

const SCREENSHOT = '/tmp/gw-web-token.png';
const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const zh = (key: string) => translate('zh_CN', key);

let server: GwServer;
let browser: Browser;

beforeAll(async () => {
  server = await startGwServer();
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signInThroughForm(page: Page, username: string, password: string, t: typeof en) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(t('auth.username')).fill(username);
  await page.getByLabel(t('auth.password')).fill(password);
  await page.getByRole('button', { name: t('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
}

describe('web console journey', () => {
  it('root signs in, creates a token, sees it listed, disables it and signs out', async () => {
    const context = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1400, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    const page = await context.newPage();

    // Given the root account, when it signs in, then the console shows the admin menu.
    await signInThroughForm(page, 'root', server.rootPassword, en);
    const sidebar = page.getByRole('navigation', { name: en('web.sidebar') });
    await expect(sidebar.getByRole('link', { name: en('nav.user') }).isVisible()).resolves.toBe(true);
    // Each menu icon arrives through the console's one-by-one loader and is drawn with its paths (the
    // build swaps Blueprint's icon name table for a small check: build/icon-names-shim.ts).
    await page.waitForFunction(() => {
      const icons = [...document.querySelectorAll('nav .bp6-icon')];
      return icons.length >= 8 && icons.every((icon) => icon.querySelector('svg path') !== null);
    });

    // When root opens Tokens and creates one, then it is listed, enabled.
    await sidebar.getByRole('link', { name: en('nav.token') }).click();
    await page.waitForURL('**/panel/token');
    await page.getByRole('button', { name: en('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('textbox', { name: new RegExp(`^${en('tokens.fields.name')}`) })
      .fill('journey-key');
    await dialog.getByRole('button', { name: en('common.submit') }).click();
    // The new key is shown with the one sentence every face says about it: it can be copied later.
    const created = page.getByRole('dialog', { name: en('tokens.created') });
    await created.getByText(en('tokens.key_reuse')).waitFor();
    await expect(created.locator('code').innerText()).resolves.toMatch(/^sk-[\w-]{16,}$/);
    await created
      .getByRole('button', { name: en('common.close'), exact: true })
      .last()
      .click();
    const row = page.getByRole('row').filter({ hasText: 'journey-key' });
    await row.waitFor();
    await row.getByText(en('tokens.status.enabled'), { exact: true }).waitFor();

    // When its key is copied, then the clipboard holds the sk- form of the key.
    await row.getByRole('button', { name: en('web.copy_token', { name: 'journey-key' }) }).click();
    await page
      .getByText(en('common.copied', { name: en('tokens.key_label') }))
      .first()
      .waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^sk-[\w-]{16,}$/);

    // When its switch is turned off, then the row says Disabled (after the server answered).
    await row.getByRole('switch', { name: 'journey-key' }).click({ force: true });
    await row.getByText(en('tokens.status.disabled'), { exact: true }).waitFor();
    await page.getByText(en('tokens.disabled_toast')).first().waitFor();

    // The same page in Chinese, saved for a look.
    await page.goto(`${server.url}/panel/token?lng=zh_CN`);
    await page.getByRole('row').filter({ hasText: 'journey-key' }).waitFor();
    await page.screenshot({ path: SCREENSHOT, fullPage: true });

    // When root signs out from the avatar menu, then it is back on the home page, signed out.
    await page.goto(`${server.url}/panel/token`);
    await page.getByRole('button', { name: en('web.user_menu', { name: 'root' }) }).click();
    await page.getByRole('menuitem', { name: en('common.sign_out') }).click();
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('link', { name: en('common.sign_in'), exact: true }).waitFor();
    // Home, and still home once the page has settled (the sign-in guard used to move it on to /login).
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.goto(`${server.url}/panel/token`);
    await page.waitForURL('**/login');
    await context.close();
  });

  it('a regular user signs in and sees no admin menu item', async () => {
    // Given a regular user created by root through the API.
    const cookie = await signIn(server.url, 'root', server.rootPassword);
    const created = await fetch(`${server.url}/api/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ username: 'alice', password: 'alice-password-1', display_name: 'Alice' }),
    });
    expect(((await created.json()) as { success: boolean }).success).toBe(true);

    // When alice signs in (Chinese, the default language), then only user items are in the menu.
    const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'alice', 'alice-password-1', zh);
    const sidebar = page.getByRole('navigation', { name: zh('web.sidebar') });
    await sidebar.getByRole('link', { name: zh('nav.token') }).waitFor();
    for (const key of ['nav.user', 'nav.channel', 'nav.setting', 'nav.analytics']) {
      await expect(sidebar.getByRole('link', { name: zh(key), exact: true }).count()).resolves.toBe(0);
    }
    for (const key of ['nav.operation', 'nav.paySetting']) {
      await expect(sidebar.getByRole('button', { name: zh(key) }).count()).resolves.toBe(0);
    }
    await expect(sidebar.getByRole('link', { name: zh('nav.profile') }).count()).resolves.toBe(1);

    // When she picks English in the language menu, then the console switches and remembers it.
    await page.getByRole('button', { name: zh('common.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    const englishSidebar = page.getByRole('navigation', { name: en('web.sidebar') });
    await englishSidebar.getByRole('link', { name: en('nav.token') }).waitFor();
    await expect(page.evaluate(() => localStorage.getItem('appLanguage'))).resolves.toBe('en_US');

    // And an admin page typed by hand is refused.
    await page.goto(`${server.url}/panel/user`);
    await page.waitForURL('**/panel/404');
    await context.close();
  });
});
