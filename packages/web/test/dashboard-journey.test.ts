// The self dashboard (console-screens §7) in real headless Chromium against a real `gw serve`, whose
// consume logs come from real relayed calls to a fake OpenAI upstream on loopback: the cards match the
// logs, the range changes the charts, and the heatmap has a cell per day with today's calls on it.
import { createServer, type Server } from 'node:http';
import { type Language, quotaDisplayFromStatus, renderQuota, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, rootApi, signInRootAs } from './browser';

/** A figure is read again until it matches: the page asks the server after it is drawn. */
const SETTLE = { timeout: 15_000 };

const MODEL = 'gpt-4o-mini';
const CALLS = 3;
const PROMPT_TOKENS = 12;
const COMPLETION_TOKENS = 8;

const journey = journeyFixture();
let upstream: Server;

/** An OpenAI-compatible upstream answering every chat call with the same reply and usage. */
function startUpstream(): Promise<string> {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-dashboard',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: MODEL,
          choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }],
          usage: {
            prompt_tokens: PROMPT_TOKENS,
            completion_tokens: COMPLETION_TOKENS,
            total_tokens: PROMPT_TOKENS + COMPLETION_TOKENS,
          },
        }),
      );
    });
  });
  return new Promise((done) =>
    upstream.listen(0, '127.0.0.1', () => {
      const address = upstream.address();
      done(`http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`);
    }),
  );
}

interface LogRow {
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
}

