// Monthly bills (console-screens §11, §24.1) in real headless Chromium against a real `gw serve`: with
// UserInvoiceMonth off there is no menu item and no page; root turns it on in Settings and makes last
// month's bills there; a user's bill shows the sum of her consume logs, per model on its sheet; in
// English at 1440 px and Chinese at 390 px; turned off again, the item goes.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type Language, previousInvoiceMonth, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, placeholderRoom, signInAs, signInRootAs } from './browser';

const journey = journeyFixture();
const POLL = { timeout: 15_000 };
const BROWSER_TEST_MS = 150_000;
const LAST_MONTH = previousInvoiceMonth();
const MONTH = LAST_MONTH.slice(0, 7);
let ivyId = 0;

async function call(method: string, path: string, body?: unknown, cookie = journey.rootCookie) {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await answer.json()) as { success: boolean; message: string; data: unknown };
}

beforeAll(async () => {
  await call('POST', '/api/user/', { username: 'ivy', password: 'ivy-password-1' });
  const users = (await call('GET', '/api/user/?keyword=ivy')).data as {
    data: { id: number; username: string }[];
  };
  ivyId = users.data.find((user) => user.username === 'ivy')?.id ?? 0;
  // Consume logs go straight into the database: the relay would write the same rows.
  const database = new DatabaseSync(join(journey.server.dataDir, 'gw.db'));
  const log = database.prepare(
    `INSERT INTO logs (user_id, created_at, type, content, username, token_name, model_name, quota, prompt_tokens,
       completion_tokens, channel_id, request_time, is_stream, source_ip)
     VALUES (?, ?, 2, '', ?, 'key', ?, ?, ?, ?, 1, ?, 0, '')`,
  );
  const start = new Date(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)) - 1, 2).getTime() / 1000;
  // Ivy: 3 calls of bill-omni (123 456 + 2 × 100 000 points) and 1 of bill-mini (654 321).
  log.run(ivyId, start, 'ivy', 'bill-omni', 123_456, 1000, 200, 1500);
  log.run(ivyId, start + 60, 'ivy', 'bill-omni', 100_000, 1000, 200, 1500);
  log.run(ivyId, start + 120, 'ivy', 'bill-omni', 100_000, 1000, 200, 1500);
  log.run(ivyId, start + 180, 'ivy', 'bill-mini', 654_321, 500, 50, 700);
  // Root's use is on root's bill only.
  log.run(1, start + 240, 'root', 'bill-omni', 999_999, 9, 9, 9);
  database.close();
});

/** The menu link to the bills, as the sidebar draws it. */
const billsLink = (page: Page, tr: (key: string) => string) =>
  page.getByRole('link', { name: tr('nav.invoice'), exact: true });

