// The log screen (console-screens §3) in real headless Chromium against a real `gw serve` whose one
// channel points at a fake upstream on loopback: the logs are made through the relay (root's two tokens
// and a user's own) and a redemption code. Root, in English at 1440 px, filters by model, user and type,
// opens a row's detail, reads the stat line and downloads the filter's CSV; the user, in Chinese at
// 390 px, sees only their own rows and exports them.
import { readFileSync } from 'node:fs';
import { type Language, quotaDisplayFromStatus, renderQuota, statusSchema, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type FakeUpstream,
  startFakeUpstream,
} from '../../server/src/relay/test-support/fake-upstream/index.js';
import { columnsUnderActions, journeyFixture, rootApi, signInAs, signInRootAs } from './browser';

const journey = journeyFixture();
const POLL = { timeout: 15_000 };
const BROWSER_TEST_MS = 150_000;
const LENA = { username: 'lena', password: 'lena-password-1' };
let upstream: FakeUpstream;
let channelId = 0;

const api = <T = unknown>(method: string, path: string, body?: unknown) =>
  rootApi<T>(journey, method, path, body);

/** One chat call through the relay with a token's key. */
async function relayCall(key: string, model: string) {
  const reply = await fetch(`${journey.server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key.replace(/^sk-/, '')}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
  });
  expect(reply.status, await reply.text()).toBe(200);
}

/** Waits until the relay's ledger has written `count` consume logs (it writes in batches). */
async function consumeLogs(count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await api<{ total_count: number }>('GET', '/api/log/?log_type=2&size=1');
    if (page.total_count >= count) return;
    if (Date.now() > deadline) throw new Error(`only ${page.total_count} consume logs`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

beforeAll(async () => {
  upstream = await startFakeUpstream();
  await api('POST', '/api/channel/', {
    type: 1,
    name: 'logs-upstream',
    key: 'sk-upstream',
    base_url: upstream.url,
    models: 'gpt-4o-mini,gpt-4o',
    group: 'default',
  });
  const channels = await api<{ data: { id: number; name: string }[] }>('GET', '/api/channel/?page=1&size=10');
  channelId = channels.data.find((channel) => channel.name === 'logs-upstream')?.id ?? 0;
  expect(channelId).toBeGreaterThan(0);
  // Root's two tokens: alpha calls gpt-4o-mini twice, beta gpt-4o once.
  const alpha = await api<{ key: string }>('POST', '/api/token/', { name: 'alpha', unlimited_quota: true });
  const beta = await api<{ key: string }>('POST', '/api/token/', { name: 'beta', unlimited_quota: true });
  await relayCall(alpha.key, 'gpt-4o-mini');
  await relayCall(alpha.key, 'gpt-4o-mini');
  await relayCall(beta.key, 'gpt-4o');
  // Lena tops up with a code (a top-up log) and calls once with her own token.
  await api('POST', '/api/user/', LENA);
  const [code] = await api<string[]>('POST', '/api/redemption/', {
    name: 'lena',
    quota: 5_000_000,
    count: 1,
  });
  const login = await fetch(`${journey.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LENA),
  });
  const lena = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const asLena = async <T>(method: string, path: string, body: unknown) => {
    const reply = await fetch(`${journey.server.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie: lena },
      body: JSON.stringify(body),
    });
    const envelope = (await reply.json()) as { success: boolean; message: string; data: T };
    if (!envelope.success) throw new Error(`${path}: ${envelope.message}`);
    return envelope.data;
  };
  await asLena('POST', '/api/user/topup', { key: code });
  const own = await asLena<{ key: string }>('POST', '/api/token/', {
    name: 'lena-key',
    unlimited_quota: true,
  });
  await relayCall(own.key, 'gpt-4o-mini');
  await consumeLogs(4);
}, 60_000);

afterAll(async () => {
  await upstream?.close();
});

/** The log table's body rows (the empty-list row has no cells of data). */
const rows = (page: Page) => page.locator('.gw-resource-screen table tbody tr');

/** Fills a text filter and presses Search. */
async function search(page: Page, language: Language, filters: Record<string, string>) {
  const tr = (key: string) => translate(language, key);
  for (const [labelKey, value] of Object.entries(filters)) {
    await page.getByRole('searchbox', { name: tr(labelKey), exact: true }).fill(value);
  }
  await page.getByRole('button', { name: tr('common.search'), exact: true }).click();
}

/** Saves the toolbar's CSV link the way a person does (a click, the browser's download) and reads it. */
async function downloadCsv(page: Page, language: Language) {
  // Blueprint draws the link as a button (role="button" on an <a href download>).
  const link = page.getByRole('button', { name: translate(language, 'web.kit.export_csv') });
  expect(await link.evaluate((element) => element.tagName)).toBe('A');
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const file = await download.path();
  const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  return { href: (await link.getAttribute('href')) ?? '', lines: text.trimEnd().split('\r\n') };
}

describe('logs', () => {
  it(
    'root filters by model, user and type, opens a detail, reads the stat line and exports (en_US, 1440 px)',
    async () => {
      const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
      const page = await signInRootAs(journey, 'en_US', 1440);
      await page.getByRole('link', { name: en('nav.log') }).click();
      await page.waitForURL('**/panel/log');
      await page.getByRole('heading', { name: en('logs.title') }).waitFor();
      // Every log: 4 calls, lena's top-up and whatever the set-up wrote (her account, say).
      await expect.poll(() => rows(page).count(), POLL).toBeGreaterThanOrEqual(5);

      // The model filter: one call, the URL keeps it, the stat line sums that call.
      await search(page, 'en_US', { 'logs.fields.model_name': 'gpt-4o' });
      await page.waitForURL(/model_name=gpt-4o(&|$)/);
      await expect.poll(() => rows(page).count(), POLL).toBe(1);
      await expect(rows(page).first().textContent()).resolves.toContain('beta');
      // The channel cell reads `id (name)` (§3), and at 1440 px every column, Detail the last, shows
      // beside the sticky actions column, not under it (the time and the detail wrap instead).
      await expect(rows(page).first().textContent()).resolves.toContain(`${channelId} (logs-upstream)`);
      await expect(columnsUnderActions(page)).resolves.toEqual({ covered: [], overflow: 0 });
      const stat = await api<{ quota: number }>('GET', '/api/log/stat?model_name=gpt-4o');
      const display = quotaDisplayFromStatus(statusSchema.parse(await api('GET', '/api/status')));
      const statLine = page.getByRole('status', { name: en('logs.stat.label') });
      await expect
        .poll(() => statLine.textContent(), POLL)
        .toContain(en('logs.stat.quota', { quota: renderQuota(stat.quota, display, 6) }));
      await expect(statLine.textContent()).resolves.toMatch(/RPM: \d+ · TPM: [\d,]+/);

      // The detail of that row: its token, model and metadata.
      await rows(page).first().getByRole('button').last().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('rowheader', { name: en('logs.fields.token_name') }).waitFor();
      await expect(dialog.textContent()).resolves.toContain('beta');
      await expect(dialog.textContent()).resolves.toContain(en('logs.fields.quota_points'));
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });

      // The row's extras (§3): price chips in the detail cell; its chevron opens the billing breakdown.
      await expect(rows(page).first().textContent()).resolves.toMatch(/Input: \$[\d.]+ \/M/);
      await rows(page).first().getByRole('button').first().click();
      const breakdown = page.getByRole('region', { name: en('logs.cells.breakdown') });
      await expect(breakdown.textContent()).resolves.toContain(en('logs.cells.point_note'));
      await expect(breakdown.textContent()).resolves.toContain(en('logs.cells.formula'));
      await page.screenshot({ path: '/tmp/gw-logs-breakdown-en_US-1440.png' });

      // Column settings: Detail hidden stays hidden after a reload; select-all brings it back.
      const detailHeader = page.getByRole('columnheader', { name: en('logs.fields.content'), exact: true });
      await expect(detailHeader.count()).resolves.toBe(1);
      const settings = page.getByRole('button', { name: en('web.kit.column_settings') });
      // Blueprint draws its own box over the hidden input: a person clicks the label.
      const panel = page.getByRole('group', { name: en('web.kit.column_settings') });
      const box = (label: string) => panel.locator('label').filter({ hasText: new RegExp(`^${label}$`) });
      await settings.click();
      await box(en('logs.fields.content')).click();
      await expect(detailHeader.count()).resolves.toBe(0);
      await page.screenshot({ path: '/tmp/gw-logs-columns-en_US-1440.png' });
      await page.reload();
      await expect.poll(() => rows(page).count(), POLL).toBe(1);
      await expect(detailHeader.count()).resolves.toBe(0);
      await settings.click();
      await box(en('web.kit.all_columns')).click();
      await expect(detailHeader.count()).resolves.toBe(1);
      // The panel takes Escape wherever the focus is (a listener on the document).
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });

      // The export of this filter: a link to the server's stream, the same row in the file.
      const first = await downloadCsv(page, 'en_US');
      expect(first.href).toMatch(/^\/api\/log\/export\?.*model_name=gpt-4o.*&lang=en_US$/);
      expect(first.lines[0]).toBe(
        'Time,Type,Channel,Group,User,Token,Model,Duration,Input,Output,Quota,Source IP,Detail',
      );
      expect(first.lines).toHaveLength(2);
      expect(first.lines[1]).toContain(',root,beta,gpt-4o,');
      expect(first.lines[1]).toContain(`,${channelId} (logs-upstream),`);
      // The call's cost with 6 decimals, as the stat line sums it.
      expect(first.lines[1]).toContain(`,${renderQuota(stat.quota, display, 6)},`);

      // The user filter (admins only), then the type: the select searches at once.
      await search(page, 'en_US', { 'logs.fields.model_name': '', 'logs.fields.username': 'lena' });
      const lenas = await api<{ total_count: number }>('GET', '/api/log/?username=lena');
      expect(lenas.total_count).toBeGreaterThanOrEqual(2);
      await expect.poll(() => rows(page).count(), POLL).toBe(lenas.total_count);
      await page
        .getByRole('combobox', { name: en('logs.fields.type') })
        .selectOption({ label: en('logs.type.topup') });
      await page.waitForURL(/log_type=1/);
      await expect.poll(() => rows(page).count(), POLL).toBe(1);
      await expect(rows(page).first().textContent()).resolves.toContain(en('logs.type.topup'));
      const topups = await downloadCsv(page, 'en_US');
      expect(topups.lines).toHaveLength(2);
      expect(topups.lines[1]).toContain(`,${en('logs.type.topup')},`);
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'a user sees and exports only their own logs (zh_CN, 390 px)',
    async () => {
      const zh = (key: string) => translate('zh_CN', key);
      const page = await signInAs(journey, LENA.username, LENA.password, 'zh_CN', 390, { to: '/panel/log' });
      await page.getByRole('heading', { name: zh('logs.title') }).waitFor();
      const own = await api<{ total_count: number }>('GET', '/api/log/?username=lena');
      await expect.poll(() => rows(page).count(), POLL).toBe(own.total_count);
      // No admin filters for a user.
      await expect(page.getByRole('searchbox', { name: zh('logs.fields.username') }).count()).resolves.toBe(
        0,
      );
      await page
        .getByRole('status', { name: zh('logs.stat.label') })
        .getByText(/RPM/)
        .waitFor();
      // Every column title stays on one line at 390 px, the narrow actions column's 操作 too (it broke
      // into 操 / 作 once the table's cells could wrap).
      const titleLines = await page.locator('.gw-resource-screen thead th').evaluateAll((cells) =>
        cells
          .filter((cell) => cell.textContent)
          .map((cell) => {
            // A text that wraps has one box per line.
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            let lines = 0;
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (!node.textContent?.trim()) continue;
              const range = document.createRange();
              range.selectNodeContents(node);
              lines = Math.max(lines, range.getClientRects().length);
            }
            return `${cell.textContent}:${lines}`;
          }),
      );
      expect(titleLines).toContain(`${zh('common.actions')}:1`);
      expect(titleLines.filter((entry) => !entry.endsWith(':1'))).toEqual([]);

      await search(page, 'zh_CN', { 'logs.fields.token_name': 'lena-key' });
      await page.waitForURL(/token_name=lena-key/);
      await expect.poll(() => rows(page).count(), POLL).toBe(1);
      await rows(page).first().getByRole('button').last().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('rowheader', { name: zh('logs.fields.model_name') }).waitFor();
      await expect(dialog.textContent()).resolves.toContain('gpt-4o-mini');
      await expect(dialog.textContent()).resolves.not.toContain(zh('logs.fields.channel'));
      await dialog.getByRole('button', { name: 'Close' }).click();

      const mine = await downloadCsv(page, 'zh_CN');
      expect(mine.href).toMatch(
        /^\/api\/log\/self\/export\?token_name=lena-key&end_timestamp=\d+&lang=zh_CN$/,
      );
      expect(mine.lines[0]?.startsWith(`${zh('logs.fields.created_at')},${zh('logs.fields.type')},`)).toBe(
        true,
      );
      expect(mine.lines[0]).not.toContain(zh('logs.fields.username'));
      expect(mine.lines).toHaveLength(2);
      expect(mine.lines[1]).toContain('lena-key');
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );
});
