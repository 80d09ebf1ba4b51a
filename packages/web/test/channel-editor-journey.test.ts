// The channel editor and its dialogs (console-screens §1.4–§1.7) in real headless Chromium against a
// real `gw serve` whose channels point at a fake upstream on loopback: the Azure base-URL rule, the
// type change pre-fill, mapping rows, fetching models into the selector with a prefix mapping, the
// streaming model check, the batch model removal, one pass in Chinese and the editor at phone width.
import { translate } from '@gw/core';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../../server/src/relay/test-support/fake-upstream/index.js';
import { journeyFixture, openConsole, signedInContext } from './browser';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);

const journey = journeyFixture();
let upstream: FakeUpstream;
let page: Page;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  page = await openAs(journey.browser, 'en_US', { width: 1400, height: 900 });
});
afterAll(async () => {
  await upstream?.close();
});

async function openAs(
  browser: Browser,
  language: 'en_US' | 'zh_CN',
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await signedInContext(browser, journey.server.url, 'root', journey.server.rootPassword, {
    language,
    locale: language.replace('_', '-'),
    viewport,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  return openConsole(context, journey.server.url);
}

/** What root reads from the API (the server's own answer, not the page's). */
async function api<T>(path: string): Promise<T> {
  const answer = await fetch(`${journey.server.url}${path}`, { headers: { cookie: journey.rootCookie } });
  return ((await answer.json()) as { data: T }).data;
}
const channelsNamed = async (name: string) =>
  (await api<{ data: { id: number; name: string }[] }>(`/api/channel/?name=${name}&size=100`)).data.filter(
    (channel) => channel.name === name,
  );

async function openChannels(on: Page, tr: typeof en) {
  await on.goto(`${journey.server.url}/panel/channel`);
  await on.getByRole('heading', { name: tr('channels.title') }).waitFor();
}
async function openNew(on: Page, tr: typeof en): Promise<Locator> {
  await on.getByRole('button', { name: tr('web.kit.new') }).click();
  const dialog = on.getByRole('dialog');
  await typeSelect(dialog, tr).waitFor();
  return dialog;
}
/** A form field by its label (a required one carries a trailing "*"). */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const labelled = (dialog: Locator, label: string) =>
  dialog.getByLabel(new RegExp(`^${literal(label)}\\s*\\*?\\s*$`));
const typeSelect = (dialog: Locator, tr: typeof en) => labelled(dialog, tr('channels.fields.type'));
const addModel = async (dialog: Locator, tr: typeof en, model: string) => {
  const input = labelled(dialog, tr('channels.fields.models'));
  await input.fill(model);
  await input.press('Enter');
};
const chip = (dialog: Locator, name: string) => dialog.locator('.bp6-tag', { hasText: name }).first();

/** Submits an Azure channel with no base URL: the field error shows and nothing is stored. */
async function refuseAzureWithoutBaseUrl(on: Page, tr: typeof en, name: string) {
  const dialog = await openNew(on, tr);
  await typeSelect(dialog, tr).selectOption('3');
  await labelled(dialog, tr('channels.fields.name')).fill(name);
  await labelled(dialog, tr('channels.fields.key')).fill('sk-azure');
  await addModel(dialog, tr, 'gpt-4o');
  // Azure names its base URL after the variable Azure's docs use.
  await dialog.getByLabel(tr('channels.editor.base_url_azure_label')).waitFor();
  await dialog.getByRole('button', { name: tr('common.submit') }).click();
  await dialog.getByText(tr('channels.validation.base_url_required')).waitFor();
  expect(await channelsNamed(name)).toEqual([]);
  await dialog.getByRole('button', { name: tr('common.cancel') }).click();
  await on
    .getByRole('alertdialog')
    .getByRole('button', { name: tr('web.kit.discard') })
    .click();
  await expect.poll(() => on.getByRole('dialog').count()).toBe(0);
}

describe('channel editor journey (en_US)', () => {
  it('refuses an Azure channel without a base URL: field error, nothing stored', async () => {
    await openChannels(page, en);
    await refuseAzureWithoutBaseUrl(page, en, 'journey-azure');
  });

  it('pre-fills on type change, saves mapping rows and provider models with a prefix mapping', async () => {
    const dialog = await openNew(page, en);
    const testModel = labelled(dialog, en('channels.fields.test_model'));
    await typeSelect(dialog, en).selectOption('14');
    await expect.poll(() => testModel.inputValue()).toBe('claude-3-haiku-20240307');
    await chip(dialog, 'claude-instant-1.2').waitFor();
    // A model chip copies its id (§1.4 row 7).
    await dialog.getByRole('button', { name: 'claude-instant-1.2', exact: true }).click();
    await page
      .getByText(en('common.copied', { name: 'claude-instant-1.2' }))
      .first()
      .waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('claude-instant-1.2');
    // Back to OpenAI: what the Claude type filled is kept, nothing is replaced.
    await typeSelect(dialog, en).selectOption('1');
    expect(await testModel.inputValue()).toBe('claude-3-haiku-20240307');
    await testModel.fill('gpt-4o-mini');
    await labelled(dialog, en('channels.fields.name')).fill('journey-openai');
    await labelled(dialog, en('channels.fields.key')).fill('sk-upstream');
    await labelled(dialog, en('channels.fields.base_url')).fill(`${upstream.url}/`);

    await dialog
      .getByRole('button', { name: en('web.kit.kv_add') })
      .first()
      .click();
    await dialog
      .getByLabel(en('web.kit.kv_name_of', { index: 1 }))
      .first()
      .fill('my-alias');
    await dialog
      .getByLabel(en('web.kit.kv_value_of', { index: 1 }))
      .first()
      .fill('gpt-4o-mini');

    await dialog.getByRole('button', { name: en('channels.editor.fetch_models') }).click();
    const selector = page.getByRole('dialog', { name: en('channels.editor.selector.title') });
    await selector.getByRole('button', { name: en('channels.editor.selector.fetch') }).click();
    await selector.getByRole('checkbox', { name: 'text-embedding-3-small', exact: true }).waitFor();
    // Blueprint draws its own box over each input; the clicks go to the inputs themselves.
    // The channel's own models come pre-selected in their own group: untick it, pick two fetched ones.
    await selector
      .getByRole('checkbox', { name: new RegExp(`^${en('channels.editor.selector.existing')}`) })
      .click({ force: true });
    await selector.getByRole('checkbox', { name: 'gpt-4o-mini', exact: true }).check({ force: true });
    await selector.getByRole('checkbox', { name: 'gpt-4o', exact: true }).check({ force: true });
    await selector.getByText(en('channels.editor.selector.add_mapping')).click();
    await selector.getByLabel(en('channels.editor.selector.affix')).fill('fk-');
    await expect
      .poll(() => selector.locator('#selector-preview').textContent())
      .toContain('"fk-gpt-4o": "gpt-4o"');
    await selector.getByText(en('channels.editor.selector.summary', { count: 2, mappings: 2 })).waitFor();
    await selector.getByRole('button', { name: en('channels.editor.selector.confirm') }).click();
    await chip(dialog, 'fk-gpt-4o-mini').waitFor();

    await dialog.getByRole('button', { name: en('common.submit') }).click();
    await page.getByText(en('channels.editor.created')).first().waitFor();
    const [created] = await channelsNamed('journey-openai');
    expect(created).toBeDefined();
    const stored = await api<{ models: string; model_mapping: string; base_url: string }>(
      `/api/channel/${created?.id}`,
    );
    expect(JSON.parse(stored.model_mapping)).toEqual({
      'my-alias': 'gpt-4o-mini',
      'fk-gpt-4o-mini': 'gpt-4o-mini',
      'fk-gpt-4o': 'gpt-4o',
    });
    const models = stored.models.split(',');
    expect(models).toEqual(
      expect.arrayContaining(['claude-instant-1.2', 'gpt-4o', 'gpt-4o-mini', 'fk-gpt-4o', 'my-alias']),
    );
    expect(stored.base_url).toBe(upstream.url);
  });

  it('checks a model of the channel through the streaming check and shows it passed', async () => {
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'journey-openai', exact: true }) });
    // The channel row's Edit is its own pen button beside the speed test and ⋯ (console-screens §1.3).
    await row.getByRole('button', { name: en('common.edit'), exact: true }).click();
    const editor = page.getByRole('dialog', { name: en('common.edit') });
    await editor.getByRole('button', { name: en('channels.editor.check.button') }).click();
    const check = page.getByRole('dialog', {
      name: en('channels.editor.check.title', { name: 'journey-openai' }),
    });
    await check.getByRole('button', { name: en('channels.editor.check.deselect_all') }).click();
    await check.getByRole('checkbox', { name: 'gpt-4o-mini', exact: true }).check({ force: true });
    const before = upstream.requests.length;
    await check.getByRole('button', { name: en('channels.editor.check.start') }).click();
    const badge = check.locator('.gw-check-badge[data-model="gpt-4o-mini"]');
    await expect.poll(() => badge.textContent()).toBe(en('channels.editor.check.passed'));
    expect(upstream.requests.length).toBeGreaterThan(before);
    // The steps open under the model.
    await check.getByRole('button', { name: 'gpt-4o-mini', exact: true }).click();
    await check.getByText('request').first().waitFor();
    await check
      .getByRole('button', { name: en('common.close') })
      .first()
      .click();
    await editor.getByRole('button', { name: en('common.cancel') }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('removes one model from the chosen channels in the batch dialog', async () => {
    await page.getByRole('button', { name: en('channels.editor.batch.button') }).click();
    const batch = page.getByRole('dialog', { name: en('channels.editor.batch.title') });
    await batch.getByRole('tab', { name: en('channels.editor.batch.model_tab') }).click();
    await batch.getByLabel(en('channels.editor.batch.model'), { exact: true }).fill('fk-gpt-4o');
    await batch.getByRole('button', { name: en('channels.editor.batch.search') }).click();
    await batch.getByRole('checkbox', { name: 'journey-openai' }).check({ force: true });
    await batch.getByRole('button', { name: en('channels.editor.batch.delete') }).click();
    await page
      .getByText(en('channels.editor.batch.deleted', { count: 1 }))
      .first()
      .waitFor();
    const [channel] = await channelsNamed('journey-openai');
    const stored = await api<{ models: string }>(`/api/channel/${channel?.id}`);
    expect(stored.models.split(',')).not.toContain('fk-gpt-4o');
    expect(stored.models.split(',')).toContain('fk-gpt-4o-mini');
  });

  it('moves Azure channels of one API version to another in the batch dialog', async () => {
    const made = await fetch(`${journey.server.url}/api/channel/`, {
      method: 'POST',
      headers: { cookie: journey.rootCookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 3,
        name: 'journey-azure-old',
        key: 'sk-azure',
        base_url: upstream.url,
        other: '2023-05-15',
        models: 'gpt-4o',
        group: 'default',
      }),
    });
    expect(((await made.json()) as { success: boolean }).success).toBe(true);
    const batch = page.getByRole('dialog', { name: en('channels.editor.batch.title') });
    await batch.getByRole('tab', { name: en('channels.editor.batch.azure_tab') }).click();
    await batch.getByLabel(en('channels.editor.batch.current_version')).fill('2023-05-15');
    await batch.getByRole('button', { name: en('channels.editor.batch.search') }).click();
    await batch
      .getByRole('checkbox', {
        name: en('channels.editor.batch.channel', { name: 'journey-azure-old', version: '2023-05-15' }),
      })
      .check({ force: true });
    await batch.getByLabel(en('channels.editor.batch.new_version')).fill('2024-10-21');
    await batch.getByRole('button', { name: en('channels.editor.batch.apply') }).click();
    await page
      .getByText(en('channels.editor.batch.updated', { count: 1 }))
      .first()
      .waitFor();
    const [channel] = await channelsNamed('journey-azure-old');
    expect((await api<{ other: string }>(`/api/channel/${channel?.id}`)).other).toBe('2024-10-21');
  });
});

