// Midjourney tasks (console-screens §20) and async tasks (§21) in real headless Chromium against a real
// `gw serve`: root sees every job with the admin columns, filters by id, channel and submit time, opens a
// result image (preview, copy, download) and a task's result (Suno player, JSON, nothing); a plain user
// sees only their own rows, in Chinese at 390 px.
//
// gw's Midjourney and Suno/Kling relay does not exist yet, so the jobs go straight into the database the
// server reads (the same rows the relay will write).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { type Language, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeDialog,
  columnsUnderActions,
  filledFiltersWithoutName,
  filtersPastFrame,
  journeyFixture,
  rootApi,
  signInAs,
  signInRootAs,
} from './browser';

const journey = journeyFixture();
const POLL = { timeout: 15_000 };
const BROWSER_TEST_MS = 150_000;
const DAY_MS = 86_400_000;
// A 1×1 PNG: what the result image server answers.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

let images: Server;
let imageBase = '';
const now = Date.now();

const api = <D = unknown>(method: string, path: string, body?: unknown) =>
  rootApi<D>(journey, method, path, body);

beforeAll(async () => {
  images = createServer((_request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('content-type', 'image/png');
    response.end(PNG);
  });
  await new Promise<void>((done) => images.listen(0, '127.0.0.1', done));
  imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  await api('POST', '/api/user/', { username: 'mona', password: 'mona-password-1' });
  const users = await api<{ data: { id: number; username: string }[] }>('GET', '/api/user/?keyword=mona');
  const mona = users.data.find((user) => user.username === 'mona')?.id ?? 0;
  const database = new DatabaseSync(join(journey.server.dataDir, 'gw.db'));
  const job = database.prepare(
    `INSERT INTO midjourneys (code, user_id, action, mj_id, prompt, prompt_en, description, state, submit_time,
       start_time, finish_time, image_url, status, progress, fail_reason, channel_id, quota, buttons, properties,
       mode, token_id)
     VALUES (?, ?, ?, ?, ?, '', '', '', ?, ?, ?, ?, ?, ?, ?, ?, 0, '', '', 'fast', 0)`,
  );
  // Submitted one, two, three and four days ago (milliseconds, as Midjourney times are).
  const at = (days: number) => now - days * DAY_MS;
  job.run(
    1,
    1,
    'IMAGINE',
    'mj-root-1',
    'a lighthouse at dusk, oil painting, warm light over a stormy sea',
    at(1),
    at(1) + 1000,
    at(1) + 31_000,
    `${imageBase}/mj-root-1.png`,
    'SUCCESS',
    '100%',
    '',
    1,
  );
  job.run(
    1,
    1,
    'BLEND',
    'mj-root-2',
    'blend two photos',
    at(2),
    at(2) + 1000,
    at(2) + 91_000,
    '',
    'FAILURE',
    '0%',
    'the upstream refused the prompt',
    2,
  );
  job.run(
    1,
    mona,
    'UPSCALE',
    'mj-mona-1',
    'upscale U1',
    at(3),
    at(3) + 500,
    at(3) + 4500,
    `${imageBase}/mj-mona-1.png`,
    'SUCCESS',
    '100%',
    '',
    1,
  );
  job.run(
    22,
    mona,
    'LEVITATE',
    'mj-mona-2',
    'an action gw does not know',
    at(4),
    0,
    0,
    '',
    'NOT_START',
    '',
    '',
    1,
  );
  const task = database.prepare(
    `INSERT INTO tasks (created_at, updated_at, task_id, platform, user_id, channel_id, quota, action, status,
       fail_reason, submit_time, start_time, finish_time, progress, properties, data, notify_hook, token_id)
     VALUES (?, ?, ?, ?, ?, ?, 1000, ?, ?, ?, ?, ?, ?, ?, NULL, ?, '', 0)`,
  );
  const seconds = (days: number) => Math.floor(at(days) / 1000);
  const song = {
    id: 'song-1',
    title: 'Night drive',
    image_url: `${imageBase}/cover.png`,
    audio_url: `${imageBase}/song-1.mp3`,
    metadata: { prompt: '[Verse] neon lights over the bay', tags: 'synthwave' },
  };
  task.run(
    seconds(1),
    seconds(1),
    'suno-root-1',
    'suno',
    1,
    1,
    'MUSIC',
    'SUCCESS',
    '',
    seconds(1),
    seconds(1),
    seconds(1) + 95,
    100,
    JSON.stringify([song]),
  );
  task.run(
    seconds(2),
    seconds(2),
    'kling-root-1',
    'kling',
    1,
    2,
    'text2video',
    'FAILURE',
    'the render timed out',
    seconds(2),
    seconds(2),
    seconds(2) + 30,
    20,
    null,
  );
  task.run(
    seconds(3),
    seconds(3),
    'suno-mona-1',
    'suno',
    mona,
    1,
    'LYRICS',
    'SUCCESS',
    '',
    seconds(3),
    seconds(3),
    seconds(3) + 9,
    100,
    JSON.stringify({ title: 'Rain', text: 'rain on the window' }),
  );
  task.run(
    seconds(4),
    seconds(4),
    'kling-mona-1',
    'kling',
    mona,
    2,
    'image2video',
    'IN_PROGRESS',
    '',
    seconds(4),
    seconds(4),
    0,
    60,
    null,
  );
  database.close();
});

