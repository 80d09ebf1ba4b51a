// The channel list's acting cells (console-screens §1.3) in real headless Chromium against a real
// `gw serve` whose channels point at a fake OpenAI upstream on loopback: inline priority and weight,
// the response-time chip and speed-test menu, the balance, copy, and a tag row with its sub-table —
// in English and once in Chinese (`?lng=zh_CN`) — then the list at phone width.
import { createServer, type Server } from 'node:http';
import { translate } from '@gw/core';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture } from './browser';

type T = (key: string, params?: Record<string, unknown>) => string;
const en: T = (key, params) => translate('en_US', key, params);
const zh: T = (key, params) => translate('zh_CN', key, params);

/** The fake upstream's account: a $100 limit with $25.50 used this month → a balance of $74.50. */
const HARD_LIMIT_USD = 100;
const USAGE_CENTS = 2550;
const BALANCE_SHOWN = '$74.50';

// The journey polls the API while it waits for saves; the per-IP limit is another journey's subject, and a
// slow run's polling must not use up the allowance and turn the next test's calls into 429s.
const journey = journeyFixture({ env: { GLOBAL_API_RATE_LIMIT: '0' } });
/** Waits for the server (or the page) to show a change: a save and its reload take a moment. */
const poll = <Value>(read: () => Promise<Value> | Value) =>
  expect.poll(read, { timeout: 10_000, interval: 250 });
let upstream: Server;
let upstreamUrl = '';

