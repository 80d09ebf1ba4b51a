// The model info screen (console-screens §19) in real headless Chromium against a real `gw serve`:
// create, a taken id and a bad number refused next to their fields with nothing stored, edit, delete;
// the bulk import with one bad row refused (its error shown) while the others are imported and an
// existing entry overwritten; then a pass in Chinese importing from a fetched file.
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

interface StoredInfo {
  id: number;
  model: string;
  name: string;
  context_length: number;
  tags: string;
}

let file: unknown = {};
let remote: Server;
let fileUrl = '';

beforeAll(async () => {
  remote = createServer((_request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify(file));
  });
  await new Promise<void>((done) => remote.listen(0, '127.0.0.1', done));
  fileUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}/model-info.json`;
  page = await openAs('en_US');
});

afterAll(async () => {
  await new Promise((done) => remote?.close(done));
});

function openAs(language: Language): Promise<Page> {
  lang = language;
  return signInRootAs(journey, language, 1400);
}

async function infos(): Promise<StoredInfo[]> {
  const answer = await fetch(`${journey.server.url}/api/model_info/`, {
    headers: { cookie: journey.rootCookie },
  });
  return ((await answer.json()) as { data: StoredInfo[] | null }).data ?? [];
}
const infoOf = async (model: string) => (await infos()).find((info) => info.model === model);
const rowOf = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const labelled = (dialog: Locator, role: 'textbox' | 'spinbutton' | 'combobox', key: string) =>
  dialog.getByRole(role, { name: new RegExp(`^${tr(key)}`) });

describe('model info journey (en_US)', () => {
  it('creates an entry, refuses a taken id and a negative size next to the fields, storing nothing', async () => {
    await page.goto(`${journey.server.url}/panel/model_info`);
    await page.getByRole('heading', { name: tr('model_info.title') }).waitFor();
    await page.getByRole('button', { name: tr('web.kit.new') }).click();
    let dialog = page.getByRole('dialog');
    await labelled(dialog, 'combobox', 'model_info.fields.model').fill('mi-journey');
    await labelled(dialog, 'textbox', 'model_info.fields.name').fill('MI Journey');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await page.getByText(tr('model_info.saved')).first().waitFor();
    await rowOf('mi-journey').waitFor();
    // The default modality shows as a green chip in both modality columns.
    const text = rowOf('mi-journey').getByText('text', { exact: true }).first();
    expect(await text.evaluate((element) => element.closest('.gw-chip')?.className)).toContain(
      'gw-chip-success',
    );
    const before = await infos();

    await page.getByRole('button', { name: tr('web.kit.new') }).click();
    dialog = page.getByRole('dialog');
    await labelled(dialog, 'combobox', 'model_info.fields.model').fill('mi-journey');
    await labelled(dialog, 'textbox', 'model_info.fields.name').fill('Twice');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await dialog
      .getByText(tr('model_info.errors.model_taken', { field: tr('model_info.fields.model') }))
      .waitFor();
    await labelled(dialog, 'combobox', 'model_info.fields.model').fill('mi-other');
    await labelled(dialog, 'spinbutton', 'model_info.fields.context_length').fill('-5');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await dialog
      .getByText(tr('validation.min_zero', { field: tr('model_info.fields.context_length') }))
      .waitFor();
    await dialog.getByRole('button', { name: tr('common.cancel') }).click();
    await page.getByRole('button', { name: tr('web.kit.discard') }).click();
    expect(await infos()).toEqual(before);
  });

  it('edits an entry and deletes it', async () => {
    await rowOf('mi-journey')
      .getByRole('button', { name: tr('web.kit.more_actions', { name: 'mi-journey' }) })
      .click();
    await page.getByRole('menuitem', { name: tr('common.edit') }).click();
    const dialog = page.getByRole('dialog');
    await labelled(dialog, 'spinbutton', 'model_info.fields.context_length').fill('32000');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await page.getByText(tr('model_info.saved')).first().waitFor();
    await rowOf('mi-journey').getByText('32,000').waitFor();
    expect((await infoOf('mi-journey'))?.context_length).toBe(32_000);
    await rowOf('mi-journey')
      .getByRole('button', { name: tr('web.kit.more_actions', { name: 'mi-journey' }) })
      .click();
    await page.getByRole('menuitem', { name: tr('common.delete') }).click();
    const question = page.getByRole('alertdialog');
    await question.getByRole('button', { name: tr('common.delete') }).click();
    await page.getByText(tr('model_info.deleted')).first().waitFor();
    expect(await infoOf('mi-journey')).toBeUndefined();
  });

  it('imports pasted JSON: a bad row refused with its error, the rest imported, an existing one overwritten', async () => {
    await fetch(`${journey.server.url}/api/model_info/`, {
      method: 'POST',
      headers: { cookie: journey.rootCookie, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'mi-existing', name: 'Old name', context_length: 1000, max_tokens: 100 }),
    });
    await page.reload();
    await page.getByRole('button', { name: tr('model_info.import.open') }).click();
    const dialog = page.getByRole('dialog');
    const json = {
      data: [
        { model: 'mi-existing', model_info: { name: 'New name', context_length: 2000, max_tokens: 200 } },
        {
          model: 'mi-bulk-a',
          model_info: { name: 'Bulk A', context_length: 8000, max_tokens: 1000, tags: ['fast'] },
        },
        { model: 'mi-bad', model_info: { name: '', context_length: 10 } },
        { model: 'priced-only', type: 'tokens', input: 1 },
      ],
    };
    await dialog.getByRole('textbox', { name: tr('model_info.import.paste') }).fill(JSON.stringify(json));
    await dialog.getByRole('button', { name: tr('model_info.import.read') }).click();
    await dialog.getByText(tr('model_info.import.count', { count: 3, refused: 1 })).waitFor();
    const preview = dialog.getByRole('table', { name: tr('model_info.import.title') });
    const bad = preview.getByRole('row').filter({ hasText: 'mi-bad' });
    await bad.getByText(tr('validation.required', { field: tr('model_info.fields.name') })).waitFor();
    await preview
      .getByRole('row')
      .filter({ hasText: 'mi-existing' })
      .getByText(tr('model_info.import.exists'))
      .waitFor();
    await preview
      .getByRole('row')
      .filter({ hasText: 'mi-bulk-a' })
      .getByText(tr('model_info.import.new'))
      .waitFor();
    await dialog.getByText(tr('model_info.import.conflicts', { count: 1 })).waitFor();
    await dialog
      .getByRole('radio', { name: new RegExp(`^${tr('model_info.import.overwrite')}`) })
      .check({ force: true });
    await dialog.getByRole('button', { name: tr('model_info.import.start') }).click();
    await page
      .getByText(tr('model_info.import.summary', { imported: 2, skipped: 0, refused: 1, failed: 0 }))
      .first()
      .waitFor();
    await dialog.getByText(tr('model_info.import.progress', { done: 3, total: 3 })).waitFor();
    expect(await infoOf('mi-existing')).toMatchObject({ name: 'New name', context_length: 2000 });
    expect(await infoOf('mi-bulk-a')).toMatchObject({ name: 'Bulk A', tags: '["fast"]' });
    expect(await infoOf('mi-bad')).toBeUndefined();
    await dialog
      .getByRole('button', { name: tr('common.close') })
      .last()
      .click();
    await rowOf('mi-bulk-a').waitFor();
  });

  it('refuses a file that is not a list', async () => {
    await page.getByRole('button', { name: tr('model_info.import.open') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr('model_info.import.paste') }).fill('{"rows": []}');
    await dialog.getByRole('button', { name: tr('model_info.import.read') }).click();
    await dialog.getByText(tr('model_info.import.bad_format')).waitFor();
    expect(await dialog.getByRole('button', { name: tr('model_info.import.start') }).isDisabled()).toBe(true);
    await dialog
      .getByRole('button', { name: tr('common.close') })
      .last()
      .click();
  });
});

describe('model info journey (zh_CN)', () => {
  it('imports a fetched file in Chinese, skipping an existing entry', async () => {
    page = await openAs('zh_CN');
    file = [
      { model: 'mi-bulk-a', model_info: { name: 'Changed', context_length: 1, max_tokens: 1 } },
      { model: 'mi-zh', model_info: { name: '中文模型', context_length: 4096, max_tokens: 512 } },
    ];
    await page.goto(`${journey.server.url}/panel/model_info`);
    await page.getByRole('button', { name: tr('model_info.import.open') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: tr('model_info.import.url') }).fill(fileUrl);
    await dialog.getByRole('button', { name: tr('model_info.import.fetch') }).click();
    await dialog.getByText(tr('model_info.import.conflicts', { count: 1 })).waitFor();
    await dialog.getByRole('button', { name: tr('model_info.import.start') }).click();
    await page
      .getByText(tr('model_info.import.summary', { imported: 1, skipped: 1, refused: 0, failed: 0 }))
      .first()
      .waitFor();
    expect(await infoOf('mi-zh')).toMatchObject({ name: '中文模型' });
    expect((await infoOf('mi-bulk-a'))?.name).toBe('Bulk A');
  });
});