afterAll(async () => {
  await new Promise((done) => images?.close(done));
});

/** The table's rows of jobs or tasks whose text has `prefix` (newest first: the lists sort by -id). */
const rows = (page: Page, prefix: string) =>
  page.locator('table.gw-table tbody tr').filter({ hasText: prefix });
const ids = async (page: Page, prefix: string) =>
  (await rows(page, prefix).allTextContents()).map((text) => /(?:mj|suno|kling)-[a-z]+-\d/.exec(text)?.[0]);

/** `YYYY-MM-DD` and `HH:mm` of a time in the browser's (the test machine's) time zone. */
/**
 * Presses "Refresh & clear" and waits until the list's reload it starts has come back: a filter typed
 * or a row clicked during that reload is lost to it (the list then shows every job again).
 */
async function refreshAndClear(page: Page, label: string, list: '/api/mj/' | '/api/task/') {
  const reloaded = page.waitForResponse(
    (response) => new URL(response.url()).pathname === list && response.request().method() === 'GET',
  );
  await page.getByRole('button', { name: label }).click();
  await reloaded;
}

function localDateAndClock(ms: number): [string, string] {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return [
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  ];
}

describe('tasks as root (en_US, 1440 px)', () => {
  const lang: Language = 'en_US';
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

  it(
    "lists everyone's Midjourney jobs, filters them, and previews, copies and downloads a result image",
    async () => {
      const page = await signInRootAs(journey, lang, 1440, { clipboard: true, to: '/panel/midjourney' });
      await expect.poll(() => rows(page, 'mj-').count(), POLL).toBe(4);
      for (const column of ['tasks.fields.channel_id', 'tasks.fields.user_id', 'tasks.fields.code'])
        await page.getByRole('columnheader', { name: tr(column) }).waitFor();
      // An action gw does not know shows as it is, in red; a job over a minute shows its time in red.
      const unknown = rows(page, 'mj-mona-2').getByText('LEVITATE', { exact: true });
      expect(await unknown.getAttribute('class')).toContain('gw-chip-error');
      const slow = rows(page, 'mj-root-2').getByText('90.0 s', { exact: true });
      expect(await slow.getAttribute('class')).toContain('gw-chip-error');
      // All 14 columns fit the 1440 px frame (the submit time, the prompts and the failure reason wrap
      // between words) instead of scrolling sideways inside it.
      await expect(columnsUnderActions(page)).resolves.toEqual({ covered: [], overflow: 0 });
      // The filters' times hold HH:mm and no more, even where their row has room to spare (the
      // toolbar's input groups take a share of it: a time field grew to ~108 px).
      const clockWidths = (name: string) =>
        page.getByLabel(`${tr(name)}: ${tr('common.time')}`).evaluate((input) => {
          const clock = input.closest('.bp6-input-group') as HTMLElement;
          const pair = clock.parentElement as HTMLElement;
          const shown = clock.getBoundingClientRect().width;
          pair.style.width = '400px';
          const roomy = clock.getBoundingClientRect().width;
          pair.style.width = '';
          return [shown, roomy];
        });
      await expect(clockWidths('tasks.filters.start_time')).resolves.toEqual([76, 76]);
      await expect(clockWidths('tasks.filters.end_time')).resolves.toEqual([76, 76]);

      // Each typed filter keeps its name in sight once filled (a placeholder alone went with the first
      // letter); a blank one reads "Any".
      const taskId = page.getByRole('searchbox', { name: tr('tasks.fields.task_id') });
      const channel = page.getByRole('spinbutton', { name: tr('tasks.fields.channel_id') });
      await expect(channel.getAttribute('placeholder')).resolves.toBe(tr('web.kit.filter_any'));
      await channel.fill('2');
      await taskId.fill('mj-mona-1');
      await expect(filledFiltersWithoutName(page)).resolves.toEqual([]);
      await page.locator('.gw-filter-bar').getByText(tr('tasks.fields.channel_id'), { exact: true }).click();
      await expect(channel.evaluate((input) => input === document.activeElement)).resolves.toBe(true);
      await channel.fill('');

      // The task id filter narrows to one job; "Refresh & clear" brings every job back.
      await taskId.press('Enter');
      await page.waitForURL(/mj_id=mj-mona-1/);
      await expect.poll(() => ids(page, 'mj-'), POLL).toEqual(['mj-mona-1']);
      await refreshAndClear(page, tr('web.kit.refresh_clear'), '/api/mj/');
      await expect.poll(() => rows(page, 'mj-').count(), POLL).toBe(4);
      // The channel filter, then the submit time from 2.5 days ago (sent to the server in milliseconds).
      await channel.fill('2');
      await channel.press('Enter');
      await expect.poll(() => ids(page, 'mj-'), POLL).toEqual(['mj-root-2']);
      await refreshAndClear(page, tr('web.kit.refresh_clear'), '/api/mj/');
      const [date, clock] = localDateAndClock(now - 2.5 * DAY_MS);
      const from = tr('tasks.filters.start_time');
      await page.getByLabel(`${from}: ${tr('common.date')}`).fill(date);
      const time = page.getByLabel(`${from}: ${tr('common.time')}`);
      await time.fill(clock);
      await expect(filledFiltersWithoutName(page)).resolves.toEqual([]);
      await time.press('Enter');
      await page.waitForURL(/start_timestamp=\d{10}(&|$)/);
      await expect.poll(() => ids(page, 'mj-'), POLL).toEqual(['mj-root-2', 'mj-root-1']);
      await refreshAndClear(page, tr('web.kit.refresh_clear'), '/api/mj/');

      // The result image: None where there is none; Show opens it in a dialog.
      await rows(page, 'mj-root-2').getByText(tr('tasks.image.none')).waitFor();
      const first = rows(page, 'mj-root-1');
      await first.getByRole('button', { name: tr('tasks.image.show') }).click();
      const dialog = page.getByRole('dialog', { name: tr('tasks.image.title', { name: 'mj-root-1' }) });
      const image = dialog.getByRole('img', { name: tr('tasks.image.title', { name: 'mj-root-1' }) });
      await expect
        .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth), POLL)
        .toBe(1);
      await closeDialog(dialog);
      // Copy URL puts the image's address on the clipboard; Download saves it as <mj_id>.png.
      await first.getByRole('button', { name: tr('tasks.image.more') }).click();
      await page.getByRole('menuitem', { name: tr('tasks.image.copy_url') }).click();
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()), POLL)
        .toBe(`${imageBase}/mj-root-1.png`);
      await first.getByRole('button', { name: tr('tasks.image.more') }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: tr('tasks.image.download') }).click();
      expect((await download).suggestedFilename()).toBe('mj-root-1.png');
      // On a 390 px phone every filter field (channel, task id, the days YYYY-MM-DD and their times)
      // stays inside the screen's frame.
      // Filled, they keep their names there too (above the fields on a phone).
      await page.setViewportSize({ width: 390, height: 900 });
      await channel.fill('2');
      await taskId.fill('mj-root-1');
      await expect.poll(() => filtersPastFrame(page), POLL).toEqual([]);
      await expect(filledFiltersWithoutName(page)).resolves.toEqual([]);
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );

  it(
    "lists everyone's async tasks, filters them and opens a Suno player, a JSON result and an empty one",
    async () => {
      const page = await signInRootAs(journey, lang, 1440, { to: '/panel/task' });
      await expect
        .poll(() => ids(page, '-'), POLL)
        .toEqual(['kling-mona-1', 'suno-mona-1', 'kling-root-1', 'suno-root-1']);
      await page.getByRole('combobox', { name: tr('tasks.fields.platform') }).selectOption('kling');
      await page.waitForURL(/platform=kling/);
      // The chosen platform says whose it is ("Platform: Kling"), as "Platform: all" did.
      await expect(filledFiltersWithoutName(page)).resolves.toEqual([]);
      await expect.poll(() => ids(page, '-'), POLL).toEqual(['kling-mona-1', 'kling-root-1']);
      await refreshAndClear(page, tr('web.kit.refresh_clear'), '/api/task/');
      const taskId = page.getByRole('searchbox', { name: tr('tasks.fields.task_id') });
      await taskId.fill('suno-root-1');
      await taskId.press('Enter');
      await expect.poll(() => ids(page, '-'), POLL).toEqual(['suno-root-1']);
      expect(await rows(page, 'suno-root-1').getByText('95.0 s').getAttribute('class')).toContain(
        'gw-chip-error',
      );

      // The status opens the result: a Suno music task's player with its lyrics.
      await page.getByRole('button', { name: tr('tasks.detail.open', { name: 'suno-root-1' }) }).click();
      const player = page.getByRole('dialog', { name: tr('tasks.detail.title', { name: 'suno-root-1' }) });
      await player.getByText('Night drive', { exact: true }).waitFor();
      expect(await player.locator('audio').getAttribute('src')).toBe(`${imageBase}/song-1.mp3`);
      await player.getByRole('heading', { name: tr('tasks.detail.lyrics') }).waitFor();
      await player
        .locator('pre')
        .filter({ hasText: /^\[Verse\] neon lights over the bay$/ })
        .waitFor();
      await closeDialog(player);
      await refreshAndClear(page, tr('web.kit.refresh_clear'), '/api/task/');
      // Another platform's result shows as JSON; a task without one says so.
      await page.getByRole('button', { name: tr('tasks.detail.open', { name: 'suno-mona-1' }) }).click();
      const json = page.getByRole('dialog', { name: tr('tasks.detail.title', { name: 'suno-mona-1' }) });
      await json.locator('pre').getByText('"rain on the window"').waitFor();
      await closeDialog(json);
      await page.getByRole('button', { name: tr('tasks.detail.open', { name: 'kling-root-1' }) }).click();
      await page.getByRole('dialog').getByText(tr('tasks.detail.no_data')).waitFor();
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );
});

