// The token screen (console-screens §2) in real headless Chromium against a real `gw serve`: the admin
// search by owner, the group and backup-group selects fed by the user's groups, the chat-link menus fed
// by the ChatLinks option, and every §2.1 editor field with its refusals — en_US at 1440 px, zh_CN at 390.
import { fillChatLink, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeDialog, columnsUnderActions, journeyFixture, rootApi, signInRootAs } from './browser';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);
const journey = journeyFixture();
const LINKS = [
  { name: 'Web Chat', url: 'https://chat.example/?key={key}&server={server}', show: true, sort: 2 },
  { name: 'Desk App', url: 'opencat://team/join?domain={server}&token={key}', show: false, sort: 1 },
];
let bobId = 0;

interface StoredToken {
  id: number;
  name: string;
  key: string;
  group: string;
  backup_group: string;
  unlimited_quota: boolean;
  remain_quota: number;
  expired_time: number;
  setting: {
    heartbeat: { enabled: boolean; timeout_seconds: number };
    limits: { limits_ip_setting: { enabled: boolean; whitelist: string[] } };
  };
}

async function rootToken(name: string): Promise<StoredToken | undefined> {
  const page = await rootApi<{ data: StoredToken[] }>(
    journey,
    'GET',
    `/api/token/?page=1&size=50&keyword=${name}`,
  );
  return page.data.find((token) => token.name === name);
}

beforeAll(async () => {
  // Given a public VIP group, two chat links, and bob with a token of his own.
  await rootApi(journey, 'POST', '/api/user_group/', { symbol: 'vip', name: 'VIP', ratio: 2, public: true });
  await rootApi(journey, 'PUT', '/api/option/', { key: 'ChatLinks', value: JSON.stringify(LINKS) });
  await rootApi(journey, 'POST', '/api/user/', {
    username: 'bob',
    password: 'bob-password-1',
    display_name: 'Bob',
  });
  const users = await rootApi<{ data: { id: number; username: string }[] }>(
    journey,
    'GET',
    '/api/user/?page=1&size=20',
  );
  bobId = users.data.find((user) => user.username === 'bob')?.id ?? 0;
  const login = await fetch(`${journey.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bob', password: 'bob-password-1' }),
  });
  const cookie = login.headers.get('set-cookie')?.split(';')[0] ?? '';
  const made = await fetch(`${journey.server.url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ name: 'bob-key', unlimited_quota: true }),
  });
  expect(((await made.json()) as { success: boolean }).success).toBe(true);
  await rootApi(journey, 'POST', '/api/token/', { name: 'root-key', unlimited_quota: true });
}, 60_000);

