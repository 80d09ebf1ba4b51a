// The public home and about pages in real Chromium against a real gw: the operator's text drawn as
// markdown (GFM table), HTML or an embedded URL, cleaned of script, handlers and javascript: links; the
// default hero when none is set; the not-found page's Back.
import { translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyFixture } from './browser';

const en = (key: string) => translate('en_US', key);
const journey = journeyFixture();

async function setOption(key: string, value: string) {
  const reply = await fetch(`${journey.server.url}/api/option/`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
    body: JSON.stringify({ key, value }),
  });
  expect(((await reply.json()) as { success: boolean }).success).toBe(true);
}

async function newPage(): Promise<Page> {
  const context = await journey.browser.newContext({
    locale: 'en-US',
    viewport: { width: 1280, height: 800 },
  });
  return context.newPage();
}

const HOSTILE = '<img src="x" onerror="window.__xss = 1"> [bad](javascript:window.__xss=2)';

describe('public site pages', () => {
  it('home: the default hero when no text is set, then the markdown text with its table, cleaned', async () => {
    const page = await newPage();
    await setOption('HomePageContent', '');
    await page.goto(`${journey.server.url}/`);
    await page
      .getByRole('link', { name: en('common.console') })
      .first()
      .waitFor();

    await setOption(
      'HomePageContent',
      `# Welcome to the gateway\n\n| model | price |\n|---|---|\n| gpt-4o | 2.5 |\n\nRead [the docs](https://example.com/docs).\n\n${HOSTILE}`,
    );
    await page.goto(`${journey.server.url}/`);
    await page.getByRole('heading', { name: 'Welcome to the gateway' }).waitFor();
    await page.getByRole('cell', { name: 'gpt-4o' }).waitFor();
    const link = page.getByRole('link', { name: 'the docs' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toContain('noopener');
    expect(await page.locator('[onerror]').count()).toBe(0);
    expect(await page.locator('a[href^="javascript"]').count()).toBe(0);
    await page.waitForTimeout(200);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.context().close();
  });

  it('about: operator HTML keeps its layout and loses its script; a URL is embedded in a frame', async () => {
    const page = await newPage();
    await setOption('About', '<div class="hero"><h2>Our gateway</h2><script>window.__xss = 3</script></div>');
    await page.goto(`${journey.server.url}/about`);
    await page.getByRole('heading', { name: 'Our gateway' }).waitFor();
    expect(await page.locator('.gw-site-content script').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await setOption('About', 'https://example.com/about-us');
    await page.goto(`${journey.server.url}/about`);
    const frame = page.locator('iframe.gw-site-frame');
    await frame.waitFor({ state: 'attached' });
    expect(await frame.getAttribute('src')).toBe('https://example.com/about-us');
    await page.context().close();
  });

  it('not found: Back returns to the page before', async () => {
    const page = await newPage();
    await setOption('About', '');
    await page.goto(`${journey.server.url}/about`);
    await page.getByRole('heading', { name: en('common.about') }).waitFor();
    await page.goto(`${journey.server.url}/no-such-page`);
    await page.waitForURL('**/404');
    await page.getByRole('button', { name: en('common.back') }).click();
    await page.waitForURL('**/about');
    await page.context().close();
  });
});
