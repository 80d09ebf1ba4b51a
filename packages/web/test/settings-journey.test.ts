// Settings (console-screens §24) in real headless Chromium against a real `gw serve`.
import { translate } from '@gw/core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, signIn, startGwServer } from '../../../test-support/gw-server';

const SCREENSHOT = '/tmp/gw-web-settings.png';
const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

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

async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(en('auth.username')).fill(username);
  await page.getByLabel(en('auth.password')).fill(password);
  await page.getByRole('button', { name: en('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
}

/** The stored value of one option, read by root through the API. */
async function storedOption(key: string): Promise<string | undefined> {
  const cookie = await signIn(server.url, 'root', server.rootPassword);
  const response = await fetch(`${server.url}/api/option/`, { headers: { cookie } });
  const body = (await response.json()) as { data: { key: string; value: string }[] };
  return body.data.find((entry) => entry.key === key)?.value;
}

const label = (key: string) => en(`options.fields.${key}.label`);

describe('settings journey', () => {
  it('root changes the new-user quota, saves, reloads and keeps it; a bad value is refused and not stored', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'root', server.rootPassword);

    // Given the settings screen, when root opens it from the menu, then the Operation tab shows.
    const sidebar = page.getByRole('navigation', { name: en('web.sidebar') });
    await sidebar.getByRole('link', { name: en('nav.setting') }).click();
    await page.waitForURL('**/panel/setting');
    // Every first fetch settled (options, site, strings) before typing, so no late answer re-renders over it.
    await page.waitForLoadState('networkidle');
    const quota = page.getByRole('region', { name: en('options.cards.quota'), exact: true });
    const newUserQuota = quota.getByLabel(label('QuotaForNewUser'), { exact: true });
    await expect(newUserQuota.inputValue()).resolves.toBe('0');

    // When the new-user quota is set to 2500 and the card saved, then it is kept across a reload.
    await newUserQuota.fill('2500');
    await expect(newUserQuota.inputValue()).resolves.toBe('2500');
    await quota.getByRole('button', { name: en('options.screen.save'), exact: true }).click();
    await page.getByText(en('options.screen.saved')).first().waitFor();
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: en('options.cards.quota'), exact: true })
        .getByLabel(label('QuotaForNewUser'), { exact: true })
        .inputValue(),
    ).resolves.toBe('2500');
    await expect(storedOption('QuotaForNewUser')).resolves.toBe('2500');

    // When a negative quota is typed, then core's rule shows next to the field and Save stores nothing.
    await newUserQuota.fill('-5');
    const refusal = en('options.errors.min', { option: label('QuotaForNewUser'), min: 0 });
    await quota.getByText(refusal).waitFor();
    await quota.getByRole('button', { name: en('options.screen.save'), exact: true }).click();
    await page.getByText(en('options.screen.fix_errors')).first().waitFor();
    await expect(storedOption('QuotaForNewUser')).resolves.toBe('2500');

    // Chat links: a row added is edited in place; Save refuses it without a URL, then keeps it, and the
    // card's Save stores the list.
    const links = page.getByRole('region', { name: en('options.cards.chat_links'), exact: true });
    await links.getByText(en('options.screen.chat_links_note')).waitFor();
    await links.getByRole('button', { name: en('options.screen.chat_link_add') }).click();
    await links.getByLabel(`${en('options.screen.chat_link_name')} 1`).fill('Journey Chat');
    await links.getByRole('button', { name: en('options.screen.chat_link_save', { index: 1 }) }).click();
    await page
      .getByText(en('options.errors.chat_link_url', { index: 1, option: label('ChatLinks') }))
      .first()
      .waitFor();
    await links
      .getByLabel(`${en('options.screen.chat_link_url')} 1`)
      .fill('https://chat.example/#/?key={key}');
    await links.getByRole('button', { name: en('options.screen.chat_link_save', { index: 1 }) }).click();
    await links.getByRole('cell', { name: 'Journey Chat', exact: true }).waitFor();
    await links.getByRole('button', { name: en('options.screen.save'), exact: true }).click();
    await page.getByText(en('options.screen.saved')).first().waitFor();
    await expect
      .poll(async () => JSON.parse((await storedOption('ChatLinks')) ?? '[]'), { timeout: 10_000 })
      .toEqual([{ name: 'Journey Chat', url: 'https://chat.example/#/?key={key}', show: false, sort: 0 }]);

    // When historical logs are cleared, then a confirmation comes first and the count is reported.
    const logs = page.getByRole('region', { name: en('options.cards.log'), exact: true });
    await logs.getByRole('button', { name: en('options.screen.clear_logs') }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: en('options.screen.clear_logs') }).click();
    await page
      .getByText(en('options.screen.logs_cleared', { count: 0 }))
      .first()
      .waitFor();

    // When GitHub OAuth is switched on without a client id, then the server's pre-check refusal shows
    // beside the switch and the switch stays off.
    await page.getByRole('tab', { name: en('options.tabs.system') }).click();
    await page.waitForURL('**/panel/setting#system');
    const login = page.getByRole('region', { name: en('options.cards.login'), exact: true });
    const github = login.getByRole('switch', { name: label('GitHubOAuthEnabled') });
    await github.click({ force: true });
    await login.getByText(en('options.errors.github_needs_client_id')).waitFor();
    await expect(github.isChecked()).resolves.toBe(false);
    await expect(storedOption('GitHubOAuthEnabled')).resolves.toBe('false');

    // The GitHub card names the callback URL built from the address the console is served at.
    await page
      .getByRole('region', { name: en('options.cards.github'), exact: true })
      .getByText(`${server.url}/oauth/github`, { exact: false })
      .waitFor();

    // When the SMTP token is typed and saved, then it is stored but never sent back to the screen.
    const smtp = page.getByRole('region', { name: en('options.cards.smtp'), exact: true });
    await smtp.getByLabel(label('SMTPToken'), { exact: true }).fill('smtp-secret-token');
    await smtp.getByRole('button', { name: en('options.screen.save'), exact: true }).click();
    await page.getByText(en('options.screen.saved')).first().waitFor();
    // An earlier save's toast may still be up: the field is read until the reloaded options clear it.
    await expect.poll(() => smtp.getByLabel(label('SMTPToken'), { exact: true }).inputValue()).toBe('');
    await expect(storedOption('SMTPToken')).resolves.toBeUndefined();
    await expect(page.content()).resolves.not.toContain('smtp-secret-token');

    // When a switch without pre-check is flipped, then it saves at once and stays flipped after a reload.
    const register = login.getByRole('switch', { name: label('RegisterEnabled') });
    await register.click({ force: true });
    await page.getByText(en('options.screen.set_done')).first().waitFor();
    await expect(storedOption('RegisterEnabled')).resolves.toBe('false');
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: en('options.cards.login'), exact: true })
        .getByRole('switch', { name: label('RegisterEnabled') })
        .isChecked(),
    ).resolves.toBe(false);
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    // When the system name is saved with its own button, then the shell shows it without a reload.
    await page.getByRole('tab', { name: en('options.tabs.other') }).click();
    const personalisation = page.getByRole('region', {
      name: en('options.cards.personalisation'),
      exact: true,
    });
    await personalisation.getByLabel(label('SystemName'), { exact: true }).fill('Journey Gateway');
    await personalisation
      .getByRole('button', { name: en('options.screen.save_field', { label: label('SystemName') }) })
      .click();
    await page.getByRole('link', { name: en('web.home_link', { name: 'Journey Gateway' }) }).waitFor();
    await expect(storedOption('SystemName')).resolves.toBe('Journey Gateway');
    // The copyright warning sits above the footer; the logo has its own "Set".
    await personalisation.getByText(en('options.screen.copyright_note')).waitFor();
    await expect(
      personalisation
        .getByRole('button', { name: en('options.screen.save_field', { label: label('Logo') }) })
        .textContent(),
    ).resolves.toBe(en('options.screen.set'));

    // Check update asks GitHub from the browser (a stand-in answers here): a newer release, its notes.
    await page.route('https://api.github.com/**', (route) =>
      route.fulfill({
        json: {
          tag_name: 'v99.0.0',
          body: '## Faster relays',
          html_url: 'https://github.com/MartialBE/one-hub/releases/tag/v99.0.0',
        },
      }),
    );
    await page.getByRole('button', { name: en('options.screen.check_update') }).click();
    const update = page.getByRole('dialog', { name: en('options.screen.update_title', { tag: 'v99.0.0' }) });
    await update.getByRole('heading', { name: 'Faster relays' }).waitFor();
    // Blueprint's anchor button: a link drawn as a button, to the release page.
    await expect(
      update.getByRole('button', { name: en('options.screen.update_view') }).getAttribute('href'),
    ).resolves.toBe('https://github.com/MartialBE/one-hub/releases/tag/v99.0.0');
    await update
      .getByRole('button', { name: en('common.close') })
      .last()
      .click();
    await update.waitFor({ state: 'detached' });

    for (const tab of ['operation', 'other']) {
      await page.getByRole('tab', { name: en(`options.tabs.${tab}`) }).click();
      await page.waitForURL(`**/panel/setting#${tab}`);
      await page.screenshot({ path: SCREENSHOT.replace('.png', `-${tab}.png`), fullPage: true });
    }
    await context.close();
  });

  it('a plain user typing the settings address is refused', async () => {
    const cookie = await signIn(server.url, 'root', server.rootPassword);
    const created = await fetch(`${server.url}/api/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ username: 'bob', password: 'bob-password-1', display_name: 'Bob' }),
    });
    expect(((await created.json()) as { success: boolean }).success).toBe(true);
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'bob', 'bob-password-1');
    await page.goto(`${server.url}/panel/setting`);
    await page.waitForURL('**/panel/404');
    await expect(page.getByLabel(label('QuotaForNewUser')).count()).resolves.toBe(0);
    await context.close();
  });
});
