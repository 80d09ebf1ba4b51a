// The pricing screen (console-screens §17) in real headless Chromium against a real `gw serve`: the
// warnings about models in use without a price, a price typed in dollars per 1M tokens stored as its
// ratio, field errors with nothing stored, the extra ratios, the K/M list unit, a group's edit and
// delete, and the check-for-updates dialog fetching a list, showing core's diff and applying it in
// two modes; then a pass in Chinese.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { translate } from '@gw/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, signInRootAs } from './browser';

type Language = 'en_US' | 'zh_CN';
const journey = journeyFixture();
let page: Page;
let lang: Language = 'en_US';
const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

interface StoredPrice {
  model: string;
  type: string;
  input: number;
  output: number;
  locked: boolean;
  extra_ratios?: Record<string, number> | null;
}

/** A price list served to the browser from another origin, as one-hub's public list is. */
let remoteList: unknown = [];
let remote: Server;
let remoteUrl = '';

beforeAll(async () => {
  remote = createServer((_request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(remoteList));
  });
  await new Promise<void>((done) => remote.listen(0, '127.0.0.1', done));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/prices.json`;
  // A channel serving a model no price covers yet.
  await api('POST', '/api/channel/', {
    type: 1,
    name: 'pricing-channel',
    key: 'sk-pricing',
    base_url: 'http://127.0.0.1:9',
    models: 'journey-unpriced,journey-usd',
    group: 'default',
  });
  page = await openAs('en_US');
});

afterAll(async () => {
  await new Promise((done) => remote?.close(done));
});

function openAs(language: Language): Promise<Page> {
  lang = language;
  return signInRootAs(journey, language, 1400);
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { cookie: journey.rootCookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as { success: boolean; message: string; data: T };
  return json.data;
}

const prices = async () => (await api<StoredPrice[] | null>('GET', '/api/prices')) ?? [];
const priceOf = async (model: string) => (await prices()).find((price) => price.model === model);
const rowOf = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const labelled = (dialog: Locator, role: 'textbox' | 'spinbutton' | 'combobox', key: string) =>
  dialog.getByRole(role, { name: new RegExp(`^${tr(key)}`) });

async function openRowMenu(name: string) {
  await rowOf(name)
    .getByRole('button', { name: tr('web.kit.more_actions', { name }) })
    .click();
}

describe('pricing journey (en_US)', () => {
  it('warns about a model in use with no price, and shows the ratio units', async () => {
    await page.goto(`${journey.server.url}/panel/pricing#single`);
    await page.getByRole('tab', { name: tr('prices.tabs.single'), selected: true }).waitFor();
    await page.getByText(tr('prices.notice')).waitFor();
    // The single tab pages by 20 / 50 / 100 (console-screens §17.1).
    const sizes = page.getByRole('combobox', { name: tr('common.rows_per_page') });
    expect(await sizes.locator('option').allTextContents()).toEqual(['20', '50', '100']);
    const warning = page.getByRole('alert').filter({ hasText: 'journey-unpriced' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('journey-usd');
  });

  it('stores a price typed in dollars per 1M tokens as its ratio', async () => {
    await page.getByRole('button', { name: tr('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await labelled(dialog, 'textbox', 'prices.fields.model').fill('journey-usd');
    await labelled(dialog, 'combobox', 'prices.units.unit').selectOption('usd');
    await labelled(dialog, 'combobox', 'prices.units.scale').selectOption('M');
    await labelled(dialog, 'spinbutton', 'prices.fields.input').fill('30');
    await labelled(dialog, 'spinbutton', 'prices.fields.output').fill('60');
    // The converted ratio shows beside each amount as it is typed.
    await dialog.getByText(tr('prices.units.as_rate', { ratio: 15 })).waitFor();
    await dialog.getByText(tr('prices.units.as_rate', { ratio: 30 })).waitFor();
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await page.getByText(tr('web.kit.done')).first().waitFor();
    expect(await priceOf('journey-usd')).toMatchObject({ input: 15, output: 30, type: 'tokens' });
    // Priced now: the warning names only the other model.
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'journey-unpriced' }).textContent())
      .not.toContain('journey-usd');
  });

  it('refuses a taken model name and a negative amount next to the fields, storing nothing', async () => {
    const before = await prices();
    await page.getByRole('button', { name: tr('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await labelled(dialog, 'textbox', 'prices.fields.model').fill('journey-usd');
    await labelled(dialog, 'spinbutton', 'prices.fields.input').fill('1');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await dialog.getByText(tr('prices.errors.model_taken', { field: tr('prices.fields.model') })).waitFor();
    await labelled(dialog, 'textbox', 'prices.fields.model').fill('journey-negative');
    await labelled(dialog, 'spinbutton', 'prices.fields.input').fill('-1');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await dialog.getByText(tr('validation.min_zero', { field: tr('prices.fields.input') })).waitFor();
    await dialog.getByRole('button', { name: tr('common.cancel') }).click();
    await page.getByRole('button', { name: tr('web.kit.discard') }).click();
    expect(await prices()).toEqual(before);
  });

  it('edits in another unit (the amounts re-expressed) and adds an extra ratio', async () => {
    await openRowMenu('journey-usd');
    await page.getByRole('menuitem', { name: tr('common.edit') }).click();
    const dialog = page.getByRole('dialog');
    const input = labelled(dialog, 'spinbutton', 'prices.fields.input');
    expect(await input.inputValue()).toBe('15');
    // Rate → RMB per 1K: 15 is ¥0.21, the price unchanged.
    await labelled(dialog, 'combobox', 'prices.units.unit').selectOption('rmb');
    await expect.poll(() => input.inputValue()).toBe('0.21');
    await input.fill('0.28');
    await dialog.getByText(tr('prices.form.extra_empty')).waitFor();
    await dialog.getByRole('combobox', { name: tr('web.kit.ratio_name') }).selectOption('cached_tokens');
    await dialog.getByRole('button', { name: tr('web.kit.add_item') }).click();
    await dialog.getByRole('spinbutton', { name: tr('prices.extra.cached_tokens') }).fill('0.5');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await page.getByText(tr('web.kit.done')).first().waitFor();
    expect(await priceOf('journey-usd')).toMatchObject({
      input: 20,
      output: 30,
      extra_ratios: { cached_tokens: 0.5 },
    });
    await rowOf('journey-usd')
      .getByText(`${tr('prices.extra.cached_tokens')} ×0.5`)
      .waitFor();
  });

  it('shows prices per 1K or per 1M tokens', async () => {
    await rowOf('journey-usd')
      .getByText(`↓ $0.04 ${tr('prices.units.per_k')}`)
      .waitFor();
    await page.getByRole('combobox', { name: new RegExp(tr('prices.units.scale')) }).selectOption('M');
    await rowOf('journey-usd')
      .getByText(`↓ $40 ${tr('prices.units.per_m')}`)
      .waitFor();
  });

  it('edits a group (a new model added) and deletes it on the multiple tab', async () => {
    await page.getByRole('tab', { name: tr('prices.tabs.multiple') }).click();
    await page.waitForURL('**/panel/pricing#multiple');
    const group = page.getByRole('row').filter({ hasText: 'journey-usd' });
    await group.getByRole('button', { name: tr('web.kit.more_actions', { name: 'journey-usd' }) }).click();
    await page.getByRole('menuitem', { name: tr('common.edit') }).click();
    const dialog = page.getByRole('dialog');
    // A typed model with the unpriced ones suggested (a combobox while there are suggestions).
    const models = dialog.locator('#form-models');
    await models.fill('journey-unpriced');
    await models.press('Enter');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await page.getByText(tr('web.kit.done')).first().waitFor();
    expect(await priceOf('journey-unpriced')).toMatchObject({ input: 20, output: 30 });
    // The server lists prices by owner then model.
    const name = 'journey-unpriced, journey-usd';
    await page
      .getByRole('row')
      .filter({ hasText: 'journey-unpriced' })
      .getByRole('button', { name: tr('web.kit.more_actions', { name }) })
      .click();
    await page.getByRole('menuitem', { name: tr('common.delete') }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(tr('prices.confirm.delete_group', { name })).waitFor();
    await question.getByRole('button', { name: tr('common.delete') }).click();
    await page.getByText(tr('prices.messages.deleted')).first().waitFor();
    expect(await prices()).toEqual([]);
  });

  it('checks for updates: the diff shown, then applied with "add new only", "update" and "overwrite" (a locked price kept)', async () => {
    await api('POST', '/api/prices/single', {
      model: 'journey-kept',
      type: 'tokens',
      channel_type: 1,
      input: 15,
      output: 30,
    });
    await api('POST', '/api/prices/single', {
      model: 'journey-old',
      type: 'tokens',
      channel_type: 1,
      input: 1,
      output: 1,
    });
    remoteList = {
      data: [
        {
          model: 'journey-kept',
          type: 'tokens',
          channel_type: 1,
          input: 10,
          output: 30,
          extra_ratios: { reasoning_tokens: 2 },
        },
        { model: 'journey-new', type: 'times', channel_type: 1, input: 20, output: 0 },
      ],
    };
    await page.goto(`${journey.server.url}/panel/pricing#single`);
    await page.getByRole('button', { name: tr('prices.updates.title') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr('prices.updates.source') }).fill(remoteUrl);
    await dialog.getByRole('button', { name: tr('prices.updates.fetch') }).click();
    await dialog.getByText(tr('prices.updates.new_models', { count: 1 })).waitFor();
    await dialog.getByText(tr('prices.updates.changed_models', { count: 1 })).waitFor();
    await dialog.getByText(tr('prices.updates.removed_models', { count: 1 })).waitFor();
    const changed = dialog.getByRole('region', { name: tr('prices.updates.changed_list') });
    await changed
      .getByText(tr('prices.updates.input_change', { from: 15, to: 10 }), { exact: false })
      .waitFor();
    expect(await changed.textContent()).toContain(
      tr('prices.updates.extra_added', { kind: tr('prices.extra.reasoning_tokens'), to: 2 }),
    );
    await dialog
      .getByRole('region', { name: tr('prices.updates.new_list') })
      .getByText('journey-new')
      .waitFor();
    await dialog.getByRole('button', { name: tr('prices.updates.add_only') }).click();
    await page.getByText(tr('prices.updates.done')).first().waitFor();
    expect(await priceOf('journey-new')).toMatchObject({ type: 'times', input: 20 });
    expect(await priceOf('journey-kept')).toMatchObject({ input: 15 });

    await page.getByRole('button', { name: tr('prices.updates.title') }).click();
    // The source is remembered; nothing new now, one change left.
    const again = page.getByRole('dialog');
    expect(await again.getByRole('textbox', { name: tr('prices.updates.source') }).inputValue()).toBe(
      remoteUrl,
    );
    await again.getByRole('button', { name: tr('prices.updates.fetch') }).click();
    await again.getByText(tr('prices.updates.new_models', { count: 0 })).waitFor();
    expect(await again.getByRole('button', { name: tr('prices.updates.add_only') }).isDisabled()).toBe(true);
    await again.getByRole('button', { name: tr('prices.updates.update') }).click();
    await page.getByText(tr('prices.updates.done')).first().waitFor();
    expect(await priceOf('journey-kept')).toMatchObject({ input: 10, extra_ratios: { reasoning_tokens: 2 } });
    // Update never drops a model the list lacks.
    expect(await priceOf('journey-old')).toBeDefined();

    // Overwrite: unlocked prices the list lacks go; a locked one keeps its price.
    await api('PUT', '/api/prices/single/journey-kept', {
      model: 'journey-kept',
      type: 'tokens',
      channel_type: 1,
      input: 10,
      output: 30,
      locked: true,
    });
    remoteList = [{ model: 'journey-kept', type: 'tokens', channel_type: 1, input: 99, output: 99 }];
    await page.getByRole('button', { name: tr('prices.updates.title') }).click();
    const third = page.getByRole('dialog');
    await third.getByRole('button', { name: tr('prices.updates.fetch') }).click();
    await third
      .getByText(
        tr('prices.updates.effect', {
          mode: tr('prices.updates.overwrite'),
          added: 0,
          updated: 0,
          removed: 2,
        }),
      )
      .waitFor();
    await third.getByRole('button', { name: tr('prices.updates.overwrite') }).click();
    await page.getByText(tr('prices.updates.done')).first().waitFor();
    expect((await prices()).map((price) => price.model)).toEqual(['journey-kept']);
    expect(await priceOf('journey-kept')).toMatchObject({ input: 10, locked: true });
  });

  it('refuses a fetched file that is not a price list', async () => {
    remoteList = { prices: [] };
    await page.getByRole('button', { name: tr('prices.updates.title') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: tr('prices.updates.fetch') }).click();
    await dialog.getByText(tr('prices.updates.bad_format')).waitFor();
    expect(await dialog.getByRole('button', { name: tr('prices.updates.update') }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: tr('common.cancel') }).click();
  });

  it('pages by numbers with "Total: n" once there is more than one page; an empty search says so', async () => {
    const models = Array.from({ length: 22 }, (_, index) => `journey-page-${String(index).padStart(2, '0')}`);
    const price = { model: 'batch', type: 'tokens', channel_type: 1, input: 1, output: 1, locked: false };
    await api('POST', '/api/prices/multiple', { original_models: [], models, price });
    // The prices go again whatever happens: the Chinese pass lists the first page.
    try {
      // Loaded afresh: the list was read before these prices existed.
      await page.goto(`${journey.server.url}/panel/pricing#single`);
      await page.reload();
      const pager = page.getByRole('navigation', { name: tr('web.kit.pages') });
      const [before = '', after = ''] = tr('web.kit.total', { count: '\u0000' }).split('\u0000');
      const total = await pager.getByText(new RegExp(`^${before}\\d+${after}$`)).textContent();
      expect(Number(total?.replace(/\D/g, ''))).toBeGreaterThan(20);
      const second = pager.getByRole('button', { name: '2', exact: true });
      await second.click();
      await page.waitForURL((url) => url.searchParams.get('page') === '2');
      await expect.poll(() => second.getAttribute('aria-current')).toBe('page');
      // One page of results: no pager; none at all: "no search results", not "no data".
      const search = page.getByRole('searchbox', { name: tr('prices.filters.search') });
      await search.fill('journey-page-0');
      await search.press('Enter');
      await rowOf('journey-page-00').waitFor();
      expect(await pager.count()).toBe(0);
      await search.fill('nothing-priced-like-this');
      await search.press('Enter');
      await page.getByText(tr('common.no_results')).waitFor();
    } finally {
      await api('PUT', '/api/prices/multiple/delete', { models });
    }
  });
});

describe('pricing journey (zh_CN)', () => {
  it('shows the screen in Chinese and stores a price typed in yuan', async () => {
    page = await openAs('zh_CN');
    await page.goto(`${journey.server.url}/panel/pricing#single`);
    await page.getByText(tr('prices.notice')).waitFor();
    await page.getByRole('button', { name: tr('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await labelled(dialog, 'textbox', 'prices.fields.model').fill('journey-yuan');
    await labelled(dialog, 'combobox', 'prices.units.unit').selectOption('rmb');
    await labelled(dialog, 'spinbutton', 'prices.fields.input').fill('0.014');
    await dialog.getByText(tr('prices.units.as_rate', { ratio: 1 })).waitFor();
    await labelled(dialog, 'spinbutton', 'prices.fields.output').fill('0.028');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await page.getByText(tr('web.kit.done')).first().waitFor();
    expect(await priceOf('journey-yuan')).toMatchObject({ input: 1, output: 2 });
    await rowOf('journey-yuan').getByText(tr('prices.type.tokens')).waitFor();
    await openRowMenu('journey-yuan');
    await page.getByRole('menuitem', { name: tr('common.delete') }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(tr('prices.confirm.delete', { name: 'journey-yuan' })).waitFor();
    await question.getByRole('button', { name: tr('common.delete') }).click();
    await page.getByText(tr('prices.messages.deleted')).first().waitFor();
    expect(await priceOf('journey-yuan')).toBeUndefined();
  });
});