/** An OpenAI-compatible upstream: chat replies (a little late, so a test measures a time) and billing. */
function startUpstream(): Promise<string> {
  upstream = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const json = (body: unknown) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      const url = request.url ?? '';
      if (url.startsWith('/v1/dashboard/billing/subscription'))
        return json({ hard_limit_usd: HARD_LIMIT_USD, has_payment_method: true });
      if (url.startsWith('/v1/dashboard/billing/usage')) return json({ total_usage: USAGE_CENTS });
      setTimeout(
        () =>
          json({
            id: 'chatcmpl-list-journey',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: 'gpt-4o-mini',
            choices: [{ index: 0, message: { role: 'assistant', content: 'hi' }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 3, completion_tokens: 1, total_tokens: 4 },
          }),
        60,
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

interface StoredChannel {
  id: number;
  name: string;
  status: number;
  priority: number;
  weight: number;
  tag: string;
  response_time: number;
  balance: number;
}

async function api<Data>(method: string, path: string, body?: unknown): Promise<Data> {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { success: boolean; message: string; data: Data };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

/** The untagged channels named exactly `name` (the list's name filter matches a part). */
const channelsNamed = async (name: string) =>
  (
    await api<{ data: StoredChannel[] }>('GET', `/api/channel/?filter_tag=1&size=100&name=${name}`)
  ).data.filter((channel) => channel.name === name);
const tagMembers = (tag: string) => api<StoredChannel[]>('GET', `/api/channel_tag/${tag}/list`);

async function createChannel(body: Record<string, unknown>) {
  await api('POST', '/api/channel/', {
    type: 1,
    base_url: upstreamUrl,
    models: 'gpt-4o-mini,gpt-4o',
    test_model: 'gpt-4o-mini',
    group: 'default',
    ...body,
  });
}

beforeAll(async () => {
  upstreamUrl = await startUpstream();
}, 30_000);

afterAll(async () => {
  await new Promise((done) => upstream?.close(done));
});

async function openChannels(t: T, lng: 'en_US' | 'zh_CN', width = 1600): Promise<Page> {
  const context = await journey.browser.newContext({
    locale: lng.replace('_', '-'),
    viewport: { width, height: 1000 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto(`${journey.server.url}/login?lng=${lng}`);
  await page.getByLabel(t('auth.username')).fill('root');
  await page.getByLabel(t('auth.password')).fill(journey.server.rootPassword);
  await page.getByRole('button', { name: t('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
  await page.goto(`${journey.server.url}/panel/channel?lng=${lng}`);
  await page.getByRole('heading', { name: t('channels.title') }).waitFor();
  return page;
}

const rowOf = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

/** A toast whose text is `key` with a measured time (any `n.nn`) in place of {{time}}. */
function timedToast(page: Page, t: T, params: Record<string, unknown>) {
  const [before = '', after = ''] = t('channels.list.test_took', { ...params, time: '\u0000' }).split(
    '\u0000',
  );
  const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return page.getByText(new RegExp(`${literal(before)}\\d+\\.\\d\\d${literal(after)}`)).first();
}

async function confirmIn(page: Page, button: string) {
  const question = page.getByRole('alertdialog');
  await question.getByRole('button', { name: button }).click();
  await question.waitFor({ state: 'detached' });
}

/** Inline priority and weight: a bad value is refused and not sent, a good one is stored. */
async function inlineNumbers(page: Page, t: T, row: Locator, name: string) {
  const priority = row.getByRole('spinbutton', { name: t('channels.list.priority_of', { name }) });
  await priority.fill('');
  await row.getByRole('button', { name: t('channels.list.save_priority', { name }) }).click();
  await page.getByText(t('channels.list.value_required')).first().waitFor();
  await priority.fill('5');
  await row.getByRole('button', { name: t('channels.list.save_priority', { name }) }).click();
  await page.getByText(t('channels.list.priority_saved')).first().waitFor();
  await poll(async () => (await channelsNamed(name))[0]?.priority).toBe(5);

  const weight = row.getByRole('spinbutton', { name: t('channels.list.weight_of', { name }) });
  await weight.fill('0');
  await row.getByRole('button', { name: t('channels.list.save_weight', { name }) }).click();
  await page.getByText(t('channels.validation.weight_min')).first().waitFor();
  expect((await channelsNamed(name))[0]?.weight).toBe(1);
  await weight.fill('3');
  await row.getByRole('button', { name: t('channels.list.save_weight', { name }) }).click();
  await page.getByText(t('channels.list.weight_saved')).first().waitFor();
  await poll(async () => (await channelsNamed(name))[0]?.weight).toBe(3);
}

/** The chip tests with the test model, the gauge with the model picked; both show the time. */
async function speedTests(page: Page, t: T, row: Locator, name: string) {
  // A channel with no test model says so instead of testing.
  await rowOf(page, `bare-${name}`)
    .getByRole('button', { name: t('channels.list.not_tested') })
    .click();
  await page.getByText(t('channels.list.no_test_model')).first().waitFor();
  expect((await channelsNamed(`bare-${name}`))[0]?.response_time).toBe(0);

  await row.getByRole('button', { name: t('channels.list.not_tested') }).click();
  await timedToast(page, t, { name, model: 'gpt-4o-mini' }).waitFor();
  await row.getByRole('button', { name: /^\d+\.\d\d s$/ }).waitFor();
  expect((await channelsNamed(name))[0]?.response_time).toBeGreaterThan(0);

  await row.getByRole('button', { name: t('channels.list.speed_test', { name }) }).click();
  await page.getByRole('menuitem', { name: 'gpt-4o', exact: true }).click();
  await timedToast(page, t, { name, model: 'gpt-4o' }).waitFor();
}

async function balanceAndCopy(page: Page, t: T, row: Locator, name: string) {
  await row.getByRole('button', { name: '$0.00' }).click();
  await page
    .getByText(t('channels.list.balance_now', { name, value: BALANCE_SHOWN }))
    .first()
    .waitFor();
  await row.getByRole('button', { name: BALANCE_SHOWN }).waitFor();

  // The details: every model as a chip, the test model.
  await row.getByRole('button', { name: t('web.kit.expand_row', { name }), exact: true }).click();
  const details = page.getByRole('region', { name: t('channels.list.details', { name }) });
  await details.getByText('gpt-4o', { exact: true }).first().waitFor();
  await details.getByText(t('channels.list.test_model')).waitFor();
  // A model chip copies its name.
  await details.getByText('gpt-4o', { exact: true }).click();
  await page
    .getByText(t('common.copied', { name: 'gpt-4o' }))
    .first()
    .waitFor();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('gpt-4o');

  await row.getByRole('button', { name: t('web.kit.more_actions', { name }) }).click();
  await page.getByRole('menuitem', { name: t('channels.actions.copy') }).click();
  await page
    .getByText(t('channels.list.copied_as', { name: `${name}_copy` }))
    .first()
    .waitFor();
  await rowOf(page, `${name}_copy`).waitFor();
  const copies = await channelsNamed(`${name}_copy`);
  expect(copies.map((channel) => [channel.name, channel.priority, channel.weight])).toEqual([
    [`${name}_copy`, 5, 3],
  ]);
}

/**
 * The filters wait for Search (§1.2); a row's switch, its delete from the "⋯" menu (asked first) and
 * the toolbar's "update enabled balances".
 */
async function filtersAndRowActions(page: Page, t: T, name: string) {
  const copy = `${name}_copy`;
  const status = page.getByRole('combobox', { name: t('channels.fields.status'), exact: true });
  const search = page.getByRole('button', { name: t('common.search'), exact: true });
  const clear = page.getByRole('button', { name: t('web.kit.refresh_clear') });
  // A status chosen changes nothing until Search; then no channel is disabled yet.
  await status.selectOption('2');
  await rowOf(page, copy).waitFor();
  expect(new URL(page.url()).searchParams.get('status')).toBeNull();
  await search.click();
  await page.waitForURL((url) => url.searchParams.get('status') === '2');
  await page.getByText(t('common.no_results')).waitFor();
  // The list reloads after Clear: the switch is clicked once that reload has come back and the row is
  // drawn again (a click during the reload could land on the row being replaced and change nothing).
  const reloaded = page.waitForResponse(
    (response) => response.url().includes('/api/channel/?') && response.request().method() === 'GET',
  );
  await clear.click();
  await page.waitForURL((url) => !url.searchParams.has('status'));
  await reloaded;
  const toggle = rowOf(page, copy).getByRole('switch', { name: copy });
  await toggle.waitFor({ state: 'attached' });

  // The switch disables the copy (stored as manually disabled), which the filter then finds.
  await toggle.click({ force: true });
  await poll(async () => (await channelsNamed(copy))[0]?.status).toBe(2);
  await status.selectOption('2');
  await search.click();
  await rowOf(page, copy).getByText(t('channels.list.status_manual'), { exact: true }).waitFor();
  await poll(() => page.getByRole('row').count()).toBe(2);
  await clear.click();
  await page.waitForURL((url) => !url.searchParams.has('status'));

  // Deleted from its menu after the question naming it.
  await rowOf(page, copy)
    .getByRole('button', { name: t('web.kit.more_actions', { name: copy }) })
    .click();
  await page.getByRole('menuitem', { name: t('common.delete') }).click();
  await page
    .getByRole('alertdialog')
    .getByText(t('channels.confirm.delete', { name: copy }))
    .waitFor();
  await confirmIn(page, t('common.delete'));
  await poll(async () => (await channelsNamed(copy)).length).toBe(0);
  await poll(() => rowOf(page, copy).count()).toBe(0);

  // Every enabled channel's balance asked again, after the question.
  await page.getByRole('button', { name: t('channels.actions.update_balances') }).click();
  await confirmIn(page, t('channels.actions.update_balances'));
  await page.getByText(t('channels.messages.balance_all_updated')).first().waitFor();
}

/** A tag row: disable and enable all, its priority, then two of its channels deleted from the sub-table. */
async function tagRow(page: Page, t: T, tag: string) {
  const row = rowOf(page, tag);
  await row.getByText(t('channels.list.tag_chip'), { exact: true }).waitFor();
  await row.getByRole('button', { name: t('channels.list.disable_all') }).click();
  await page
    .getByRole('alertdialog')
    .getByText(t('channels.list.confirm_disable_all', { name: tag }))
    .waitFor();
  await confirmIn(page, t('channels.list.disable_all'));
  await page.getByText(t('channels.list.tag_disabled')).first().waitFor();
  await poll(async () => (await tagMembers(tag)).map((channel) => channel.status)).toEqual([2, 2, 2]);
  await row.getByRole('button', { name: t('channels.list.enable_all') }).click();
  await confirmIn(page, t('channels.list.enable_all'));
  await poll(async () => (await tagMembers(tag)).map((channel) => channel.status)).toEqual([1, 1, 1]);

  await row.getByRole('spinbutton', { name: t('channels.list.tag_priority_of', { name: tag }) }).fill('7');
  await row.getByRole('button', { name: t('channels.list.save_tag_priority', { name: tag }) }).click();
  await poll(async () => (await tagMembers(tag)).map((channel) => channel.priority)).toEqual([7, 7, 7]);

  await row.getByRole('button', { name: t('web.kit.expand_row', { name: tag }), exact: true }).click();
  const members = page.getByRole('region', { name: t('channels.list.tag_channels', { name: tag }) });
  await members.getByText(t('channels.list.members', { count: 3 })).waitFor();
  // Select all, then leave one out: two are deleted.
  await members.getByRole('checkbox', { name: t('channels.list.select_all_members') }).check({ force: true });
  await members.getByRole('button', { name: t('channels.list.batch_delete', { count: 3 }) }).waitFor();
  await members
    .getByRole('checkbox', { name: t('channels.list.select_member', { name: `${tag}-c` }) })
    .uncheck({ force: true });
  await members.getByRole('button', { name: t('channels.list.batch_delete', { count: 2 }) }).click();
  await page
    .getByRole('alertdialog')
    .getByText(t('channels.confirm.batch_delete', { count: 2 }))
    .waitFor();
  await confirmIn(page, t('channels.actions.batch_delete'));
  await poll(async () => (await tagMembers(tag)).map((channel) => channel.name)).toEqual([`${tag}-c`]);
  await members.getByText(t('channels.list.members', { count: 1 })).waitFor();

  // Quick edit of the one left: a new name and key, stored.
  await members.getByRole('button', { name: t('channels.list.quick_edit') }).click();
  const quick = page.getByRole('dialog');
  await quick.getByRole('textbox', { name: new RegExp(`^${t('channels.fields.name')}`) }).fill(`${tag}-z`);
  await quick
    .getByRole('textbox', { name: new RegExp(`^${t('channels.fields.key')}`) })
    .fill(`sk-${tag}-new`);
  await quick.getByRole('button', { name: t('common.submit') }).click();
  await quick.waitFor({ state: 'detached' });
  await poll(async () => (await tagMembers(tag)).map((channel) => channel.name)).toEqual([`${tag}-z`]);
  const [left] = await tagMembers(tag);
  expect((await api<{ key: string }>('GET', `/api/channel/${left?.id}`)).key).toBe(`sk-${tag}-new`);

  // Edit the tag: its keys one a line; a key added makes a channel of the tag.
  await row.getByRole('button', { name: t('channels.list.edit_tag') }).click();
  const editor = page.getByRole('dialog');
  const keys = editor.getByRole('textbox', { name: new RegExp(`^${t('channels.fields.key')}`) });
  await keys.waitFor();
  await poll(() => keys.inputValue()).toBe(`sk-${tag}-new`);
  await keys.fill(`sk-${tag}-new\nsk-${tag}-extra`);
  await editor.getByRole('button', { name: t('common.submit') }).click();
  await editor.waitFor({ state: 'detached' });
  await poll(async () => (await tagMembers(tag)).length).toBe(2);

  // One channel leaves the tag from its menu: it stays, untagged.
  await members.getByText(t('channels.list.members', { count: 2 })).waitFor();
  await members
    .getByRole('button', { name: t('web.kit.more_actions', { name: `${tag}-z` }), exact: true })
    .click();
  await page.getByRole('menuitem', { name: t('channels.list.remove_from_tag') }).click();
  await page.getByText(t('channels.list.removed_from_tag')).first().waitFor();
  await poll(async () => (await tagMembers(tag)).map((channel) => channel.name)).not.toContain(`${tag}-z`);
  expect((await channelsNamed(`${tag}-z`)).map((channel) => channel.tag)).toEqual(['']);

  // Delete the tag: asked in red, then every channel of it is gone.
  await row.getByRole('button', { name: t('channels.list.delete_tag') }).click();
  await page
    .getByRole('alertdialog')
    .getByText(t('channels.list.confirm_delete_tag', { name: tag }))
    .waitFor();
  await confirmIn(page, t('channels.list.delete_tag'));
  await poll(
    async () =>
      (await api<{ data: StoredChannel[] }>('GET', `/api/channel/?tag=${tag}&size=100`)).data.length,
  ).toBe(0);
  await poll(() => rowOf(page, tag).count()).toBe(0);
}

async function listJourney(t: T, lng: 'en_US' | 'zh_CN', suffix: string) {
  const name = `solo-${suffix}`;
  const tag = `team-${suffix}`;
  await createChannel({ name, key: `sk-${name}` });
  await createChannel({ name: `bare-${name}`, key: `sk-bare-${name}`, test_model: '' });
  for (const member of ['a', 'b', 'c'])
    await createChannel({ name: `${tag}-${member}`, key: `sk-${tag}-${member}`, tag });
  const page = await openChannels(t, lng);
  try {
    const row = rowOf(page, name);
    await row.waitFor();
    await page.getByText(t('channels.list.notice')).waitFor();
    await row.getByText(t('channels.list.status_enabled'), { exact: true }).waitFor();
    await inlineNumbers(page, t, row, name);
    await speedTests(page, t, row, name);
    await balanceAndCopy(page, t, row, name);
    await filtersAndRowActions(page, t, name);
    await tagRow(page, t, tag);
  } finally {
    await page.context().close();
  }
}

describe('channel list journey', () => {
  it('en_US: inline fields, speed tests, balance, copy and a tag row with its channels', async () => {
    await listJourney(en, 'en_US', 'en');
  }, 240_000);

  it('zh_CN: the same journey in Chinese', async () => {
    await listJourney(zh, 'zh_CN', 'zh');
  }, 240_000);

  it('at phone width the toolbar is icons only and the table scrolls inside its frame', async () => {
    const page = await openChannels(en, 'en_US', 390);
    try {
      await page.getByRole('row').nth(1).waitFor();
      const refresh = page.getByRole('button', { name: en('web.kit.refresh_clear') });
      expect((await refresh.textContent())?.trim()).toBe('');
      const frame = page.locator('.gw-resource-screen > .gw-table-wrap');
      const sizes = await frame.evaluate((element) => ({
        scroll: element.scrollWidth,
        client: element.clientWidth,
        page: document.documentElement.scrollWidth,
      }));
      // The table is wider than the phone and scrolls in its frame; the page itself does not.
      expect(sizes.scroll).toBeGreaterThan(sizes.client);
      expect(sizes.page).toBeLessThanOrEqual(390);
      // No two toolbar buttons overlap.
      const boxes = await page
        .locator('.gw-toolbar-buttons button')
        .evaluateAll((buttons) => buttons.map((button) => button.getBoundingClientRect().toJSON()));
      expect(boxes.length).toBeGreaterThan(2);
      for (const [index, a] of boxes.entries())
        for (const b of boxes.slice(index + 1)) {
          // A button group joins its buttons by sharing one border pixel; more than that is an overlap.
          const apart =
            a.right <= b.left + 1 || b.right <= a.left + 1 || a.bottom <= b.top + 1 || b.bottom <= a.top + 1;
          expect(apart, JSON.stringify([a, b])).toBe(true);
        }
    } finally {
      await page.context().close();
    }
  }, 60_000);
});
