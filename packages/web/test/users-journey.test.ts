// The Users screen (console-screens §5) in real headless Chromium against a real `gw serve`: the
// screen kit drawing core's USERS_SCREEN, every change checked against the server's own answer.
import { readFileSync } from 'node:fs';
import { translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { closeDialog, journeyFixture, openConsole, signedInContext } from './browser';
import { describe, expect, it } from 'vitest';

type T = (key: string, params?: Record<string, unknown>) => string;
const en: T = (key, params) => translate('en_US', key, params);
const zh: T = (key, params) => translate('zh_CN', key, params);

const journey = journeyFixture();

/** The users the server holds whose name starts with `prefix` (root's view through the API). */
async function storedUsers(
  prefix: string,
): Promise<{ username: string; display_name: string; status: number; quota: number }[]> {
  const answer = await fetch(
    `${journey.server.url}/api/user/?keyword=${encodeURIComponent(prefix)}&size=100`,
    {
      headers: { cookie: journey.rootCookie },
    },
  );
  const body = (await answer.json()) as {
    data: { data: { username: string; display_name: string; status: number; quota: number }[] };
  };
  return body.data.data.filter((user) => user.username.startsWith(prefix));
}

/** The roles of the users whose name starts with `prefix`. */
async function storedRoles(prefix: string): Promise<number[]> {
  const answer = await fetch(
    `${journey.server.url}/api/user/?keyword=${encodeURIComponent(prefix)}&size=100`,
    {
      headers: { cookie: journey.rootCookie },
    },
  );
  const body = (await answer.json()) as { data: { data: { username: string; role: number }[] } };
  return body.data.data.filter((user) => user.username.startsWith(prefix)).map((user) => user.role);
}

/** The header and body cells with a text broken over more than one line (a title broken per character). */
function wrappedCells(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('.gw-table th, .gw-table td')].flatMap((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size > 1) return [cell.textContent ?? ''];
      }
      return [];
    }),
  );
}

/** `username` signed in (see `signedInContext`) on the console screen at `to`, in `locale`, `width` px wide. */
async function openAs(
  username: string,
  password: string,
  locale: 'en-US' | 'zh-CN',
  width = 1400,
  to: `/panel/${string}` = '/panel/dashboard',
) {
  const context = await signedInContext(journey.browser, journey.server.url, username, password, {
    language: locale === 'en-US' ? 'en_US' : 'zh_CN',
    locale,
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await openConsole(context, journey.server.url, to);
  return { context, page };
}

const userRow = (page: Page, username: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: username, exact: true }) });

/**
 * Create, field errors with nothing stored, edit, switch off and on, filter in the URL, delete: on the
 * Users screen `page` shows.
 */
