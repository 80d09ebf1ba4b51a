// The report and settings screens (console-screens §8 analytics, §9 multi-user stats, §10 system info,
// §24 settings) in Chinese, the default language, in real Chromium against a real `gw serve`: bad input
// is refused on the screen and nothing is asked or stored; the English walk is analytics-journey and
// settings-journey.
import { translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { journeyFixture, placeholderRoom } from './browser';

const zh = (key: string, params?: Record<string, unknown>) => translate('zh_CN', key, params);

vi.setConfig({ testTimeout: 150_000 });
const journey = journeyFixture();

/** Root signed in with the console in Chinese, in a browser of `locale` (a Chinese one by default). */
async function openRoot(locale = 'zh-CN'): Promise<Page> {
  const context = await journey.browser.newContext({
    locale,
    viewport: { width: 1440, height: 900 },
  });
  const page = await context.newPage();
  await page.goto(`${journey.server.url}/login`);
  await page.evaluate(() => localStorage.setItem('appLanguage', 'zh_CN'));
  await page.goto(`${journey.server.url}/login`);
  await page.getByLabel(zh('auth.username')).fill('root');
  await page.getByLabel(zh('auth.password')).fill(journey.server.rootPassword);
  await page.getByRole('button', { name: zh('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
  return page;
}

async function storedOption(key: string): Promise<string | undefined> {
  const answer = await fetch(`${journey.server.url}/api/option/`, {
    headers: { cookie: journey.rootCookie },
  });
  const body = (await answer.json()) as { data: { key: string; value: string }[] };
  return body.data.find((option) => option.key === key)?.value;
}

describe('report and settings screens in Chinese', () => {
  it('writes dates as YYYY-MM-DD in an English browser too (not its mm/dd/yyyy), tidying a typed 2026/11/5', async () => {
    const page = await openRoot('en-US');
    await page.goto(`${journey.server.url}/panel/analytics`);
    const start = page.getByLabel(zh('analytics.period.start'));
    await start.waitFor();
    // The browser's own date field would show the day in the browser's order; the console's is text.
    expect(await start.evaluate((input: HTMLInputElement) => [input.type, input.placeholder])).toEqual([
      'text',
      'YYYY-MM-DD',
    ]);
    expect(await start.inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await start.fill('2026/11/5');
    await start.press('Tab');
    await expect.poll(() => start.inputValue()).toBe('2026-11-05');
    await start.fill('');
    expect(await placeholderRoom(start)).toBeGreaterThanOrEqual(0);
    // The calendar is still a click away, one button per day field.
    await expect(page.getByRole('button', { name: zh('common.pick_date') }).count()).resolves.toBe(2);
    await page.screenshot({ path: '/tmp/gw-analytics-zh-en-browser.png' });
    // A list's time filter (Midjourney's "submitted from"): its day field shows the whole YYYY-MM-DD.
    await page.goto(`${journey.server.url}/panel/midjourney`);
    const from = page.getByLabel(`${zh('tasks.filters.start_time')}: ${zh('common.date')}`);
    await from.waitFor();
    expect(await placeholderRoom(from)).toBeGreaterThanOrEqual(0);
    // The token editor's expiry: the day typed the same way, beside its 24-hour time.
    await page.goto(`${journey.server.url}/panel/token`);
    await page.getByRole('button', { name: zh('web.kit.new') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(zh('tokens.fields.never_expires')).click();
    const day = dialog.getByLabel(`${zh('tokens.fields.expired_time')}: ${zh('common.date')}`);
    await day.waitFor();
    expect(await day.evaluate((input: HTMLInputElement) => input.type)).toBe('text');
    await day.fill('');
    expect(await placeholderRoom(day)).toBeGreaterThanOrEqual(0);
    await day.fill('2030-02-30');
    await expect.poll(() => day.getAttribute('title')).toBe(zh('common.date_hint'));
    await page.screenshot({ path: '/tmp/gw-token-expiry-zh-en-browser.png' });
    await page.context().close();
  });

  it('analytics refuses a start after the end; multi-user stats asks for names, then reports root; system logs filter', async () => {
    const page = await openRoot();
    await page.goto(`${journey.server.url}/panel/analytics`);
    await page.getByText(zh('analytics.summary.users')).first().waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/period')) asked.push(request.url());
    });
    await page.getByLabel(zh('analytics.period.start')).fill('2026-11-20');
    await page.getByLabel(zh('analytics.period.end')).fill('2026-11-10');
    // The range is checked as it is typed: the message shows and Search cannot be pressed.
    await expect(
      page.getByRole('button', { name: zh('analytics.period.search') }).isDisabled(),
    ).resolves.toBe(true);
    await page.getByRole('alert').getByText(zh('analytics.period.range_invalid')).waitFor();
    expect(asked).toEqual([]);

    await page.goto(`${journey.server.url}/panel/multi_user_stats`);
    await page.getByRole('button', { name: zh('analytics.multi.query') }).click();
    await page
      .getByRole('alert')
      .getByText(zh('analytics.multi.usernames_required'), { exact: true })
      .waitFor();
    await expect(page.getByRole('button', { name: zh('analytics.multi.export') }).isDisabled()).resolves.toBe(
      true,
    );
    await page.getByLabel(zh('analytics.multi.usernames')).fill('root，');
    await page.getByRole('button', { name: zh('analytics.multi.query') }).click();
    await page
      .getByText(new RegExp(`${zh('analytics.multi.found', { count: 1 })}|${zh('analytics.multi.none')}`))
      .first()
      .waitFor();

    await page.goto(`${journey.server.url}/panel/system_info`);
    const log = page.getByRole('log', { name: zh('analytics.system.title') });
    await log.locator('.gw-system-log-line').first().waitFor();
    await page.getByLabel(zh('analytics.system.search')).fill('没有这一行 0x1f');
    await log.getByText(zh('analytics.system.no_match')).waitFor();
    await page.context().close();
  });

  it('settings: a negative new-user quota is refused and not stored; a good one is kept', async () => {
    const page = await openRoot();
    await page.goto(`${journey.server.url}/panel/setting`);
    await page.waitForLoadState('networkidle');
    const quota = page.getByRole('region', { name: zh('options.cards.quota'), exact: true });
    const label = zh('options.fields.QuotaForNewUser.label');
    const field = quota.getByLabel(label, { exact: true });
    await field.fill('-5');
    await quota.getByText(zh('options.errors.min', { option: label, min: 0 })).waitFor();
    await quota.getByRole('button', { name: zh('options.screen.save'), exact: true }).click();
    await page.getByText(zh('options.screen.fix_errors')).first().waitFor();
    await expect(storedOption('QuotaForNewUser')).resolves.toBe('0');
    await field.fill('1200');
    await quota.getByRole('button', { name: zh('options.screen.save'), exact: true }).click();
    await page.getByText(zh('options.screen.saved')).first().waitFor();
    await expect.poll(() => storedOption('QuotaForNewUser')).toBe('1200');
    await page.context().close();
  });
});