/** Root's consume logs once all CALLS are written (the ledger writes in batches). */
async function consumeLogs(): Promise<LogRow[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const page = await rootApi<{ data: LogRow[] | null }>(
      journey,
      'GET',
      '/api/log/self?type=2&page=1&size=50',
    );
    const rows = page.data ?? [];
    if (rows.length >= CALLS) return rows;
    if (Date.now() > deadline) throw new Error(`only ${rows.length} consume logs`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

const pad = (value: number) => String(value).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

beforeAll(async () => {
  const upstreamUrl = await startUpstream();
  // Given a channel to the fake upstream and a token of root's, when root makes three chat calls.
  await rootApi(journey, 'POST', '/api/channel/', {
    type: 1,
    name: 'dashboard-upstream',
    key: 'sk-upstream',
    base_url: upstreamUrl,
    models: MODEL,
    group: 'default',
  });
  await rootApi(journey, 'POST', '/api/token/', { name: 'dashboard-journey', unlimited_quota: true });
  const tokens = await rootApi<{ data: { name: string; key: string }[] }>(
    journey,
    'GET',
    '/api/token/?page=1&size=10',
  );
  const key = tokens.data.find((row) => row.name === 'dashboard-journey')?.key;
  for (let call = 0; call < CALLS; call += 1) {
    const reply = await fetch(`${journey.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(reply.status, await reply.text()).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await new Promise((done) => upstream?.close(done));
});

/** The big figure of the card named `title`. */
const cardValue = (page: Page, title: string) =>
  page.getByRole('group', { name: title, exact: true }).locator('.gw-stat-value');

describe.each([
  ['en_US', 1440],
  ['zh_CN', 390],
] as Array<[Language, number]>)('dashboard in %s at %i px', (language, width) => {
  const tr = (key: string, params?: Record<string, unknown>) => translate(language, key, params);

  it('shows today’s figures as the logs have them, charts over a chosen range and a year of days', async () => {
    const logs = await consumeLogs();
    const spent = logs.reduce((sum, row) => sum + row.quota, 0);
    const tokens = logs.reduce((sum, row) => sum + row.prompt_tokens + row.completion_tokens, 0);
    expect(spent).toBeGreaterThan(0);
    const display = quotaDisplayFromStatus(await rootApi(journey, 'GET', '/api/status'));
    const page = await signInRootAs(journey, language, width);

    // Then today's cards say what the consume logs say, and the trend is +100 % (nothing yesterday).
    await expect
      .poll(async () => cardValue(page, tr('dashboard.today_requests')).innerText(), SETTLE)
      .toBe(String(CALLS));
    await expect
      .poll(async () => cardValue(page, tr('dashboard.today_spend')).innerText(), SETTLE)
      .toBe(renderQuota(spent, display, 6));
    await expect
      .poll(async () => cardValue(page, tr('dashboard.today_tokens')).innerText(), SETTLE)
      .toBe(String(tokens));
    await expect(
      page.getByRole('group', { name: tr('dashboard.today_requests'), exact: true }).innerText(),
    ).resolves.toContain(tr('dashboard.trend', { percent: '+100%' }));
    // The account cards and the rate card.
    await expect
      .poll(async () => cardValue(page, tr('dashboard.requests')).innerText(), SETTLE)
      .toBe(String(CALLS));
    await expect
      .poll(async () => cardValue(page, tr('dashboard.used')).innerText(), SETTLE)
      .toBe(renderQuota(spent, display));
    await expect(page.getByRole('group', { name: tr('dashboard.rpm') }).innerText()).resolves.toContain(
      'RPM',
    );
    // The available models strip lists the channel's model.
    await page
      .getByRole('region', { name: tr('dashboard.models_title') })
      .getByText(MODEL)
      .waitFor();

    // The charts (their own chunk) show the default 7 days: today's row in the table, the donut's total.
    const table = page.getByRole('table', { name: tr('dashboard.table_title') });
    const today = localDay(new Date());
    const todayRow = table.getByRole('row').filter({ hasText: today });
    await todayRow.waitFor();
    await expect(todayRow.innerText()).resolves.toContain(renderQuota(spent, display, 6));
    await expect(table.getByRole('row').count()).resolves.toBe(8);
    await page
      .getByText(`${tr('dashboard.donut_title')} · ${tr('dashboard.donut_total', { count: CALLS })}`)
      .waitFor();

    // When the range is the month before last, then the charts have no usage and 1 + days rows.
    const start = new Date();
    start.setDate(start.getDate() - 40);
    const end = new Date();
    end.setDate(end.getDate() - 31);
    await page.getByLabel(tr('dashboard.range_start')).fill(localDay(start));
    await page.getByLabel(tr('dashboard.range_end')).fill(localDay(end));
    await page.getByRole('button', { name: tr('dashboard.range_apply') }).click();
    await page.getByText(tr('dashboard.no_data')).waitFor();
    await page
      .getByText(`${tr('dashboard.donut_title')} · ${tr('dashboard.donut_total', { count: 0 })}`)
      .waitFor();
    await expect(table.getByRole('row').count()).resolves.toBe(11);
    await expect(table.getByRole('row').filter({ hasText: today }).count()).resolves.toBe(0);
    // And an end before the start is refused in the page, saying why.
    await page.getByLabel(tr('dashboard.range_end')).fill(localDay(new Date(start.getTime() - 86_400_000)));
    await page.getByRole('button', { name: tr('dashboard.range_apply') }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toBe(tr('dashboard.validation.range_order'));

    // The heatmap: one cell per day of the year; today's carries the calls at the darkest shade.
    const heatmap = page.getByRole('region', { name: tr('dashboard.heatmap_title') });
    await expect.poll(async () => heatmap.locator('li[data-date]').count(), SETTLE).toBe(365);
    const cell = heatmap.locator(`li[data-date="${today}"]`);
    await expect.poll(async () => cell.getAttribute('data-level'), SETTLE).toBe('4');
    await expect(cell.getAttribute('aria-label')).resolves.toBe(
      tr('dashboard.heatmap_cell', { date: today, count: CALLS, amount: renderQuota(spent, display, 6) }),
    );
    await expect(heatmap.locator('li[data-level="0"]').count()).resolves.toBe(364);
    // One active day is counted in its plural form (i18next `_one`): "1 day", never "1 days".
    const summary = tr('dashboard.heatmap_summary', {
      total: tr('dashboard.heatmap_requests', { count: CALLS }),
      days: tr('dashboard.heatmap_days', { count: 1 }),
    });
    await expect(heatmap.textContent()).resolves.toContain(summary);
    if (language === 'en_US') {
      expect(summary).toContain(' 1 day');
      expect(summary).not.toContain('1 days');
    }
    // Quick start offers the built-in chat links (no ChatLinks option is set), web and app ones.
    const quick = page.getByRole('region', { name: tr('dashboard.quick_start') });
    await expect(quick.getByRole('button').allInnerTexts()).resolves.toEqual([
      'chatgpt-web-midjourney-proxy',
      'ChatGPT Next',
      'OpenCat',
      'AMA 问天',
    ]);
    // No Status pill on a site without UptimeEnabled (uptime-journey covers the tab).
    await expect(page.getByRole('button', { name: tr('dashboard.uptime.tab_status') }).count()).resolves.toBe(
      0,
    );
    // The invite card (the top-up screen's own component): Generate fills the field with root's
    // invite link and turns into Copy.
    const aff = await rootApi<string>(journey, 'GET', '/api/user/aff');
    const invite = page.getByLabel(tr('payments.topup.invite_link'));
    await expect(invite.inputValue()).resolves.toBe('');
    await page.getByRole('button', { name: tr('payments.topup.invite_generate') }).click();
    await expect.poll(async () => invite.inputValue(), SETTLE).toMatch(new RegExp(`/register\\?aff=${aff}$`));
    await page.getByRole('button', { name: tr('common.copy'), exact: true }).waitFor();
    await page.screenshot({ path: `/tmp/gw-dashboard-${language}-${width}.png`, fullPage: true });
    await page.context().close();
  });
});