async function userJourney(page: Page, t: T, name: string) {
  await userRow(page, 'root').waitFor();

  // Given the editor opened with "New", when the password is too short, then the field says so
  // and nothing is stored.
  await page.getByRole('button', { name: t('web.kit.new') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: t('users.fields.username') }).fill(name);
  await dialog.getByRole('textbox', { name: t('users.fields.password') }).fill('short');
  await dialog.getByRole('textbox', { name: t('users.fields.password') }).press('Enter');
  await dialog
    .getByText(t('validation.user.password_length', { min: 8, max: 20, field: t('users.fields.password') }))
    .waitFor();
  expect(await storedUsers(name)).toEqual([]);

  // When the password is long enough, then the user is created and listed.
  await dialog.getByRole('textbox', { name: t('users.fields.password') }).fill(`${name}-password-1`);
  await dialog.getByRole('button', { name: t('common.submit') }).click();
  await page.getByText(t('users.screen.created')).first().waitFor();
  await userRow(page, name).waitFor();
  expect((await storedUsers(name)).map((user) => user.username)).toEqual([name]);

  // When its display name is edited, then the row shows it.
  await userRow(page, name)
    .getByRole('button', { name: t('web.kit.more_actions', { name }) })
    .click();
  await page.getByRole('menuitem', { name: t('common.edit') }).click();
  await dialog.getByRole('textbox', { name: t('users.fields.display_name') }).fill('Shown');
  await dialog.getByRole('button', { name: t('common.submit') }).click();
  await userRow(page, `${name} (Shown)`).waitFor();
  expect((await storedUsers(name))[0]?.display_name).toBe('Shown');

  // When more is deducted than the balance holds, then the amount field says so and nothing changes;
  // when $10 is added with a remark, then the server holds 10 × 500 000 more points.
  const before = (await storedUsers(name))[0]?.quota ?? 0;
  const openQuota = async () => {
    await userRow(page, `${name} (Shown)`)
      .getByRole('button', { name: t('web.kit.more_actions', { name }) })
      .click();
    await page.getByRole('menuitem', { name: t('users.screen.change_quota') }).click();
  };
  await openQuota();
  const amount = dialog.getByRole('textbox', { name: t('users.screen.quota_delta') });
  await amount.fill(String(-(before / 500_000 + 1)));
  await amount.press('Enter');
  await dialog.getByText(t('users.errors.quota_below_zero')).waitFor();
  expect((await storedUsers(name))[0]?.quota).toBe(before);
  await amount.fill('10');
  await dialog.getByText(t('web.kit.quota_points', { points: '5,000,000' })).waitFor();
  await dialog.getByRole('textbox', { name: t('users.screen.remark') }).fill('journey top-up');
  await dialog.getByRole('button', { name: t('common.submit') }).click();
  await page.getByText(t('users.screen.quota_changed')).first().waitFor();
  expect((await storedUsers(name))[0]?.quota).toBe(before + 5_000_000);

  // When root makes it reliable staff, then the server holds role 3 and the role chip says so; the
  // menu then offers "common user" instead, which sets it back.
  const roleOf = async () => (await storedRoles(name))[0];
  await userRow(page, `${name} (Shown)`)
    .getByRole('button', { name: t('web.kit.more_actions', { name }) })
    .click();
  await page.getByRole('menuitem', { name: t('users.screen.set_reliable') }).click();
  await page.getByText(t('users.screen.role_changed')).first().waitFor();
  await expect.poll(roleOf).toBe(3);
  await userRow(page, `${name} (Shown)`).getByText(t('roles.reliable'), { exact: true }).waitFor();
  await userRow(page, `${name} (Shown)`)
    .getByRole('button', { name: t('web.kit.more_actions', { name }) })
    .click();
  await expect(page.getByRole('menuitem', { name: t('users.screen.set_reliable') }).count()).resolves.toBe(0);
  await page.getByRole('menuitem', { name: t('users.screen.set_admin') }).click();
  await expect.poll(roleOf).toBe(10);
  await userRow(page, `${name} (Shown)`)
    .getByRole('button', { name: t('web.kit.more_actions', { name }) })
    .click();
  await page.getByRole('menuitem', { name: t('users.screen.set_common') }).click();
  await expect.poll(roleOf).toBe(1);

  // When the username header cell (not only its button) is clicked, then the list sorts by it.
  await page.getByRole('columnheader', { name: new RegExp(t('users.fields.username')) }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('order')).toBe('-username');
  await page.goto(`${journey.server.url}/panel/user`);

  // When its switch is turned off, then the server holds it disabled and the row says so; on again.
  const row = userRow(page, `${name} (Shown)`);
  const toggle = row.getByRole('switch', { name: t('users.screen.status_switch', { name }) });
  await toggle.click({ force: true });
  await row.getByText(t('users.status.disabled'), { exact: true }).waitFor();
  expect((await storedUsers(name))[0]?.status).toBe(2);
  await toggle.click({ force: true });
  await row.getByText(t('users.status.enabled'), { exact: true }).waitFor();
  expect((await storedUsers(name))[0]?.status).toBe(1);

  // When a keyword is searched, then it is in the URL, and a reload shows the same filtered list.
  const search = page.getByRole('searchbox', { name: t('common.search') });
  await search.fill(name);
  await search.press('Enter');
  await page.waitForURL(`**/panel/user?keyword=${name}`);
  await expect.poll(() => userRow(page, 'root').count()).toBe(0);
  await page.reload();
  await row.waitFor();
  await expect(page.getByRole('searchbox', { name: t('common.search') }).inputValue()).resolves.toBe(name);
  await expect.poll(() => userRow(page, 'root').count()).toBe(0);

  // When it is deleted and the question confirmed, then it is gone from the list and the journey.server.
  await row.getByRole('button', { name: t('web.kit.more_actions', { name }) }).click();
  await page.getByRole('menuitem', { name: t('common.delete') }).click();
  const question = page.getByRole('alertdialog');
  await question.getByText(t('users.screen.delete_confirm', { name })).waitFor();
  await question.getByRole('button', { name: t('common.delete') }).click();
  await page.getByText(t('users.screen.deleted')).first().waitFor();
  // The list is still searched for it: "no search results", not "no data" (§17.1's rule, kit-wide).
  await page.getByRole('cell', { name: t('common.no_results') }).waitFor();
  expect(await storedUsers(name)).toEqual([]);
}

