// The console shell (console-screens §0.1, §0.5, §12.4, §12.5) in real headless Chromium against a real
// `gw serve`: the announcement opening by itself when it is new (markdown cleaned), on public pages and
// in the console; the page's language tag following the chosen language; the dashboard's one crumb;
// "unable to connect" with the saved site information; the new-version notice; the jump page; the
// console's not-found page; every screen and public page at phone width neither scrolls sideways nor
// shows a raw i18n key (what the screenshots of issues 9 and 10 were looked at for).
import { menuLeaves, NAVIGATION, translate } from '@gw/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { closeDialog, journeyFixture, rootApi, signInRootAs } from './browser';

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
  // An announcement a failed journey left set would open over the next journey's pages and take its clicks.
  afterEach(async () => {
    await setOption('Notice', '');
  });

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
    // By its close button: an Escape pressed before the focus moved into the dialog reaches the page.
    await closeDialog(dialog);

    // Seen once, it stays closed on the next visit; the header button opens it again.
    await openAndWaitForNotice(page, '/about');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await page.getByRole('button', { name: en('common.notice') }).click();
    await dialog.getByRole('heading', { name: 'Maintenance' }).waitFor();
    await closeDialog(dialog);
    await expect(
      page.evaluate(() => (window as unknown as { __xss?: number }).__xss),
    ).resolves.toBeUndefined();

    // A changed announcement opens again, in the console too.
    await setOption('Notice', '');
    const console = await signInRootAs(journey, 'en_US');
    // The console's first look at the notice is answered ('') before it changes: a look still on its way
    // would bring the new one, open it and remember it as seen, and the reload would have nothing new.
    await openAndWaitForNotice(console, '/panel');
    await setOption('Notice', 'Planned upgrade tonight');
    await console.reload();
    await console.getByRole('dialog').getByText('Planned upgrade tonight').waitFor();
    await closeDialog(console.getByRole('dialog'));
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

    const page = await signInRootAs(journey, 'en_US', 1400, { to: '/panel/token' });
    await page.goto(`${journey.server.url}/panel/no-such-screen`);
    await page.waitForURL('**/panel/404');
    await page.getByRole('button', { name: en('common.back') }).click();
    await page.waitForURL('**/panel/token');
    await page.context().close();
  });

  it('at 390 px no screen or public page scrolls sideways or shows a raw i18n key (zh_CN console, en_US site)', async () => {
    /** The page's width past the window (0 when none) and any text that is an i18n key left untranslated. */
    const flaws = (page: Page) =>
      page.evaluate(() => {
        const keys: string[] = [];
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent?.trim() ?? '';
          // `tokens.fields.name`: lower-case words joined by two dots or more, not a host name.
          if (
            /^[a-z][a-z0-9_]*(\.[a-z_][a-z0-9_]*){2,}$/.test(text) &&
            !/\.(com|net|org|io|json)$/.test(text)
          )
            keys.push(text);
        }
        return { over: Math.max(0, document.documentElement.scrollWidth - window.innerWidth), keys };
      });
    const settle = async (page: Page) => {
      await page.waitForLoadState('networkidle');
      await page.waitForFunction(() => !document.querySelector('.bp6-spinner, .gw-page-spinner'));
    };
    const found: Record<string, { over: number; keys: string[] }> = {};
    const site = await (await newContext(390)).newPage();
    for (const path of ['/', '/about', '/price', '/login', '/register', '/reset', '/no-such-page']) {
      await site.goto(`${journey.server.url}${path}`);
      await settle(site);
      found[path] = await flaws(site);
    }
    await site.context().close();
    const page = await signInRootAs(journey, 'zh_CN', 390);
    for (const item of menuLeaves(NAVIGATION)) {
      if (!item.url) continue;
      await page.goto(`${journey.server.url}${item.url}`);
      await settle(page);
      found[item.url] = await flaws(page);
    }
    await page.context().close();
    const bad = Object.entries(found).filter(([, flaw]) => flaw.over > 0 || flaw.keys.length > 0);
    expect(bad).toEqual([]);
    expect(Object.keys(found).length).toBeGreaterThan(20);
    // Some 35 pages, each drawn to the end: far longer than one screen's journey.
  }, 300_000);
});