describe('tasks as a plain user (zh_CN, 390 px)', () => {
  const lang: Language = 'zh_CN';
  const tr = (key: string, params?: Record<string, unknown>) => translate(lang, key, params);

  it(
    'shows only her own Midjourney jobs and tasks, without the channel filter or the admin columns',
    async () => {
      const page = await signInAs(journey, 'mona', 'mona-password-1', lang, 390, { to: '/panel/midjourney' });
      await expect.poll(() => ids(page, 'mj-'), POLL).toEqual(['mj-mona-2', 'mj-mona-1']);
      expect(await page.getByRole('spinbutton', { name: tr('tasks.fields.channel_id') }).count()).toBe(0);
      expect(await page.getByRole('columnheader', { name: tr('tasks.fields.user_id') }).count()).toBe(0);
      await rows(page, 'mj-mona-1')
        .getByRole('button', { name: tr('tasks.image.show') })
        .click();
      await closeDialog(page.getByRole('dialog', { name: tr('tasks.image.title', { name: 'mj-mona-1' }) }));
      await page.goto(`${journey.server.url}/panel/task`);
      await expect.poll(() => ids(page, '-'), POLL).toEqual(['kling-mona-1', 'suno-mona-1']);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // In Chinese on a phone the task id's name stays above the field once typed, and the chosen
      // platform names its filter ("平台：Suno").
      await page.getByRole('searchbox', { name: tr('tasks.fields.task_id') }).fill('suno-mona-1');
      await page.getByRole('combobox', { name: tr('tasks.fields.platform') }).selectOption('suno');
      await page.waitForURL(/platform=suno/);
      await expect(filledFiltersWithoutName(page)).resolves.toEqual([]);
      await expect.poll(() => filtersPastFrame(page), POLL).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.context().close();
    },
    BROWSER_TEST_MS,
  );
});
