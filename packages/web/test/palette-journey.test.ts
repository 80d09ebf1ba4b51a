// The command palette and the console's `?` list in real headless Chromium against a real `gw serve`:
// Ctrl+K jumps to a screen by typing, finds a token on the server, runs "test all channels" after its
// question; a plain user's palette holds no admin screen.
import { translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { focusInside, journeyFixture, openConsole, signedInContext } from './browser';
import { describe, expect, it } from 'vitest';

type T = (key: string, params?: Record<string, unknown>) => string;
const en: T = (key, params) => translate('en_US', key, params);
const zh: T = (key, params) => translate('zh_CN', key, params);

const journey = journeyFixture();

async function api(path: string, body: unknown, cookie = journey.rootCookie) {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify(body),
  });
  const reply = (await answer.json()) as { success: boolean; message: string };
  expect(reply.success, reply.message).toBe(true);
}

async function openAs(username: string, password: string, locale: 'en-US' | 'zh-CN') {
  const context = await signedInContext(journey.browser, journey.server.url, username, password, {
    language: locale === 'en-US' ? 'en_US' : 'zh_CN',
    locale,
    viewport: { width: 1400, height: 900 },
  });
  const page = await openConsole(context, journey.server.url);
  return { context, page };
}

/** Opens the palette with the keyboard and types into it. */
async function typeInPalette(page: Page, t: T, text: string) {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: t('palette.title') });
  await input.waitFor();
  await input.fill(text);
  return input;
}

/** The palette's dialog (English). */
const palette = (page: Page) => page.getByRole('dialog', { name: en('palette.title') });

/** The highlighted entry of the palette's list. */
const chosen = (page: Page) =>
  page.getByRole('listbox', { name: en('palette.title') }).getByRole('option', { selected: true });

const option = (page: Page, title: string) =>
  page.getByRole('option').filter({ has: page.getByText(title, { exact: true }) });

describe('command palette journey', () => {
  it('root jumps to Users by typing, finds a token by name and tests all channels after the question', async () => {
    await api('/api/token/', {
      name: 'palette-key',
      remain_quota: 0,
      unlimited_quota: true,
      expired_time: -1,
    });
    await api('/api/channel/', {
      type: 1,
      name: 'palette-channel',
      key: 'sk-palette',
      // Nothing listens there: "test all" must not reach a real upstream.
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o',
      group: 'default',
    });
    const { context, page } = await openAs('root', journey.server.rootPassword, 'en-US');

    // When root types "users" in the palette, then Users is the chosen entry and Enter opens it.
    let input = await typeInPalette(page, en, 'users');
    await expect.poll(() => chosen(page).textContent()).toContain(en('nav.user'));
    await input.press('Enter');
    await page.waitForURL('**/panel/user');
    await page.getByRole('heading', { name: en('users.title') }).waitFor();

    // When root types the token's name, then the server's token is listed under Tokens; Enter opens
    // the token list on it.
    input = await typeInPalette(page, en, 'palette-k');
    const tokens = page.getByRole('group', { name: en('palette.groups.tokens') });
    await tokens.getByRole('option').filter({ hasText: 'palette-key' }).waitFor();
    await input.press('ArrowDown');
    await input.press('ArrowUp');
    await expect.poll(() => chosen(page).textContent()).toContain('palette-key');
    await input.press('Enter');
    await page.waitForURL('**/panel/token?keyword=palette-key');
    // Then the token list shows that token, searched by its name.
    await expect(page.getByPlaceholder(en('tokens.search_placeholder')).inputValue()).resolves.toBe(
      'palette-key',
    );
    await page.getByRole('row').filter({ hasText: 'palette-key' }).waitFor();

    // When an admin types a user's name or a channel's id, then the server's record is listed; a
    // channel opens the channel list filtered to its name.
    input = await typeInPalette(page, en, 'roo');
    const users = page.getByRole('group', { name: en('palette.groups.users') });
    await users.getByRole('option').filter({ hasText: 'root' }).waitFor();
    await focusInside(palette(page));
    await page.keyboard.press('Escape');
    await palette(page).waitFor({ state: 'detached' });
    input = await typeInPalette(page, en, '#1');
    const channels = page.getByRole('group', { name: en('palette.groups.channels') });
    await channels.getByRole('option').filter({ hasText: 'palette-channel' }).waitFor();
    await channels.getByRole('option').filter({ hasText: 'palette-channel' }).click();
    await page.waitForURL('**/panel/channel?name=palette-channel');

    // When "test all" is chosen, then a question comes first; confirmed, the server starts the test.
    input = await typeInPalette(page, en, 'test all');
    await option(page, en('palette.actions.test_all_channels')).waitFor();
    await input.press('Enter');
    const question = page.getByRole('alertdialog');
    await question.getByText(en('palette.confirm.test_all_channels')).waitFor();
    await question.getByRole('button', { name: en('palette.actions.test_all_channels') }).click();
    await page.getByText(en('palette.done.test_all_channels')).first().waitFor();

    // The top bar's button opens the palette too; Esc closes it. The question's overlay closes first:
    // a click while it fades (and returns the focus) is not the button's.
    await question.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: en('web.open_palette') }).click();
    await page.getByRole('combobox', { name: en('palette.title') }).waitFor();
    await focusInside(palette(page));
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: en('palette.title') }).waitFor({ state: 'detached' });

    // `?` outside a list screen lists the console's keys, Ctrl+K among them.
    await page.goto(`${journey.server.url}/panel/dashboard`);
    await page.getByRole('navigation', { name: en('web.sidebar') }).waitFor();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const list = page.getByRole('dialog', { name: en('web.kit.shortcuts_title') });
    await list.getByText(en('palette.shortcuts.palette')).waitFor();
    await list.getByText(en('web.kit.shortcut_new')).waitFor();
    await context.close();
  });

  it('a plain user’s palette (in Chinese) shows no admin screen and no admin action', async () => {
    await api('/api/user/', { username: 'pat', password: 'pat-password-1', display_name: 'Pat' });
    const { context, page } = await openAs('pat', 'pat-password-1', 'zh-CN');
    await typeInPalette(page, zh, '');
    await option(page, zh('nav.token')).waitFor();
    const titles = await page.getByRole('option').allTextContents();
    for (const key of ['nav.user', 'nav.channel', 'nav.setting', 'nav.analytics', 'nav.redemption']) {
      expect(titles.some((title) => title.startsWith(zh(key)))).toBe(false);
    }
    await expect(page.getByRole('group', { name: zh('palette.groups.actions') }).count()).resolves.toBe(0);
    // Typing an admin screen's name finds nothing; its id neither.
    await page.getByRole('combobox', { name: zh('palette.title') }).fill('channel');
    await page.getByText(zh('palette.no_results', { query: 'channel' })).waitFor();
    await context.close();
  });
});
