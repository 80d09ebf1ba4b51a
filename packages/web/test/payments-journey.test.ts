// The payment admin screen (console-screens §15) in real headless Chromium against a real `gw serve`:
// the gateway table's icon and its sort edited in place (saved on blur, a negative one refused and
// not sent), the editor's fields per gateway type with field errors storing nothing, edit and delete;
// the order tab's end time an hour ahead and its status chip coloured; then a pass in Chinese.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { translate } from '@gw/core';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, signInRootAs } from './browser';

type Language = 'en_US' | 'zh_CN';
const journey = journeyFixture();
let page: Page;
let lang: Language = 'en_US';
const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

interface Gateway {
  id: number;
  uuid: string;
  name: string;
  type: string;
  sort: number;
  enable: boolean;
  config?: string;
}

beforeAll(async () => {
  page = await openAs('en_US');
});

function openAs(language: Language): Promise<Page> {
  lang = language;
  return signInRootAs(journey, language, 1600);
}

async function api<T>(method: string, path: string, body?: unknown): Promise<{ success: boolean; data: T }> {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { cookie: journey.rootCookie, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await answer.json()) as { success: boolean; data: T };
}

const gateways = async () => (await api<{ data: Gateway[] }>('GET', '/api/payment/?size=100')).data.data;
const gatewayNamed = async (name: string) => (await gateways()).find((gateway) => gateway.name === name);
const rowOf = (name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
const labelled = (dialog: Locator, role: 'textbox' | 'spinbutton' | 'combobox', key: string) =>
  dialog.getByRole(role, { name: new RegExp(`^${tr(key)}`) });

describe('payments journey (en_US)', () => {
  it('shows the icon and saves a sort typed in its column on blur, refusing a negative one', async () => {
    await api('POST', '/api/payment/', {
      type: 'epay',
      name: 'Journey Epay',
      // An image that loads (a broken one leaves its cell empty).
      icon: "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' width='16' height='16'><rect width='16' height='16' fill='%232d72d2'/></svg>",
      fixed_fee: 0.5,
      percent_fee: 0.05,
      currency: 'CNY',
      sort: 1,
      enable: true,
      config: JSON.stringify({
        pay_domain: 'https://pay.example.com',
        partner_id: '1001',
        key: 'k',
        pay_type: '',
      }),
    });
    await page.goto(`${journey.server.url}/panel/payment#gateway`);
    const row = rowOf('Journey Epay');
    await row.waitFor();
    await row.getByRole('img', { name: tr('web.kit.image_of', { name: 'Journey Epay' }) }).waitFor();
    await row.getByText('$0.5').waitFor();
    await row.getByText('5%').waitFor();
    const sort = row.getByRole('spinbutton', { name: tr('payments.sort_of', { name: 'Journey Epay' }) });
    await sort.fill('5');
    await sort.press('Tab');
    await page
      .getByText(tr('payments.messages.sorted', { name: 'Journey Epay' }))
      .first()
      .waitFor();
    await expect.poll(async () => (await gatewayNamed('Journey Epay'))?.sort).toBe(5);
    await sort.fill('-1');
    await sort.blur();
    await page
      .getByText(tr('validation.min_zero', { field: tr('payments.sort_of', { name: 'Journey Epay' }) }))
      .waitFor();
    expect(await sort.getAttribute('aria-invalid')).toBe('true');
    expect((await gatewayNamed('Journey Epay'))?.sort).toBe(5);
    await sort.fill('5');
    await sort.blur();
  });

  it("creates an Alipay gateway with its type's own fields; errors first, nothing stored", async () => {
    await page.getByRole('button', { name: tr('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    // Epay by default: its pay domain and merchant fields, none of Alipay's.
    await labelled(dialog, 'textbox', 'payments.config.pay_domain').waitFor();
    await labelled(dialog, 'combobox', 'payments.fields.type').selectOption('alipay');
    expect(await labelled(dialog, 'textbox', 'payments.config.pay_domain').count()).toBe(0);
    const payType = labelled(dialog, 'combobox', 'payments.config.pay_type');
    expect(await payType.locator('option').allTextContents()).toEqual([
      tr('payments.pay_types.facepay'),
      tr('payments.pay_types.pagepay'),
      tr('payments.pay_types.wappay'),
    ]);
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await dialog.getByText(tr('validation.required', { field: tr('payments.fields.name') })).waitFor();
    await dialog.getByText(tr('validation.required', { field: tr('payments.config.app_id') })).waitFor();
    expect(await gatewayNamed('Journey Alipay')).toBeUndefined();
    await labelled(dialog, 'textbox', 'payments.fields.name').fill('Journey Alipay');
    await labelled(dialog, 'textbox', 'payments.fields.icon').fill('https://example.com/alipay.png');
    await labelled(dialog, 'spinbutton', 'payments.fields.percent_fee').fill('-0.1');
    await labelled(dialog, 'textbox', 'payments.config.app_id').fill('2021000');
    await labelled(dialog, 'textbox', 'payments.config.private_key').fill('app-private');
    await labelled(dialog, 'textbox', 'payments.config.public_key').fill('alipay-public');
    await payType.selectOption('pagepay');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await dialog.getByText(tr('validation.min_zero', { field: tr('payments.fields.percent_fee') })).waitFor();
    expect(await gatewayNamed('Journey Alipay')).toBeUndefined();
    await labelled(dialog, 'spinbutton', 'payments.fields.percent_fee').fill('0.01');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await rowOf('Journey Alipay').waitFor();
    const stored = await api<Gateway>('GET', `/api/payment/${(await gatewayNamed('Journey Alipay'))?.id}`);
    expect(stored.data.type).toBe('alipay');
    expect(JSON.parse(stored.data.config ?? '{}')).toEqual({
      app_id: '2021000',
      private_key: 'app-private',
      public_key: 'alipay-public',
      pay_type: 'pagepay',
    });
  });

  it('edits a gateway into WeChat Pay and deletes it', async () => {
    await rowOf('Journey Alipay')
      .getByRole('button', { name: tr('web.kit.more_actions', { name: 'Journey Alipay' }) })
      .click();
    await page.getByRole('menuitem', { name: tr('common.edit') }).click();
    const dialog = page.getByRole('dialog');
    await labelled(dialog, 'textbox', 'payments.config.app_id').waitFor();
    expect(await labelled(dialog, 'textbox', 'payments.config.app_id').inputValue()).toBe('2021000');
    await labelled(dialog, 'combobox', 'payments.fields.type').selectOption('wxpay');
    await labelled(dialog, 'textbox', 'payments.fields.name').fill('Journey WeChat');
    await labelled(dialog, 'textbox', 'payments.config.mch_id').fill('mch-1');
    await labelled(dialog, 'textbox', 'payments.config.mch_certificate_serial_number').fill('serial-1');
    await dialog.getByLabel(new RegExp(`^${tr('payments.config.mch_apiv3_key')}`)).fill('v3key');
    await labelled(dialog, 'textbox', 'payments.config.mch_private_key').fill('mch-private');
    await dialog.getByRole('button', { name: tr('common.submit') }).click();
    await rowOf('Journey WeChat').waitFor();
    const edited = await gatewayNamed('Journey WeChat');
    expect(edited?.type).toBe('wxpay');
    await rowOf('Journey WeChat')
      .getByRole('button', { name: tr('web.kit.more_actions', { name: 'Journey WeChat' }) })
      .click();
    await page.getByRole('menuitem', { name: tr('common.delete') }).click();
    const question = page.getByRole('alertdialog');
    await question.getByText(tr('payments.confirm.delete', { name: 'Journey WeChat' })).waitFor();
    await question.getByRole('button', { name: tr('common.delete') }).click();
    await page.getByText(tr('payments.messages.deleted')).first().waitFor();
    expect(await gatewayNamed('Journey WeChat')).toBeUndefined();
  });

  it('lists orders up to an hour from now, the status chip coloured', async () => {
    // gw has no top-up endpoint to place an order through yet: one pending order goes into its database.
    const gateway = await gatewayNamed('Journey Epay');
    const database = new DatabaseSync(join(journey.server.dataDir, 'gw.db'));
    database
      .prepare(
        'INSERT INTO orders (gateway_id, user_id, trade_no, amount, order_amount, order_currency, quota, status, created_at, updated_at) VALUES (?, 1, ?, 10, 72.5, ?, 5000000, ?, ?, ?)',
      )
      .run(gateway?.id ?? 0, 'JOURNEY-T1', 'CNY', 'pending', Math.floor(Date.now() / 1000), 0);
    database.close();
    const order = { data: { trade_no: 'JOURNEY-T1' } };
    await page.goto(`${journey.server.url}/panel/payment#order`);
    // The end time is a date and a 24-hour time.
    const endLabel = tr('payments.filters.end_time');
    const endDate = await page.getByLabel(`${endLabel}: ${tr('common.date')}`).inputValue();
    const endClock = await page.getByLabel(`${endLabel}: ${tr('common.time')}`).inputValue();
    const shown = new Date(`${endDate}T${endClock}`).getTime() / 1000;
    expect(Math.abs(shown - (Date.now() / 1000 + 3600))).toBeLessThan(180);
    const row = page.getByRole('row').filter({ hasText: order.data.trade_no });
    const chip = row.getByText(tr('payments.order_status.pending'), { exact: true });
    await chip.waitFor();
    expect(await chip.evaluate((element) => element.closest('.gw-chip')?.className)).toContain(
      'gw-chip-primary',
    ); // Refresh & clear drops the filters typed (the end time back to an hour ahead).
    const tradeNo = page.getByRole('searchbox', { name: tr('payments.order_fields.trade_no') });
    await tradeNo.fill('nothing-like-it');
    await tradeNo.press('Enter');
    await page.waitForURL(/trade_no=nothing-like-it/);
    await expect.poll(() => row.count()).toBe(0);
    await page.getByRole('button', { name: tr('web.kit.refresh_clear') }).click();
    await row.waitFor();
    expect(page.url()).not.toContain('trade_no');
    // A status chosen waits for Search (§15.1): then only failed orders, none here.
    await page.getByRole('combobox', { name: tr('payments.order_fields.status') }).selectOption('failed');
    await row.waitFor();
    expect(page.url()).not.toContain('status');
    await page.getByRole('button', { name: tr('common.search'), exact: true }).click();
    await page.waitForURL(/status=failed/);
    await page.getByText(tr('common.no_results')).waitFor();
    expect(await row.count()).toBe(0);
  });
});

describe('payments journey (zh_CN)', () => {
  it('shows both tabs in Chinese and saves a sort on blur', async () => {
    page = await openAs('zh_CN');
    await page.goto(`${journey.server.url}/panel/payment`);
    await page.getByRole('tab', { name: tr('payments.tabs.order'), selected: true }).waitFor();
    await page.getByRole('tab', { name: tr('payments.tabs.gateway') }).click();
    const sort = rowOf('Journey Epay').getByRole('spinbutton', {
      name: tr('payments.sort_of', { name: 'Journey Epay' }),
    });
    await sort.fill('7');
    await sort.blur();
    await page
      .getByText(tr('payments.messages.sorted', { name: 'Journey Epay' }))
      .first()
      .waitFor();
    await expect.poll(async () => (await gatewayNamed('Journey Epay'))?.sort).toBe(7);
  });
});
