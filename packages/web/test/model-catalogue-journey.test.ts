// Available models (console-screens §16) and the public price list (§12.6) in real headless Chromium
// against a real `gw serve`: groups, channels, prices, owners and model info made through the API; every
// price on screen checked against the stored price times the group's ratio (written out by hand, and
// through core's maths); the filters kept in the URL; signed out in English at 1440 px, and a user of a
// private group in Chinese at 390 px.
import { groupPriceText, type Language, type Price, translate, type UserGroup } from '@gw/core';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, rootApi, signInAs } from './browser';

const journey = journeyFixture();
const POLL = { timeout: 15_000 };
const BROWSER_TEST_MS = 150_000;

const api = <D = unknown>(method: string, path: string, body?: unknown) =>
  rootApi<D>(journey, method, path, body);

beforeAll(async () => {
  await api('POST', '/api/user_group/', {
    symbol: 'vip',
    name: 'VIP',
    ratio: 1.5,
    public: true,
    api_rate: 600,
  });
  await api('POST', '/api/user_group/', {
    symbol: 'team',
    name: 'Team',
    ratio: 0.5,
    public: false,
    api_rate: 600,
  });
  await api('POST', '/api/model_ownedby/', { id: 1500, name: 'Journey Labs', icon: '' });
  const channel = (name: string, models: string, group: string) =>
    api('POST', '/api/channel/', {
      type: 1,
      name,
      key: `sk-${name}`,
      base_url: 'http://127.0.0.1:9',
      models,
      group,
    });
  await channel('journey-main', 'jr-omni,jr-draw', 'default,vip');
  await channel('journey-mini', 'jr-mini', 'default,team');
  const price = (model: string, type: string, input: number, output: number, owner: number) =>
    api('POST', '/api/prices/single', { model, type, input, output, channel_type: owner });
  await price('jr-omni', 'tokens', 1.25, 5, 1);
  await price('jr-mini', 'tokens', 0.075, 0.3, 1);
  await price('jr-draw', 'times', 20, 0, 1500);
  const info = (
    model: string,
    name: string,
    description: string,
    input: string[],
    output: string[],
    tags: string[],
  ) =>
    api('POST', '/api/model_info/', {
      model,
      name,
      description,
      context_length: 128_000,
      max_tokens: 4096,
      input_modalities: input,
      output_modalities: output,
      tags,
    });
  await info(
    'jr-omni',
    'Journey Omni',
    'An omni journey model',
    ['text', 'image'],
    ['text'],
    ['hot', 'chat'],
  );
  await info('jr-draw', 'Journey Draw', 'Draws pictures', ['text'], ['image'], []);
  await api('POST', '/api/user/', { username: 'tess', password: 'tess-password-1' });
  const users = await api<{ data: { id: number; username: string }[] }>('GET', '/api/user/?keyword=tess');
  const tess = users.data.find((user) => user.username === 'tess');
  await api('PUT', '/api/user/', { id: tess?.id, username: 'tess', group: 'team' });
});

/** The stored price of a model and the stored ratio of a group, as the server keeps them. */
async function stored(model: string, group: string): Promise<{ price: Price; ratio: number }> {
  const prices = await api<Price[]>('GET', '/api/prices');
  const groups = await api<{ data: UserGroup[] }>('GET', '/api/user_group/?size=100');
  const price = prices.find((row) => row.model === model);
  const ratio = groups.data.find((row) => row.symbol === group)?.ratio;
  if (!price || ratio === undefined) throw new Error(`no price for ${model} or no group ${group}`);
  return { price, ratio };
}

/** Clicks the chip of a choice (its radio is visually hidden inside the chip's label). */
function choose(page: Page, filter: string, name: string) {
  return page
    .getByRole('group', { name: filter })
    .locator('label')
    .filter({ has: page.getByRole('radio', { name, exact: true }) })
    .click();
}

const card = (page: Page, model: string) => page.getByRole('article', { name: model, exact: true });
const count = (page: Page) => page.locator('.gw-catalogue-count');

