// The admin screens the kit draws beyond Users (user groups, model owners, model info, Telegram
// menus, redemption codes, payments, pricing, channels) in real headless Chromium against a real
// `gw serve`: each opened as root, one create and one delete where the screen has them, checked
// against the server's own answer; a plain user is refused.
import { readFileSync } from 'node:fs';
import { translate } from '@gw/core';
import type { Locator, Page } from 'playwright-core';
import { journeyFixture, openConsole, signedInContext } from './browser';
import { beforeAll, describe, expect, it } from 'vitest';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);

const journey = journeyFixture();
let page: Page;

beforeAll(async () => {
  page = await openAs('root', journey.server.rootPassword);
});

async function openAs(username: string, password: string): Promise<Page> {
  const context = await signedInContext(journey.browser, journey.server.url, username, password, {
    language: 'en_US',
    locale: 'en-US',
    viewport: { width: 1400, height: 900 },
  });
  return openConsole(context, journey.server.url);
}

/** What root reads from the API (the server's own answer, not the page's). */
async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${journey.server.url}${path}`, { headers: { cookie: journey.rootCookie } });
  return ((await answer.json()) as { data: T }).data;
}

const rowOf = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const field = (dialog: Locator, label: string) =>
  dialog.getByRole('textbox', { name: new RegExp(`^${label}`) });

/** Opens "New", lets `fill` enter the values, submits and waits for the toast and the row. */
async function create(fill: (dialog: Locator) => Promise<void>, savedKey: string) {
  await page.getByRole('button', { name: en('web.kit.new') }).click();
  const dialog = page.getByRole('dialog');
  await fill(dialog);
  await dialog.getByRole('button', { name: en('common.submit') }).click();
  await page.getByText(en(savedKey)).first().waitFor();
}

/** Deletes a row through its menu and the question, then waits for the row to go. */
async function remove(name: string, confirmKey: string, deletedKey: string) {
  await rowOf(name)
    .getByRole('button', { name: en('web.kit.more_actions', { name }) })
    .click();
  await page.getByRole('menuitem', { name: en('common.delete') }).click();
  const question = page.getByRole('alertdialog');
  await question.getByText(en(confirmKey, { name })).waitFor();
  await question.getByRole('button', { name: en('common.delete') }).click();
  await page.getByText(en(deletedKey)).first().waitFor();
  await expect.poll(() => rowOf(name).count()).toBe(0);
}

describe('admin screens journey (root)', () => {
  it('user groups: create a group, see it listed and stored, delete it', async () => {
    await page.goto(`${journey.server.url}/panel/user_group`);
    await page.getByRole('heading', { name: en('user_groups.title') }).waitFor();
    await create(async (dialog) => {
      await field(dialog, en('user_groups.fields.symbol')).fill('journeyvip');
      await field(dialog, en('user_groups.fields.name')).fill('Journey VIP');
    }, 'user_groups.saved');
    await rowOf('Journey VIP').waitFor();
    const stored = await api<{ data: { symbol: string }[] }>('/api/user_group/?size=100');
    expect(stored.data.map((group) => group.symbol)).toContain('journeyvip');
    await remove('Journey VIP', 'user_groups.confirm_delete', 'user_groups.deleted');
  });

  it('model owners: create an owner above the built-in ids, delete it', async () => {
    await page.goto(`${journey.server.url}/panel/model_ownedby`);
    await page.getByRole('heading', { name: en('model_ownedby.title') }).waitFor();
    await create(async (dialog) => {
      await field(dialog, en('model_ownedby.fields.name')).fill('JourneyOwner');
      await field(dialog, en('model_ownedby.fields.icon')).fill('https://example.com/o.png');
      await dialog
        .getByRole('img', { name: en('web.kit.preview', { name: en('model_ownedby.fields.icon') }) })
        .waitFor();
    }, 'model_ownedby.saved');
    // The whole list is paged in the page; the new owner (id > 1000) sorts last.
    await page.goto(`${journey.server.url}/panel/model_ownedby?order=-id`);
    await rowOf('JourneyOwner').waitFor();
    await remove('JourneyOwner', 'model_ownedby.confirm_delete', 'model_ownedby.deleted');
  });

  it('model info: create with a tag chip, delete', async () => {
    await page.goto(`${journey.server.url}/panel/model_info`);
    await page.getByRole('heading', { name: en('model_info.title') }).waitFor();
    await create(async (dialog) => {
      await dialog
        .getByRole('combobox', { name: new RegExp(`^${en('model_info.fields.model')}`) })
        .fill('journey-model');
      await field(dialog, en('model_info.fields.name')).fill('Journey Model');
      const tags = dialog.getByRole('textbox', { name: new RegExp(`^${en('model_info.fields.tags')}`) });
      await tags.fill('fast');
      await tags.press('Enter');
      await dialog.getByRole('button', { name: en('web.kit.remove_item', { name: 'fast' }) }).waitFor();
    }, 'model_info.saved');
    await rowOf('journey-model').waitFor();
    const stored = await api<{ model: string; tags: string }[]>('/api/model_info/');
    expect(stored.find((info) => info.model === 'journey-model')?.tags).toBe('["fast"]');
    await remove('journey-model', 'model_info.confirm_delete', 'model_info.deleted');
  });

  it('Telegram menus: the notice and bot state show; create a menu, delete it', async () => {
    await page.goto(`${journey.server.url}/panel/telegram`);
    await page.getByText(en('telegram_menus.notice')).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: en('telegram_menus.bot.offline') })
      .waitFor();
    await create(async (dialog) => {
      await field(dialog, en('telegram_menus.fields.command')).fill('journey');
      await field(dialog, en('telegram_menus.fields.description')).fill('A journey command');
      await field(dialog, en('telegram_menus.fields.reply_message')).fill('Hello');
    }, 'telegram_menus.saved');
    await rowOf('/journey').waitFor();
    await remove('/journey', 'telegram_menus.confirm_delete', 'telegram_menus.deleted');
  });

  it('redemptions: create 2 codes, see them shown and listed, delete one', async () => {
    await page.goto(`${journey.server.url}/panel/redemption`);
    await page.getByRole('heading', { name: en('redemptions.title') }).waitFor();
    const download = page.waitForEvent('download');
    await create(async (dialog) => {
      await field(dialog, en('redemptions.fields.name')).fill('journeycodes');
      await dialog
        .getByRole('spinbutton', { name: new RegExp(`^${en('redemptions.fields.count')}`) })
        .fill('2');
    }, 'redemptions.saved');
    const shown = page.getByRole('list', { name: en('redemptions.created.title') });
    await expect.poll(() => shown.getByRole('listitem').count()).toBe(2);
    expect((await download).suggestedFilename()).toBe('journeycodes.txt');
    const codes = await shown.getByRole('listitem').allTextContents();
    await page
      .getByRole('button', { name: en('common.close') })
      .last()
      .click();
    await expect.poll(() => page.getByRole('cell', { name: 'journeycodes', exact: true }).count()).toBe(2);
    const stored = await api<{ data: { name: string; key: string }[] }>(
      '/api/redemption/?keyword=journeycodes',
    );
    expect(stored.data.map((code) => code.key).sort()).toEqual([...codes].sort());
    await page
      .getByRole('button', { name: en('web.kit.more_actions', { name: 'journeycodes' }) })
      .first()
      .click();
    await page.getByRole('menuitem', { name: en('common.delete') }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: en('common.delete') })
      .click();
    await page.getByText(en('redemptions.deleted')).first().waitFor();
    await expect.poll(() => page.getByRole('cell', { name: 'journeycodes', exact: true }).count()).toBe(1);
  });

  it('payments: the order tab first, the gateway tab by its hash', async () => {
    await page.goto(`${journey.server.url}/panel/payment`);
    await page.getByRole('tab', { name: en('payments.tabs.order'), selected: true }).waitFor();
    await page.getByRole('tab', { name: en('payments.tabs.gateway') }).click();
    await page.waitForURL('**/panel/payment#gateway');
    await page.reload();
    await page.getByRole('tab', { name: en('payments.tabs.gateway'), selected: true }).waitFor();
    // A Stripe gateway: its credentials show once the type is chosen.
    await page.getByRole('button', { name: en('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByRole('combobox', { name: new RegExp(`^${en('payments.fields.type')}`) })
      .selectOption('stripe');
    await field(dialog, en('payments.fields.name')).fill('Journey Stripe');
    await field(dialog, en('payments.fields.icon')).fill('https://example.com/s.png');
    await dialog
      .getByRole('textbox', { name: new RegExp(`^${en('payments.config.secret_key')}`) })
      .fill('sk_test_journey');
    await dialog.getByRole('button', { name: en('common.submit') }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf('Journey Stripe').waitFor();
    const stored = await api<{ data: { name: string; type: string }[] }>('/api/payment/?size=100');
    expect(stored.data.find((gateway) => gateway.name === 'Journey Stripe')?.type).toBe('stripe');
    await remove('Journey Stripe', 'payments.confirm.delete', 'payments.messages.deleted');
    // Filtering keeps the tab.
    await page.getByRole('searchbox', { name: en('payments.fields.name') }).fill('none');
    await page.getByRole('searchbox', { name: en('payments.fields.name') }).press('Enter');
    await page.waitForURL('**/panel/payment?name=none#gateway');
  });

  it('pricing: create a single price, delete it; the group tab by its hash', async () => {
    await page.goto(`${journey.server.url}/panel/pricing#single`);
    await page.getByRole('tab', { name: en('prices.tabs.single'), selected: true }).waitFor();
    await create(async (dialog) => {
      await field(dialog, en('prices.fields.model')).fill('journey-price');
      await dialog.getByRole('spinbutton', { name: new RegExp(`^${en('prices.fields.input')}`) }).fill('2');
    }, 'web.kit.done');
    await page.goto(`${journey.server.url}/panel/pricing?keyword=journey-price#single`);
    await rowOf('journey-price').waitFor();
    await remove('journey-price', 'prices.confirm.delete', 'prices.messages.deleted');
    await page.getByRole('tab', { name: en('prices.tabs.multiple') }).click();
    await page.waitForURL('**/panel/pricing#multiple');
  });

  it('channels: "delete disabled" asks first; create one with a typed model, batch-delete it', async () => {
    await page.goto(`${journey.server.url}/panel/channel`);
    await page.getByRole('heading', { name: en('channels.title') }).waitFor();
    await page.getByRole('button', { name: en('channels.actions.delete_disabled') }).click();
    await page.getByRole('alertdialog').getByText(en('channels.confirm.delete_disabled')).waitFor();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: en('common.cancel') })
      .click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });

    // One channel created through the form: a group, a model and a key.
    await page.getByRole('button', { name: en('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await field(dialog, en('channels.fields.name')).fill('journey-channel');
    await dialog
      .getByRole('listbox', { name: new RegExp(`^${en('channels.fields.group')}`) })
      .selectOption('default');
    // A fresh server offers no models yet: the name is typed as a chip.
    // Exactly "Models": "Models with streaming disabled" is a list field too.
    const models = dialog.getByRole('textbox', {
      name: new RegExp(`^${en('channels.fields.models')}\\s*\\*?$`),
    });
    await models.fill('gpt-4o-mini');
    await models.press('Enter');
    await dialog.getByRole('button', { name: en('web.kit.remove_item', { name: 'gpt-4o-mini' }) }).waitFor();
    await dialog
      .getByLabel(new RegExp(`^${en('channels.fields.key')}`))
      .first()
      .fill('sk-journey');
    await dialog.getByRole('button', { name: en('common.submit') }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf('journey-channel').waitFor();

    // The list exports as CSV (every page of the current filter): the header, then the channel.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en('web.kit.export_csv') }).click();
    const csv = readFileSync(await (await download).path(), 'utf8').replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toContain(en('channels.fields.name'));
    expect(csv).toContain('journey-channel');

    // Then deleted with the batch bar: select, the count asked, gone from the journey.server.
    // Blueprint draws its own box over the input; the click goes to the input itself.
    await page
      .getByRole('checkbox', { name: en('web.kit.select_row', { name: 'journey-channel' }) })
      .check({ force: true });
    await page
      .getByRole('toolbar', { name: en('web.kit.selected', { count: 1 }) })
      .getByRole('button', { name: en('channels.actions.batch_delete') })
      .click();
    const question = page.getByRole('alertdialog');
    await question.getByText(en('channels.confirm.batch_delete', { count: 1 })).waitFor();
    await question.getByRole('button', { name: en('channels.actions.batch_delete') }).click();
    await expect.poll(() => rowOf('journey-channel').count()).toBe(0);
    const stored = await api<{ data: { name: string }[] }>('/api/channel/?size=100');
    expect(stored.data.map((channel) => channel.name)).not.toContain('journey-channel');
  });
});