describe('channel editor journey (zh_CN and phone width)', () => {
  it('refuses Azure without a base URL in Chinese too', async () => {
    const zhPage = await openAs(journey.browser, 'zh_CN', { width: 1280, height: 900 });
    await openChannels(zhPage, zh);
    await zhPage.getByRole('button', { name: zh('channels.editor.batch.button') }).waitFor();
    await refuseAzureWithoutBaseUrl(zhPage, zh, 'journey-azure-zh');
    await zhPage.context().close();
  });

  it('fits the editor into a 390 px wide phone and still saves', async () => {
    const phone = await openAs(journey.browser, 'en_US', { width: 390, height: 844 });
    await openChannels(phone, en);
    const dialog = await openNew(phone, en);
    const box = await dialog.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(390);
    const overflow = () =>
      dialog.evaluate((element) => {
        const body = element.querySelector('.bp6-dialog-body') ?? element;
        return body.scrollWidth - body.clientWidth;
      });
    expect(await overflow()).toBeLessThanOrEqual(0);
    await typeSelect(dialog, en).selectOption('14');
    await dialog
      .getByRole('button', { name: en('web.kit.kv_add') })
      .first()
      .click();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await labelled(dialog, en('channels.fields.name')).fill('journey-phone');
    await labelled(dialog, en('channels.fields.key')).fill('sk-phone');
    const submit = dialog.getByRole('button', { name: en('common.submit') });
    await submit.scrollIntoViewIfNeeded();
    const submitBox = await submit.boundingBox();
    expect((submitBox?.x ?? 0) + (submitBox?.width ?? 0)).toBeLessThanOrEqual(390);
    await submit.click();
    await phone.getByText(en('channels.editor.created')).first().waitFor();
    expect(await channelsNamed('journey-phone')).toHaveLength(1);
    await phone.context().close();
  });
});
