// The operations screens (console-screens §4 redemption codes, §6 user groups, §18 model owners,
// §22 Telegram menus) in real headless Chromium against a real `gw serve`, in Chinese and in English:
// a bad form shows its field error and stores nothing, then create, edit, the screen's own actions and
// delete, each checked against the server's own answer; a plain user is refused every one of them.
import { readFileSync } from 'node:fs';
import { type Language, translate } from '@gw/core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { journeyFixture, openConsole, signedInContext } from './browser';

type T = (key: string, params?: Record<string, unknown>) => string;
const LANGUAGES: { language: 'zh_CN' | 'en_US'; locale: string; t: T; tag: string }[] = [
  { language: 'zh_CN', locale: 'zh-CN', t: (key, params) => translate('zh_CN', key, params), tag: 'zh' },
  { language: 'en_US', locale: 'en-US', t: (key, params) => translate('en_US', key, params), tag: 'en' },
];

// Each test walks a whole screen in a shared, often busy machine's Chromium.
vi.setConfig({ testTimeout: 150_000 });

const journey = journeyFixture();

async function openAs(username: string, password: string, language: Language, locale: string) {
  const context = await signedInContext(journey.browser, journey.server.url, username, password, {
    language,
    locale,
    viewport: { width: 1400, height: 900 },
    acceptDownloads: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: journey.server.url });
  return openConsole(context, journey.server.url);
}

