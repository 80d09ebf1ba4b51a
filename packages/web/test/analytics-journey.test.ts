// The admin screens of console-screens §8–10 in real headless Chromium against a real `gw serve`, whose
// consume logs come from real relayed calls to a fake OpenAI upstream on loopback.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { MULTI_USER_CSV_HEADER, translate } from '@gw/core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, signIn, startGwServer } from '../../../test-support/gw-server';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const MODEL = 'gpt-4o-mini';
const CALLS = 3;
const PROMPT_TOKENS = 12;
const COMPLETION_TOKENS = 8;

let server: GwServer;
let upstream: Server;
let browser: Browser;
let rootCookie: string;

/** An OpenAI-compatible upstream answering every chat call with the same reply and usage. */
function startUpstream(): Promise<string> {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-journey',
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

async function api(method: string, path: string, body?: unknown, cookie = rootCookie) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as { success: boolean; message: string; data: unknown };
}

/** The sum of root's consume-log quota once all CALLS are written (the ledger writes in batches). */
async function consumedQuota(): Promise<number> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const reply = await api('GET', '/api/log/?type=2&page=1&size=50');
    const rows = (reply.data as { data?: { quota: number }[] } | null)?.data ?? [];
    if (rows.length >= CALLS) return rows.reduce((sum, row) => sum + row.quota, 0);
    if (Date.now() > deadline) throw new Error(`only ${rows.length} consume logs: ${JSON.stringify(reply)}`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

beforeAll(async () => {
  const upstreamUrl = await startUpstream();
  server = await startGwServer();
  rootCookie = await signIn(server.url, 'root', server.rootPassword);
  // Given a channel to the fake upstream and a token of root's, when root makes three chat calls…
  const channel = await api('POST', '/api/channel/', {
    type: 1,
    name: 'journey-upstream',
    key: 'sk-upstream',
    base_url: upstreamUrl,
    models: MODEL,
    group: 'default',
  });
  expect(channel.success, channel.message).toBe(true);
  const token = await api('POST', '/api/token/', { name: 'analytics-journey', unlimited_quota: true });
  expect(token.success, token.message).toBe(true);
  const tokens = await api('GET', '/api/token/?page=1&size=10');
  const key = (tokens.data as { data: { name: string; key: string }[] }).data.find(
    (row) => row.name === 'analytics-journey',
  )?.key;
  for (let call = 0; call < CALLS; call += 1) {
    const reply = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(reply.status, await reply.text()).toBe(200);
  }
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((done) => upstream?.close(done));
});

async function signInThroughForm(page: Page, username: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.getByLabel(en('auth.username')).fill(username);
  await page.getByLabel(en('auth.password')).fill(password);
  await page.getByRole('button', { name: en('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
}

describe('analytics, multi-user stats and system info screens', () => {
  it('root sees the consume logs as figures on each screen', async () => {
    const quota = await consumedQuota();
    expect(quota).toBeGreaterThan(0);
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'root', server.rootPassword);

    // Analytics from the menu: the charts' totals are the three calls, their tokens and their cost.
    const sidebar = page.getByRole('navigation', { name: en('web.sidebar') });
    await sidebar.getByRole('link', { name: en('nav.analytics') }).click();
    await page.waitForURL('**/panel/analytics');
    await page.getByText(en('analytics.charts.requests', { value: String(CALLS) })).waitFor();
    const tokens = CALLS * (PROMPT_TOKENS + COMPLETION_TOKENS);
    await page.getByText(en('analytics.charts.tokens', { value: String(tokens) })).waitFor();
    const dollars = `$${(quota / 500_000).toFixed(3)}`;
    await page.getByText(en('analytics.charts.spend', { value: dollars })).waitFor();
    const channels = page.getByRole('group', { name: en('analytics.summary.channels') });
    await expect(channels.textContent()).resolves.toContain(
      en('analytics.summary.channels_sub', { active: 1, disabled: 0, auto: 0 }),
    );
    // The chart library drew into its canvas (a blank canvas would mean chart.js never ran).
    const drawn = await page
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL().length);
    expect(drawn).toBeGreaterThan(3000);
    // Grouped by channel, the series is the channel's name, and the figures stay the same.
    await page.getByLabel(en('analytics.period.group_by')).selectOption('channel');
    await page.getByRole('button', { name: en('analytics.period.search') }).click();
    await page.getByText(en('analytics.charts.requests', { value: String(CALLS) })).waitFor();
    await page.screenshot({ path: '/tmp/gw-web-analytics.png', fullPage: true });
    // The same figures in Chinese (the default language).
    await page.goto(`${server.url}/panel/analytics?lng=zh_CN`);
    await page.getByText(translate('zh_CN', 'analytics.charts.requests', { value: String(CALLS) })).waitFor();
    await page.goto(`${server.url}/panel/analytics?lng=en_US`);
    await page.getByText(en('analytics.charts.requests', { value: String(CALLS) })).waitFor();

    // Multi-user stats: root's card counts the calls; the export is offered once there are results.
    await page.goto(`${server.url}/panel/multi_user_stats`);
    await page.getByRole('button', { name: en('analytics.multi.query') }).click();
    await page
      .getByRole('alert')
      .getByText(en('analytics.multi.usernames_required'), { exact: true })
      .waitFor();
    await page.getByLabel(en('analytics.multi.usernames')).fill('root');
    await page.getByRole('button', { name: en('analytics.multi.query') }).click();
    const card = page.getByRole('group', { name: 'root' });
    await card.waitFor();
    await expect(card.textContent()).resolves.toContain(`$${(quota / 500_000).toFixed(6)}`);
    await expect(card.locator('dd').first().textContent()).resolves.toBe(String(CALLS));
    await page
      .getByText(en('analytics.multi.found', { count: 1 }))
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/gw-web-multi-user.png', fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: en('analytics.multi.export') }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^multi_user_stats_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    // The server ends lines with CRLF (spreadsheets' CSV); a byte-order mark, if any, is not a header.
    const csv = readFileSync(await file.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(csv[0]).toBe(MULTI_USER_CSV_HEADER);
    expect(csv[1]?.split(',').slice(0, 3)).toEqual(['root', String(CALLS), String(quota)]);

    // System info: the server's own log lines, searchable.
    await page.goto(`${server.url}/panel/system_info`);
    const log = page.getByRole('log', { name: en('analytics.system.title') });
    await log.locator('.gw-system-log-line').first().waitFor();
    await page.screenshot({ path: '/tmp/gw-web-system-info.png', fullPage: true });
    const interval = page.getByLabel(en('analytics.system.interval'));
    await expect(interval.isDisabled()).resolves.toBe(true);
    await page.getByRole('switch', { name: en('analytics.system.auto_refresh') }).click({ force: true });
    await expect(interval.isEnabled()).resolves.toBe(true);
    await page.getByLabel(en('analytics.system.search')).fill('no line says this 0x1f');
    await log.getByText(en('analytics.system.no_match')).waitFor();
    await context.close();
  });

  it('a plain user is refused these routes, in the console and by the server; an admin only system info', async () => {
    const created = await api('POST', '/api/user/', { username: 'erin', password: 'erin-password-1' });
    expect(created.success, created.message).toBe(true);
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await signInThroughForm(page, 'erin', 'erin-password-1');
    const sidebar = page.getByRole('navigation', { name: en('web.sidebar') });
    for (const key of ['nav.analytics', 'nav.multi_user_stats', 'nav.system_info']) {
      await expect(sidebar.getByRole('link', { name: en(key), exact: true }).count()).resolves.toBe(0);
    }
    for (const path of ['analytics', 'multi_user_stats', 'system_info']) {
      await page.goto(`${server.url}/panel/${path}`);
      await page.waitForURL('**/panel/404');
    }
    await context.close();

    // An admin who is not root opens analytics but not the root-only system log.
    const admin = await api('POST', '/api/user/', { username: 'frank', password: 'frank-password-1' });
    expect(admin.success, admin.message).toBe(true);
    const promoted = await api('POST', '/api/user/manage', { username: 'frank', action: 'promote' });
    expect(promoted.success, promoted.message).toBe(true);
    const adminContext = await browser.newContext({
      locale: 'en-US',
      viewport: { width: 1400, height: 900 },
    });
    const adminPage = await adminContext.newPage();
    await signInThroughForm(adminPage, 'frank', 'frank-password-1');
    const adminMenu = adminPage.getByRole('navigation', { name: en('web.sidebar') });
    await adminMenu.getByRole('link', { name: en('nav.multi_user_stats') }).waitFor();
    await expect(adminMenu.getByRole('link', { name: en('nav.system_info') }).count()).resolves.toBe(0);
    await adminPage.goto(`${server.url}/panel/system_info`);
    await adminPage.waitForURL('**/panel/404');
    await adminPage.goto(`${server.url}/panel/analytics`);
    await adminPage.getByText(en('analytics.charts.requests', { value: String(CALLS) })).waitFor();
    await adminContext.close();

    const erin = await signIn(server.url, 'erin', 'erin-password-1');
    const refused = await api('GET', '/api/analytics/statistics', undefined, erin);
    expect(refused.success).toBe(false);
  });
});