describe('monthly bills (en_US, 1440 px)', () => {
  const lang: Language = 'en_US';
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

  it(
    'has no menu item or page while off; root turns it on and makes last month in Settings',
    async () => {
      const ivy = await signInAs(journey, 'ivy', 'ivy-password-1', lang, 1440);
      await ivy.getByRole('link', { name: tr('nav.log'), exact: true }).waitFor();
      expect(await billsLink(ivy, tr).count()).toBe(0);
      await ivy.goto(`${journey.server.url}/panel/invoice`);
      await ivy.waitForURL('**/panel/404');
      await ivy.context().close();

      const root = await signInRootAs(journey, lang, 1440, { to: '/panel/setting' });
      const card = root.getByRole('region', { name: tr('options.cards.invoice') });
      await card.getByText(tr('options.fields.UserInvoiceMonth.label')).click();
      await card.getByRole('button', { name: tr('options.screen.save') }).click();
      await root.getByText(tr('options.screen.saved')).first().waitFor();
      // Turned on, the menu shows the bills at once and the card offers making a month.
      await billsLink(root, tr).waitFor();
      const month = card.getByLabel(tr('billing.invoices.tools.month'), { exact: true });
      expect(await month.inputValue()).toBe(MONTH);
      // Written YYYY-MM in any browser (the browser's month field says "October 2026" in English).
      expect(await month.evaluate((input: HTMLInputElement) => [input.type, input.placeholder])).toEqual([
        'text',
        'YYYY-MM',
      ]);
      // The field has room for its whole YYYY-MM beside the calendar button (the browser's own month
      // field stays hidden under the button).
      await month.fill('');
      expect(await placeholderRoom(month)).toBeGreaterThanOrEqual(0);
      await month.fill(MONTH);
      await card.getByRole('button', { name: tr('billing.invoices.tools.generate') }).click();
      await root.getByText(tr('billing.invoices.messages.generated', { month: MONTH })).waitFor();
      await card.getByRole('button', { name: tr('billing.invoices.tools.generate') }).click();
      await root.getByText(tr('billing.invoices.messages.exists', { month: MONTH })).waitFor();
      await root.context().close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'shows a user her month summed from her logs, and its sheet per model',
    async () => {
      const page = await signInAs(journey, 'ivy', 'ivy-password-1', lang, 1440);
      await billsLink(page, tr).click();
      await page.waitForURL('**/panel/invoice');
      const row = page.getByRole('row').filter({ hasText: MONTH });
      // 977 777 points at 500 000 a dollar: $1.955554; 4 requests; 3 500 in / 650 out.
      await row.getByText('$1.955554', { exact: true }).waitFor();
      await row.getByText('4', { exact: true }).waitFor();
      expect(await page.getByRole('row').count()).toBe(2);
      await row.getByRole('link', { name: tr('billing.invoices.view_month', { month: MONTH }) }).click();
      await page.waitForURL(`**/panel/invoice/detail/${MONTH}`);
      const sheet = page.getByRole('article', { name: tr('billing.invoices.sheet.title') });
      await sheet.getByText(`#${MONTH.replace('-', '')}-${ivyId}`).waitFor();
      const omni = sheet.getByRole('row').filter({ hasText: 'bill-omni' });
      await omni.getByText('$0.646912', { exact: true }).waitFor();
      await sheet.getByRole('row').filter({ hasText: 'bill-mini' }).getByText('$1.308642').waitFor();
      await sheet.getByText('$1.955554', { exact: true }).waitFor();
      await page.getByRole('button', { name: tr('billing.invoices.sheet.back') }).click();
      await page.waitForURL('**/panel/invoice');
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );
});

describe('monthly bills (zh_CN, 390 px)', () => {
  const lang: Language = 'zh_CN';
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

  it(
    'lists and opens the bill on a phone; turned off, the menu item and the page go',
    async () => {
      const page = await signInAs(journey, 'ivy', 'ivy-password-1', lang, 390, { to: '/panel/invoice' });
      await page.getByRole('heading', { name: tr('billing.invoices.title') }).waitFor();
      await page.getByRole('row').filter({ hasText: MONTH }).getByText('$1.955554').waitFor();
      await page.goto(`${journey.server.url}/panel/invoice/detail/${MONTH}`);
      await page.getByText(tr('billing.invoices.sheet.summary')).waitFor();
      await page.getByText('$1.955554').last().waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // A month that is not one goes back to the list with a message.
      await page.goto(`${journey.server.url}/panel/invoice/detail/2024-13`);
      await page.waitForURL('**/panel/invoice');

      const off = await call('PUT', '/api/option/', { key: 'UserInvoiceMonth', value: 'false' });
      expect(off.success).toBe(true);
      const refused = await call('GET', '/api/user/invoice', undefined, await cookieOf(page));
      expect(refused).toMatchObject({ success: false, message: tr('billing.invoices.errors.disabled') });
      await page.goto(`${journey.server.url}/panel/invoice`);
      await page.waitForURL('**/panel/404');
      await page.getByRole('button', { name: tr('web.toggle_menu') }).click();
      await page.getByRole('link', { name: tr('nav.log'), exact: true }).waitFor();
      await expect.poll(() => billsLink(page, tr).count(), POLL).toBe(0);
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );
});

/** The session cookie a page signed in with. */
async function cookieOf(page: Page): Promise<string> {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'session');
  return session ? `session=${session.value}` : '';
}
