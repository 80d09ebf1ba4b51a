// The console shell (console-screens §0.1, §0.5, §12.4, §12.5) in real headless Chromium against a real
// `gw serve`: the announcement opening by itself when it is new (markdown cleaned), on public pages and
// in the console; the page's language tag following the chosen language; the dashboard's one crumb;
// "unable to connect" with the saved site information; the new-version notice; the jump page; the
// console's not-found page.
import { translate } from '@gw/core';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyFixture, rootApi, signInRootAs } from './browser';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);
const journey = journeyFixture();

const setOption = (key: string, value: string) => rootApi(journey, 'PUT', '/api/option/', { key, value });

async function newContext(width = 1440, language = 'en_US'): Promise<BrowserContext> {
  const context = await journey.browser.newContext({ viewport: { width, height: 900 } });
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('appLanguage')) localStorage.setItem('appLanguage', lang);
  }, language);
  return context;
}

/** Opens `path` and waits until the notice has been asked for (so "no dialog" means none came). */
async function openAndWaitForNotice(page: Page, path: string) {
  const asked = page.waitForResponse((response) => response.url().endsWith('/api/notice'));
  await page.goto(`${journey.server.url}${path}`);
  await asked;
}

describe('console shell', () => {
  it('opens a new announcement by itself, once, on public pages and in the console; the button reopens it', async () => {
    await setOption(
      'Notice',
      '# Maintenance\n\nRestart on **Sunday**. <img src="x" onerror="window.__xss = 1">',
    );
    const context = await newContext();
    const page = await context.newPage();
    await openAndWaitForNotice(page, '/');
    const dialog = page.getByRole('dialog', { name: en('common.notice') });
    await dialog.getByRole('heading', { name: 'Maintenance' }).waitFor();
    await expect(dialog.locator('strong').textContent()).resolves.toBe('Sunday');
    expect(await dialog.locator('[onerror]').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Seen once, it stays closed on the next visit; the header button opens it again.
    await openAndWaitForNotice(page, '/about');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.getByRole('button', { name: en('common.notice') }).click();
    await dialog.getByRole('heading', { name: 'Maintenance' }).waitFor();
    await page.keyboard.press('Escape');
    await expect(
      page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).resolves.toBeUndefined();

    // A changed announcement opens again, in the console too.
    await setOption('Notice', '');
    const console = await signInRootAs(journey, 'en_US');
    await setOption('Notice', 'Planned upgrade tonight');
    await console.reload();
    await console.getByRole('dialog').getByText('Planned upgrade tonight').waitFor();
    await console.keyboard.press('Escape');
    await console.getByRole('dialog').waitFor({ state: 'hidden' });
    await console.getByRole('button', { name: en('common.notice') }).click();
    await console.getByRole('dialog').getByText('Planned upgrade tonight').waitFor();
    await console.context().close();
    await context.close();
    await setOption('Notice', '');
  });

  it('tags the page with the language in use, chosen or saved; the dashboard has one crumb (zh, 390 px)', async () => {
    const page = await signInRootAs(journey, 'zh_CN', 390);
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('zh-CN');
    await page.getByRole('button', { name: zh('common.language') }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.waitForFunction(() => document.documentElement.lang === 'en-US');
    await page.reload();
    await page.getByRole('navigation', { name: en('web.breadcrumbs') }).waitFor();
    await expect(page.evaluate(() => document.documentElement.lang)).resolves.toBe('en-US');
    const crumbs = page.getByRole('navigation', { name: en('web.breadcrumbs') });
    await expect(crumbs.getByRole('listitem').allTextContents()).resolves.toEqual([en('nav.dashboard')]);
    await page.goto(`${journey.server.url}/panel/playground`);
    await crumbs.getByText(en('nav.playground')).waitFor();
    await expect(crumbs.getByRole('listitem').allTextContents()).resolves.toEqual([
      en('nav.dashboard'),
      en('nav.playground'),
    ]);
    await page.context().close();
  });

  it('without the server, says it cannot connect and draws the saved site information; a newer server is announced', async () => {
    await setOption('SystemName', 'Journey Gateway');
    const context = await newContext();
    const page = await context.newPage();
    await page.goto(`${journey.server.url}/about`);
    await page.getByRole('link', { name: en('web.home_link', { name: 'Journey Gateway' }) }).waitFor();

    await context.route('**/api/status', (route) => route.abort('connectionrefused'));
    await page.reload();
    await page.getByText(en('errors.network')).waitFor();
    await page.getByRole('link', { name: en('web.home_link', { name: 'Journey Gateway' }) }).waitFor();
    await expect(page.title()).resolves.toBe('Journey Gateway');

    await context.unroute('**/api/status');
    await context.route('**/api/status', async (route) => {
      const reply = await route.fetch();
      const body = (await reply.json()) as { data: Record<string, unknown> };
      await route.fulfill({ response: reply, json: { ...body, data: { ...body.data, version: 'v9.9.9' } } });
    });
    await page.reload();
    await page.getByText(en('common.new_version', { version: 'v9.9.9' })).waitFor();
    await context.close();
    await setOption('SystemName', 'gw');
  });

  it('the jump page opens only chat-app links; the console’s not-found page goes back', async () => {
    const context = await newContext();
    const refused = await context.newPage();
    await refused.goto(`${journey.server.url}/jump?url=${encodeURIComponent('https://evil.example/')}`);
    await refused.getByText(translate('en_US', 'playground.jump.refused')).waitFor();
    expect(new URL(refused.url()).host).toBe(new URL(journey.server.url).host);
    // An app link is followed (a tab of its own: the browser hands it to the app and the tab is done).
    const app = await context.newPage();
    await app.goto(`${journey.server.url}/jump?url=${encodeURIComponent('opencat://team/join?token=sk-x')}`);
    await app.getByText(translate('en_US', 'playground.jump.title')).waitFor();
    await app.close();
    await context.close();

    const page = await signInRootAs(journey, 'en_US');
    await page.goto(`${journey.server.url}/panel/token`);
    await page.goto(`${journey.server.url}/panel/no-such-screen`);
    await page.waitForURL('**/panel/404');
    await page.getByRole('button', { name: en('common.back') }).click();
    await page.waitForURL('**/panel/token');
    await page.context().close();
  });
});