/** What root reads from the API (the server's own answer, not the page's). */
async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${journey.server.url}${path}`, { headers: { cookie: journey.rootCookie } });
  return ((await answer.json()) as { data: T }).data;
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const textbox = (dialog: Locator, label: string) =>
  dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });
const number = (dialog: Locator, label: string) =>
  dialog.getByRole('spinbutton', { name: new RegExp(`^${label}`) });

/** "New", then submit with nothing entered: the named field says it is required. */
async function submitEmpty(page: Page, t: T, fieldKey: string): Promise<Locator> {
  await page.getByRole('button', { name: t('web.kit.new') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t('common.submit') }).click();
  await dialog.getByText(t('validation.required', { field: t(fieldKey) })).waitFor();
  return dialog;
}

async function submit(page: Page, t: T, dialog: Locator, savedKey: string) {
  await dialog.getByRole('button', { name: t('common.submit') }).click();
  await page.getByText(t(savedKey)).first().waitFor();
  await dialog.waitFor({ state: 'hidden' });
}

async function openMenu(page: Page, t: T, row: string, name: string, itemKey: string) {
  await rowOf(page, row)
    .getByRole('button', { name: t('web.kit.more_actions', { name }) })
    .click();
  await page.getByRole('menuitem', { name: t(itemKey) }).click();
}

/** Deletes a row through its menu and the question, then waits for the row to go. */
async function remove(page: Page, t: T, row: string, name: string, confirmKey: string, doneKey: string) {
  await openMenu(page, t, row, name, 'common.delete');
  const question = page.getByRole('alertdialog');
  await question.getByText(t(confirmKey, { name })).waitFor();
  await question.getByRole('button', { name: t('common.delete') }).click();
  await page.getByText(t(doneKey)).first().waitFor();
  await expect.poll(() => rowOf(page, row).count()).toBe(0);
}

describe.each(LANGUAGES)('operations screens journey as root ($language)', ({ language, locale, t, tag }) => {
  let page: Page;
  const open = async (route: string, titleKey: string) => {
    page ??= await openAs('root', journey.server.rootPassword, language, locale);
    await page.goto(`${journey.server.url}/panel/${route}`);
    await page.getByRole('heading', { name: t(titleKey) }).waitFor();
  };

  it('user groups: a missing symbol is refused; create, edit the ratio, switch off, delete', async () => {
    await open('user_group', 'user_groups.title');
    type Group = { symbol: string; ratio: number; enable: boolean };
    const groups = () => api<{ data: Group[] }>('/api/user_group/?size=100').then((body) => body.data);
    const before = (await groups()).length;
    const dialog = await submitEmpty(page, t, 'user_groups.fields.symbol');
    expect(await groups()).toHaveLength(before);
    const symbol = `jg${tag}`;
    await textbox(dialog, t('user_groups.fields.symbol')).fill(symbol);
    await textbox(dialog, t('user_groups.fields.name')).fill(`${tag} 旅程组`);
    await submit(page, t, dialog, 'user_groups.saved');
    await rowOf(page, symbol).waitFor();
    expect((await groups()).find((group) => group.symbol === symbol)).toMatchObject({
      ratio: 1,
      enable: true,
    });

    await openMenu(page, t, symbol, `${tag} 旅程组`, 'common.edit');
    await expect(textbox(dialog, t('user_groups.fields.symbol')).isEditable()).resolves.toBe(false);
    await number(dialog, t('user_groups.fields.ratio')).fill('0.5');
    await submit(page, t, dialog, 'user_groups.saved');
    await expect.poll(async () => (await groups()).find((group) => group.symbol === symbol)?.ratio).toBe(0.5);

    await rowOf(page, symbol).getByRole('switch').click({ force: true });
    await expect
      .poll(async () => (await groups()).find((group) => group.symbol === symbol)?.enable)
      .toBe(false);
    await remove(page, t, symbol, `${tag} 旅程组`, 'user_groups.confirm_delete', 'user_groups.deleted');
    expect((await groups()).map((group) => group.symbol)).not.toContain(symbol);
  });

  it('redemptions: a missing name is refused; 2 codes created and downloaded, copied, edited, deleted', async () => {
    await open('redemption', 'redemptions.title');
    const name = `codes${tag}`;
    type Code = { id: number; name: string; key: string; quota: number };
    const codes = () =>
      api<{ data: Code[] }>(`/api/redemption/?keyword=${name}&size=100`).then((b) => b.data);
    const dialog = await submitEmpty(page, t, 'redemptions.fields.name');
    expect(await codes()).toEqual([]);

    await textbox(dialog, t('redemptions.fields.name')).fill(name);
    await number(dialog, t('redemptions.fields.count')).fill('0');
    await dialog.getByRole('button', { name: t('common.submit') }).click();
    await dialog.getByText(t('redemptions.validation.count_range')).waitFor();
    expect(await codes()).toEqual([]);

    await number(dialog, t('redemptions.fields.count')).fill('2');
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: t('common.submit') }).click();
    const shown = page.getByRole('list', { name: t('redemptions.created.title') });
    await expect.poll(() => shown.getByRole('listitem').count()).toBe(2);
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${name}.txt`);
    const keys = (await shown.getByRole('listitem').allTextContents()).map((text) => text.trim());
    const saved = readFileSync((await file.path()) as string, 'utf8');
    expect(saved.trim().split('\n').sort()).toEqual((await codes()).map((code) => code.key).sort());
    expect(keys.sort()).toEqual((await codes()).map((code) => code.key).sort());
    await page
      .getByRole('button', { name: t('common.close') })
      .last()
      .click();

    // Copy is a button of its own on the row (spec §4), and puts the code on the clipboard.
    const first = (await codes())[0] as Code;
    await page
      .getByRole('button', { name: `${t('common.copy')} ${name}` })
      .first()
      .click();
    await page.getByText(t('common.copied', { name })).first().waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect((await codes()).map((code) => code.key)).toContain(copied);

    await page
      .getByRole('button', { name: t('web.kit.more_actions', { name }) })
      .first()
      .click();
    await page.getByRole('menuitem', { name: t('common.edit') }).click();
    await textbox(dialog, t('redemptions.fields.name')).fill(`${name}x`);
    await submit(page, t, dialog, 'redemptions.saved');
    await expect.poll(async () => (await codes()).filter((code) => code.name === `${name}x`).length).toBe(1);
    expect(first.name).toBe(name);

    await page.getByRole('button', { name: t('web.kit.more_actions', { name: `${name}x` }) }).click();
    await page.getByRole('menuitem', { name: t('common.delete') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('common.delete') })
      .click();
    await page.getByText(t('redemptions.deleted')).first().waitFor();
    await expect.poll(async () => (await codes()).length).toBe(1);

    // The row's switch disables the code left (stored as 2, spec §4) and enables it again.
    type Stored = Code & { status: number };
    const status = async () => ((await codes()) as Stored[])[0]?.status;
    const toggle = page.getByRole('switch', { name, exact: true });
    await toggle.click({ force: true });
    await expect.poll(status).toBe(2);
    // The switch is disabled while its call runs and follows the row once the list has reloaded; a
    // forced click before that is lost (disabled) or sends the old row's opposite again.
    await expect.poll(() => toggle.isChecked()).toBe(false);
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    await toggle.click({ force: true });
    await expect.poll(status).toBe(1);
  });

  it('Telegram menus: a missing command is refused; create, edit the reply, reload the menu, delete', async () => {
    await open('telegram', 'telegram_menus.title');
    type Menu = { command: string; reply_message: string };
    const menus = () => api<{ data: Menu[] }>('/api/option/telegram/?size=100').then((b) => b.data);
    const dialog = await submitEmpty(page, t, 'telegram_menus.fields.command');
    expect(await menus()).toEqual([]);
    const command = `journey_${tag}`;
    await textbox(dialog, t('telegram_menus.fields.command')).fill(command);
    await textbox(dialog, t('telegram_menus.fields.description')).fill('帮助 help');
    await textbox(dialog, t('telegram_menus.fields.reply_message')).fill('你好 *hello*');
    await submit(page, t, dialog, 'telegram_menus.saved');
    await rowOf(page, `/${command}`).waitFor();

    await openMenu(page, t, `/${command}`, `/${command}`, 'common.edit');
    await textbox(dialog, t('telegram_menus.fields.reply_message')).fill('再见');
    await submit(page, t, dialog, 'telegram_menus.saved');
    await expect.poll(async () => (await menus()).map((menu) => menu.reply_message)).toEqual(['再见']);

    await page.getByRole('button', { name: t('telegram_menus.reload') }).click();
    await page.getByText(t('telegram_menus.reloaded')).first().waitFor();
    await remove(
      page,
      t,
      `/${command}`,
      `/${command}`,
      'telegram_menus.confirm_delete',
      'telegram_menus.deleted',
    );
    expect(await menus()).toEqual([]);
  });

  it('model owners: a missing name is refused; create above the built-in ids, rename, delete', async () => {
    await open('model_ownedby', 'model_ownedby.title');
    type Owner = { id: number; name: string };
    const owners = () => api<Owner[]>('/api/model_ownedby/');
    const before = (await owners()).length;
    const id = tag === 'zh' ? 4101 : 4102;
    await page.getByRole('button', { name: t('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await number(dialog, t('model_ownedby.fields.id')).fill(String(id));
    await dialog.getByRole('button', { name: t('common.submit') }).click();
    await dialog.getByText(t('validation.required', { field: t('model_ownedby.fields.name') })).waitFor();
    expect(await owners()).toHaveLength(before);

    const name = `Owner ${tag} 供应商`;
    await textbox(dialog, t('model_ownedby.fields.name')).fill(name);
    await submit(page, t, dialog, 'model_ownedby.saved');
    await expect.poll(async () => (await owners()).find((owner) => owner.id === id)?.name).toBe(name);

    // The list has no search (spec §18); the newest id first brings the new owner onto page 1.
    await page.goto(`${journey.server.url}/panel/model_ownedby?order=-id`);
    await rowOf(page, name).waitFor();
    await openMenu(page, t, name, name, 'common.edit');
    await expect(number(dialog, t('model_ownedby.fields.id')).isEditable()).resolves.toBe(false);
    await textbox(dialog, t('model_ownedby.fields.name')).fill(`${name}2`);
    await submit(page, t, dialog, 'model_ownedby.saved');
    await expect.poll(async () => (await owners()).find((owner) => owner.id === id)?.name).toBe(`${name}2`);

    await rowOf(page, `${name}2`).waitFor();
    await remove(page, t, `${name}2`, `${name}2`, 'model_ownedby.confirm_delete', 'model_ownedby.deleted');
    expect((await owners()).map((owner) => owner.id)).not.toContain(id);
  });
});

describe('operations screens journey (plain user)', () => {
  it('a plain user is sent to "not found" on every admin list route, and the server refuses the lists', async () => {
    const created = await fetch(`${journey.server.url}/api/user/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
      body: JSON.stringify({ username: 'plainops', password: 'plain-password-1' }),
    });
    expect(((await created.json()) as { success: boolean }).success).toBe(true);
    const { language, locale } = LANGUAGES[0] as (typeof LANGUAGES)[number];
    const plain = await openAs('plainops', 'plain-password-1', language, locale);
    // Every admin list screen of issue 9 (the reports and settings have their own journeys' checks).
    const routes = ['user', 'channel', 'user_group', 'redemption', 'payment', 'pricing', 'model_ownedby'];
    for (const route of [...routes, 'model_info', 'telegram']) {
      await plain.goto(`${journey.server.url}/panel/${route}`);
      await plain.waitForURL('**/panel/404');
      await expect(plain.getByRole('table').count()).resolves.toBe(0);
    }
    for (const path of [
      '/api/user_group/',
      '/api/redemption/',
      '/api/option/telegram/',
      '/api/channel/',
      '/api/payment/',
    ]) {
      const answer = await plain.request.get(`${journey.server.url}${path}`);
      expect(((await answer.json()) as { success: boolean }).success).toBe(false);
    }
  });
});