describe('the public price list, signed out (en_US, 1440 px)', () => {
  const lang: Language = 'en_US';
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

  it(
    'prices every model in the chosen group, per 1K or 1M, and keeps the filters in the URL',
    async () => {
      const context = await journey.browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${journey.server.url}/login`);
      await page.evaluate((value) => localStorage.setItem('appLanguage', value), lang);
      await page.goto(`${journey.server.url}/price`);
      await page.getByRole('heading', { name: tr('billing.models.public_title') }).waitFor();
      await expect.poll(() => count(page).textContent(), POLL).toBe(tr('billing.models.count', { count: 3 }));
      // A private group is not offered to visitors.
      const groups = page.getByRole('group', { name: tr('billing.models.filters.group') });
      expect(await groups.getByRole('radio').count()).toBe(2);
      await expect.poll(() => groups.textContent()).not.toContain('Team');

      // Given ratio 1.25 / 5 and the default group (×1): $0.0025 and $0.01 per 1K tokens.
      const omni = card(page, 'jr-omni');
      await omni.getByText(`${tr('billing.models.fields.input')} $0.0025 / 1K`).waitFor();
      await omni.getByText(`${tr('billing.models.fields.output')} $0.01 / 1K`).waitFor();
      const { price, ratio } = await stored('jr-omni', 'default');
      const core = groupPriceText(price, ratio, false, tr);
      await omni.getByText(`${tr('billing.models.fields.input')} ${core.input}`).waitFor();
      await omni.getByRole('img', { name: tr('billing.models.owner_icon', { name: 'OpenAI' }) }).waitFor();

      // When VIP (×1.5) is chosen: $0.00375 and $0.015 per 1K; per 1M: $3.75 and $15; per call unscaled.
      await choose(page, tr('billing.models.filters.group'), 'VIP ×1.5');
      await page.waitForURL(/group=vip/);
      await omni.getByText(`${tr('billing.models.fields.input')} $0.00375 / 1K`).waitFor();
      const vip = await stored('jr-omni', 'vip');
      expect(groupPriceText(vip.price, vip.ratio, false, tr)).toEqual({
        input: '$0.00375 / 1K',
        output: '$0.015 / 1K',
      });
      await page.getByRole('button', { name: tr('billing.models.units.M') }).click();
      await page.waitForURL(/unit=M/);
      await omni.getByText(`${tr('billing.models.fields.output')} $15 / 1M`).waitFor();
      await card(page, 'jr-draw')
        .getByText(`${tr('billing.models.fields.input')} $0.06 / call`)
        .waitFor();
      // jr-mini is not served to VIP: it says so, and "only available" hides it.
      await card(page, 'jr-mini').getByText(tr('billing.models.unavailable')).waitFor();
      await page.getByText(tr('billing.models.filters.available_only')).click();
      await expect.poll(() => count(page).textContent(), POLL).toBe(tr('billing.models.count', { count: 2 }));
      await page.getByText(tr('billing.models.filters.available_only')).click();

      // Search, provider, modality and tag each narrow the list; clearing the search shows all again.
      const search = page.getByRole('searchbox', { name: tr('billing.models.filters.search') });
      await search.fill('omni journey');
      await search.press('Enter');
      await expect.poll(() => count(page).textContent(), POLL).toBe(tr('billing.models.count', { count: 1 }));
      await page.getByRole('button', { name: tr('billing.models.filters.clear') }).click();
      await expect.poll(() => count(page).textContent(), POLL).toBe(tr('billing.models.count', { count: 3 }));
      const pick = async (filter: string, chip: string, expected: number) => {
        await choose(page, tr(filter), chip);
        await expect
          .poll(() => count(page).textContent(), POLL)
          .toBe(tr('billing.models.count', { count: expected }));
        await choose(page, tr(filter), tr('common.all'));
      };
      await pick('billing.models.filters.owner', 'Journey Labs', 1);
      await pick('billing.models.filters.modality', tr('billing.models.modalities.image'), 2);
      await pick('billing.models.filters.tag', 'hot', 1);

      // The list view: one line per group that may call the model, with its rate.
      await page.getByRole('button', { name: tr('billing.models.view.list') }).click();
      const row = page.getByRole('row').filter({ hasText: 'jr-omni' });
      await row.getByText('VIP: $3.75 / 1M (×1.5)').waitFor();
      await row.getByText(/: \$2\.5 \/ 1M \(×1\)$/).waitFor();
      // A reload keeps the group, the unit and the view (all in the URL).
      await page.reload();
      await page
        .getByRole('row')
        .filter({ hasText: 'jr-omni' })
        .getByText('VIP: $3.75 / 1M (×1.5)')
        .waitFor();
      expect(new URL(page.url()).searchParams.get('view')).toBe('list');

      // The details: a price for every group, and the model's info.
      await page.getByRole('button', { name: tr('billing.models.details_of', { name: 'jr-omni' }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('128,000').waitFor();
      const vipRow = dialog.getByRole('row').filter({ hasText: 'VIP (×1.5)' });
      await vipRow.getByText('$3.75 / 1M', { exact: true }).waitFor();
      await vipRow.getByText('$15 / 1M', { exact: true }).waitFor();
      await context.close();
    },
    BROWSER_TEST_MS,
  );
});

describe('available models of a private group (zh_CN, 390 px)', () => {
  const lang: Language = 'zh_CN';
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

  it(
    'starts on the user’s own group and prices its models at its ratio',
    async () => {
      const page = await signInAs(journey, 'tess', 'tess-password-1', lang, 390, {
        to: '/panel/model_price',
      });
      await page.getByRole('heading', { name: tr('billing.models.title') }).waitFor();
      const groups = page.getByRole('group', { name: tr('billing.models.filters.group') });
      // Her own group (×0.5) is listed and chosen; jr-mini costs half: 0.075 × 0.002 × 0.5 = $0.000075 / 1K.
      await expect
        .poll(() => groups.getByRole('radio', { checked: true }).getAttribute('value'), POLL)
        .toBe('team');
      const mini = card(page, 'jr-mini');
      await mini.getByText(`${tr('billing.models.fields.input')} $0.000075 / 1K`).waitFor();
      const { price, ratio } = await stored('jr-mini', 'team');
      expect(groupPriceText(price, ratio, false, tr).output).toBe('$0.0003 / 1K');
      await mini.getByText(`${tr('billing.models.fields.output')} $0.0003 / 1K`).waitFor();
      await card(page, 'jr-omni').getByText(tr('billing.models.unavailable')).waitFor();
      // The page fits the phone: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );
});
