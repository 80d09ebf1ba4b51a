// The audit trail screen (issue 15) in real headless Chromium against a real `gw serve`: root finds the
// changes made through the API with who made them and the changed fields (a channel's key only as ***),
// narrows them by resource and by user name; the menu offers the screen to admins only, and a common
// user who types its address is sent to 404.
import { type Language, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { closeDialog, journeyFixture, rootApi, signInAs, signInRootAs } from './browser';

const journey = journeyFixture();
const POLL = { timeout: 15_000 };
const BROWSER_TEST_MS = 120_000;
const lang: Language = 'en_US';
const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

beforeAll(async () => {
  await rootApi(journey, 'POST', '/api/user/', { username: 'nora', password: 'nora-password-1' });
  await rootApi(journey, 'POST', '/api/channel/', {
    type: 1,
    name: 'audited-channel',
    key: 'sk-audit-journey-secret',
    base_url: '',
    models: 'gpt-4o',
    group: 'default',
  });
});

const rows = (page: Page) => page.locator('table.gw-table tbody tr');

describe('audit trail (en_US, 1440 px)', () => {
  it(
    'lists the changes with who and what changed, the key masked, and filters by resource and user name',
    async () => {
      const page = await signInRootAs(journey, lang, 1440, { to: '/panel/audit' });
      await page
        .getByRole('heading', { name: tr('audit.title') })
        .first()
        .waitFor();
      const channelRow = rows(page).filter({ hasText: 'channel.create' });
      await channelRow.waitFor(POLL);
      expect(await channelRow.textContent()).toContain('root (#1)');
      await rows(page).filter({ hasText: 'user.create' }).waitFor();
      for (const column of ['audit.fields.actor', 'audit.fields.action', 'audit.fields.changes'])
        await page.getByRole('columnheader', { name: tr(column) }).waitFor();
      // The key shows only as ***, never in the page.
      expect(await channelRow.textContent()).toContain('***');
      expect(await page.content()).not.toContain('sk-audit-journey-secret');

      // The changes open in full: each field with its value before and after, the key only as ***.
      await channelRow
        .getByRole('button', { name: tr('audit.detail.open', { name: 'channel.create 1' }) })
        .click();
      const dialog = page.getByRole('dialog', {
        name: tr('audit.detail.title', { name: 'channel.create 1' }),
      });
      const fieldRow = (field: string) =>
        dialog.locator('tbody tr').filter({ has: page.getByRole('cell', { name: field, exact: true }) });
      await expect
        .poll(() => fieldRow('name').locator('td').allTextContents(), POLL)
        .toEqual(['name', '', 'audited-channel']);
      expect(await fieldRow('key').locator('td').allTextContents()).toEqual(['key', '', '***']);
      await closeDialog(dialog);

      const resource = page.getByRole('combobox', { name: tr('audit.fields.resource'), exact: true });
      await resource.selectOption('channel');
      const search = page.getByRole('button', { name: tr('common.search'), exact: true });
      if (await search.isVisible()) await search.click();
      await page.waitForURL((url) => url.searchParams.get('resource') === 'channel');
      await expect
        .poll(
          async () => (await rows(page).allTextContents()).every((text) => text.includes('channel.')),
          POLL,
        )
        .toBe(true);
      await expect.poll(() => rows(page).filter({ hasText: 'user.create' }).count(), POLL).toBe(0);

      const username = page.getByRole('searchbox', { name: tr('audit.filters.username') });
      await username.fill('nobody');
      await username.press('Enter');
      if (await search.isVisible()) await search.click();
      await page.waitForURL((url) => url.searchParams.get('username') === 'nobody');
      await page.getByText(tr('common.no_results')).waitFor(POLL);
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'is in the menu for admins only; a common user is sent to 404',
    async () => {
      const root = await signInRootAs(journey, lang, 1440);
      await root.getByRole('link', { name: tr('nav.audit') }).waitFor(POLL);
      await root.context().close();
      const nora = await signInAs(journey, 'nora', 'nora-password-1', lang, 1440);
      await nora.getByRole('link', { name: tr('nav.token') }).waitFor(POLL);
      expect(await nora.getByRole('link', { name: tr('nav.audit') }).count()).toBe(0);
      await nora.goto(`${journey.server.url}/panel/audit`);
      await nora.waitForURL('**/panel/404');
      await nora.context().close();
    },
    BROWSER_TEST_MS,
  );
});