/** The editor's text box or select whose label starts with `label` (a required one ends in "*"). */
const field = (page: Page, role: 'textbox' | 'combobox' | 'spinbutton', label: string) =>
  page.getByRole('dialog').getByRole(role, { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
const toggle = (page: Page, label: string) => page.getByRole('dialog').getByRole('switch', { name: label });

describe('token screen', () => {
  it('en_US at 1440 px: the editor’s fields and refusals, group selects, chat-link menus and the admin search', async () => {
    const page = await signInRootAs(journey, 'en_US', 1440, { clipboard: true, to: '/panel/token' });
    await page.getByRole('row').filter({ hasText: 'root-key' }).waitFor();

    // When root opens a new token and fills every §2.1 field with wrong values, then each is refused.
    await page.getByRole('button', { name: en('web.kit.new') }).click();
    await field(page, 'textbox', en('tokens.fields.name')).fill('editor-key');
    await toggle(page, en('tokens.fields.never_expires')).click({ force: true });
    await page
      .getByRole('dialog')
      .getByLabel(`${en('tokens.fields.expired_time')}: ${en('common.date')}`)
      .fill('2020-01-01');
    await page
      .getByRole('dialog')
      .getByLabel(`${en('tokens.fields.expired_time')}: ${en('common.time')}`)
      .fill('10:00');
    await toggle(page, en('tokens.fields.unlimited_quota')).click({ force: true });
    // A quota is read by core's parseQuotaInput, as in the TUI and CLI: words are refused, saying why.
    await field(page, 'textbox', en('tokens.fields.quota')).fill('two dollars');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('common.submit') })
      .click();
    await page
      .getByText(en('money.input.invalid', { field: en('tokens.fields.quota'), text: 'two dollars' }))
      .waitFor();
    await field(page, 'textbox', en('tokens.fields.quota')).fill('$2');
    await toggle(page, en('tokens.fields.heartbeat_enabled')).click({ force: true });
    await field(page, 'spinbutton', en('tokens.fields.heartbeat_timeout')).fill('10');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('common.submit') })
      .click();
    await page.getByText(en('validation.token.expiry_past')).waitFor();
    await page.getByText(en('validation.token.heartbeat_range', { min: 30, max: 90 })).waitFor();

    // The group selects offer "follow the user's group" and the groups with their ratios; a backup
    // group equal to the primary is cleared.
    const group = field(page, 'combobox', en('tokens.fields.group'));
    await expect(group.locator('option').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([en('tokens.follow_user_group'), 'VIP (2)']),
    );
    await group.selectOption('vip');
    const backup = field(page, 'combobox', en('tokens.fields.backup_group'));
    await backup.selectOption('vip');
    await expect.poll(() => backup.inputValue()).toBe('');
    await backup.selectOption('default');

    // When the values are put right and the IP whitelist is on, then the token is stored as typed.
    const nextYear = new Date().getFullYear() + 1;
    await page
      .getByRole('dialog')
      .getByLabel(`${en('tokens.fields.expired_time')}: ${en('common.date')}`)
      .fill(`${nextYear}-06-01`);
    await field(page, 'spinbutton', en('tokens.fields.heartbeat_timeout')).fill('45');
    await toggle(page, en('tokens.fields.limit_ips')).click({ force: true });
    await field(page, 'textbox', en('tokens.fields.ip_whitelist')).fill('10.0.0.1\n\n10.0.0.0/8');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: en('common.submit') })
      .click();
    const created = page.getByRole('dialog', { name: en('tokens.created') });
    await created.getByText(en('tokens.key_reuse')).waitFor();
    await created
      .getByRole('button', { name: en('common.close'), exact: true })
      .last()
      .click();
    const stored = await rootToken('editor-key');
    expect(stored).toMatchObject({
      group: 'vip',
      backup_group: 'default',
      unlimited_quota: false,
      remain_quota: 1_000_000,
      setting: {
        heartbeat: { enabled: true, timeout_seconds: 45 },
        limits: { limits_ip_setting: { enabled: true, whitelist: ['10.0.0.1', '10.0.0.0/8'] } },
      },
    });
    expect(new Date((stored?.expired_time ?? 0) * 1000).getFullYear()).toBe(nextYear);

    // When root copies a chat link from the row's Copy ▾ menu, then the clipboard holds it filled.
    const row = page.getByRole('row').filter({ hasText: 'editor-key' });
    await row.getByRole('button', { name: en('web.tokens.copy_link_menu', { name: 'editor-key' }) }).click();
    await page.getByRole('menuitem', { name: 'Web Chat' }).click();
    const server = journey.server.url.replace(/\/+$/, '');
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(fillChatLink(LINKS[0]?.url ?? '', stored?.key ?? '', server));
    // And the Chat ▾ menu lists every chat link, highest sort first.
    await row
      .getByRole('button', { name: en('web.tokens.chat_menu', { name: 'editor-key' }), exact: true })
      .click();
    await expect(page.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['Web Chat', 'Desk App']);
    // The menu takes Escape wherever the focus is (a listener on the document).
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    // On root's own list there is no owner column (core's rule: the admin search's only).
    const ownerHeader = page.getByRole('columnheader', { name: en('tokens.fields.owner'), exact: true });
    await expect(ownerHeader.count()).resolves.toBe(0);

    // When root opens the admin search card (collapsed while no id is set) and searches by bob's user
    // id, then bob's token shows with its owner and only the Copy button (`id - display name`).
    const adminSearch = page.getByRole('button', { name: en('web.kit.admin_search') });
    await expect(adminSearch.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(page.getByRole('spinbutton', { name: en('token_screen.owner_id') }).count()).resolves.toBe(
      0,
    );
    await adminSearch.click();
    // Each id keeps its name in sight beside the field once a number is typed; blank reads "Any".
    const ownerField = page.getByRole('spinbutton', { name: en('token_screen.owner_id') });
    await expect(ownerField.getAttribute('placeholder')).resolves.toBe(en('web.kit.filter_any'));
    await ownerField.fill(String(bobId));
    for (const key of ['token_screen.owner_id', 'token_screen.token_id']) {
      const named = page.locator('.gw-filter-labelled').filter({
        has: page.getByRole('spinbutton', { name: en(key) }),
      });
      await expect(named.innerText()).resolves.toBe(en(key));
      await expect(named.getByText(en(key), { exact: true }).isVisible()).resolves.toBe(true);
    }
    await page.getByRole('spinbutton', { name: en('token_screen.owner_id') }).press('Enter');
    const bobRow = page.getByRole('row').filter({ hasText: 'bob-key' });
    await bobRow.waitFor();
    await expect(ownerHeader.count()).resolves.toBe(1);
    await expect(bobRow.innerText()).resolves.toContain(`${bobId} - Bob`);
    await expect(page.getByRole('row').filter({ hasText: 'editor-key' }).count()).resolves.toBe(0);
    await expect(
      bobRow.getByRole('button', { name: en('web.copy_token', { name: 'bob-key' }) }).count(),
    ).resolves.toBe(1);
    await expect(
      bobRow
        .getByRole('button', { name: en('web.tokens.chat_menu', { name: 'bob-key' }), exact: true })
        .count(),
    ).resolves.toBe(0);
    // The admin search's Owner column still leaves every column beside the sticky actions.
    await expect(columnsUnderActions(page)).resolves.toEqual({ covered: [], overflow: 0 });
    await page.screenshot({ path: '/tmp/gw-tokens-en_US-1440.png', fullPage: true });
    // Clear empties the ids: root's own list again, without the owner column.
    await page.getByRole('button', { name: en('web.kit.clear'), exact: true }).click();
    await page.getByRole('row').filter({ hasText: 'editor-key' }).waitFor();
    await expect(ownerHeader.count()).resolves.toBe(0);
    await expect(page.getByRole('row').filter({ hasText: 'bob-key' }).count()).resolves.toBe(0);
    // At 1440 px every column (Expires, Last used, Key) shows beside the sticky Copy / Chat / ⋯ column,
    // not under it: the dates and the group wrap instead.
    await expect(columnsUnderActions(page)).resolves.toEqual({ covered: [], overflow: 0 });
    await page.context().close();
  });

  it('zh_CN at 390 px: a nameless token is refused, groups and chat links are offered', async () => {
    const page = await signInRootAs(journey, 'zh_CN', 390, { clipboard: true, to: '/panel/token' });
    const row = page.getByRole('row').filter({ hasText: 'root-key' });
    await row.waitFor();
    await row
      .getByRole('button', { name: zh('web.tokens.chat_menu', { name: 'root-key' }), exact: true })
      .click();
    await expect(page.getByRole('menuitem').allInnerTexts()).resolves.toEqual(['Web Chat', 'Desk App']);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: zh('web.kit.new') }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: zh('common.submit') })
      .click();
    await page
      .getByRole('dialog')
      .getByText(zh('validation.required', { field: zh('tokens.fields.name') }))
      .waitFor();
    const group = field(page, 'combobox', zh('tokens.fields.group'));
    await expect(group.locator('option').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([zh('tokens.follow_user_group'), 'VIP (2)']),
    );
    await page.screenshot({ path: '/tmp/gw-tokens-zh_CN-390.png', fullPage: true });
    // Widened to 1440 px the Chinese list fits too: 跟随用户分组 breaks between its characters (it has
    // no spaces), so the key column is not left under the wider 复制 / 聊天 actions.
    await closeDialog(page.getByRole('dialog'));
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect
      .poll(() => columnsUnderActions(page), { timeout: 5_000 })
      .toEqual({ covered: [], overflow: 0 });
    // With the admin search open on bob's id the list gains the Owner column (所有者): still nothing
    // under the actions.
    await page.getByRole('button', { name: zh('web.kit.admin_search') }).click();
    const owner = page.getByRole('spinbutton', { name: zh('token_screen.owner_id') });
    await owner.fill(String(bobId));
    await owner.press('Enter');
    await page.getByRole('row').filter({ hasText: 'bob-key' }).waitFor();
    await page.getByRole('columnheader', { name: zh('tokens.fields.owner'), exact: true }).waitFor();
    await expect
      .poll(() => columnsUnderActions(page), { timeout: 5_000 })
      .toEqual({ covered: [], overflow: 0 });
    await page.screenshot({ path: '/tmp/gw-tokens-zh_CN-1440-owner.png', fullPage: true });
    await page.context().close();
  });
});