describe('users screen journey', () => {
  it('root creates, edits, disables, filters and deletes a user (English)', async () => {
    const { context, page } = await openAs('root', journey.server.rootPassword, 'en-US', 1400, '/panel/user');
    await userJourney(page, en, 'bob');
    await context.close();
  }, 180_000);

  it('root does the same in Chinese (the default language)', async () => {
    const { context, page } = await openAs('root', journey.server.rootPassword, 'zh-CN', 1400, '/panel/user');
    await userJourney(page, zh, 'carol');
    await context.close();
  }, 180_000);

  it('keys: / focuses the search, n opens the editor, ? lists the keys; CSV holds the filtered list', async () => {
    const { context, page } = await openAs('root', journey.server.rootPassword, 'en-US', 1400, '/panel/user');
    await userRow(page, 'root').waitFor();
    await page.keyboard.press('/');
    await expect(page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).resolves.toBe(
      en('common.search'),
    );
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('n');
    const editor = page.getByRole('dialog', { name: en('users.screen.create') });
    await editor.waitFor();
    // By its close button: an Escape pressed before the focus moved into the dialog reaches the page.
    await closeDialog(editor);
    await page.keyboard.press('?');
    const shortcuts = page.getByRole('dialog', { name: en('web.kit.shortcuts_title') });
    await shortcuts.getByText(en('web.kit.shortcut_new')).waitFor();
    await closeDialog(shortcuts);

    // Given 3 users beside root, when the list filtered to "csv" is exported, then the file holds
    // the header and those three rows only (fetched page by page).
    for (const username of ['csv1', 'csv2', 'csv3']) {
      const created = await fetch(`${journey.server.url}/api/user/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
        body: JSON.stringify({ username, password: 'csv-password-1' }),
      });
      expect(((await created.json()) as { success: boolean }).success).toBe(true);
    }
    await page.goto(`${journey.server.url}/panel/user?keyword=csv&size=10`);
    await userRow(page, 'csv1').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en('web.kit.export_csv') }).click();
    const text = readFileSync(await (await download).path(), 'utf8');
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]?.split(',')[1]).toBe(en('users.fields.username'));
    expect(
      lines
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort(),
    ).toEqual(['csv1', 'csv2', 'csv3']);
    await page.goto(`${journey.server.url}/panel/user`);
    await userRow(page, 'csv1')
      .getByRole('button', { name: en('web.kit.more_actions', { name: 'csv1' }) })
      .click();
    await page.screenshot({ path: '/tmp/gw-web-users-1400.png' });
    await context.close();
  });

  it('a plain user is refused the screen', async () => {
    const created = await fetch(`${journey.server.url}/api/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
      body: JSON.stringify({ username: 'plain', password: 'plain-password-1' }),
    });
    expect(((await created.json()) as { success: boolean }).success).toBe(true);
    for (const locale of ['en-US', 'zh-CN'] as const) {
      const { context, page } = await openAs('plain', 'plain-password-1', locale);
      await page.goto(`${journey.server.url}/panel/user`);
      await page.waitForURL('**/panel/404');
      await expect(page.getByRole('table').count()).resolves.toBe(0);
      await context.close();
    }
  });

  it('the list fits a 390 px phone: icon-only toolbar, the table scrolls inside its frame', async () => {
    const { context, page } = await openAs('root', journey.server.rootPassword, 'en-US', 390, '/panel/user');
    await userRow(page, 'root').waitFor();
    const create = page.getByRole('button', { name: en('web.kit.new') });
    await expect(create.textContent()).resolves.toBe('');
    const widths = await page.evaluate(() => {
      const frame = document.querySelector('.gw-table-wrap') as HTMLElement;
      return {
        page: document.documentElement.scrollWidth,
        frame: frame.clientWidth,
        table: frame.scrollWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    // Columns core ranks low (bindings, sign-in times) make room; the status switch stays.
    await expect(page.getByRole('columnheader', { name: en('users.fields.bindings') }).count()).resolves.toBe(
      0,
    );
    await expect(userRow(page, 'root').getByRole('switch').count()).resolves.toBe(1);
    expect(widths.table).toBeGreaterThan(widths.frame);
    expect(await wrappedCells(page)).toEqual([]);
    await page.screenshot({ path: '/tmp/gw-web-users-390.png', fullPage: true });
    // The same in the dark theme, saved for a look.
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await userRow(page, 'root').waitFor();
    await page.screenshot({ path: '/tmp/gw-web-users-390-dark.png', fullPage: true });
    await context.close();
  });

  it('in Chinese at 390 px, headers and Chinese names stay on one line; the table scrolls instead', async () => {
    const created = await fetch(`${journey.server.url}/api/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
      body: JSON.stringify({
        username: '张三丰',
        password: 'zhang-password-1',
        display_name: '太极拳宗师张三丰',
      }),
    });
    expect(((await created.json()) as { success: boolean }).success).toBe(true);
    const { context, page } = await openAs('root', journey.server.rootPassword, 'zh-CN', 390, '/panel/user');
    await userRow(page, '张三丰 (太极拳宗师张三丰)').waitFor();
    expect(await wrappedCells(page)).toEqual([]);
    const widths = await page.evaluate(() => {
      const frame = document.querySelector('.gw-table-wrap') as HTMLElement;
      return {
        page: document.documentElement.scrollWidth,
        frame: frame.clientWidth,
        table: frame.scrollWidth,
      };
    });
    expect(widths.page).toBeLessThanOrEqual(390);
    expect(widths.table).toBeGreaterThan(widths.frame);
    await context.close();
  });
});
