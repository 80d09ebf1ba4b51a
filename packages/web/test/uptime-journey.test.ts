// The dashboard's Status tab (console-screens §7) in headless Chromium against a real `gw serve` whose
// Uptime-Kuma is a fake on loopback: the pills appear only with UptimeEnabled, the cards show the
// monitors, their 24 h uptime in its colour and a 50-beat strip with UTC+8 tooltips; a failing
// Uptime-Kuma is reported in place after a refresh.
import { createServer, type Server } from 'node:http';
import { beatTimeUtc8, type Language, translate } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { journeyFixture, rootApi, signInRootAs } from './browser';

const journey = journeyFixture();
const SETTLE = { timeout: 15_000 };
let kuma: Server;
let failing = false;
const LAST_BEAT = '2026-11-26 20:30:00.000';

beforeAll(async () => {
  kuma = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (failing) {
      response.writeHead(503).end();
      return;
    }
    const body =
      path === '/api/status-page/main'
        ? {
            publicGroupList: [
              {
                name: 'Upstreams',
                monitorList: [
                  { id: 1, name: 'OpenAI', tags: [{ name: 'prod', color: '#2d72d2', value: '' }] },
                  { id: 2, name: 'Claude', tags: [] },
                ],
              },
            ],
          }
        : {
            heartbeatList: {
              1: [
                { status: 0, time: '2026-11-26 20:00:00.000' },
                { status: 1, time: LAST_BEAT },
              ],
              2: [{ status: 2, time: LAST_BEAT }],
            },
            uptimeList: { '1_24': 0.955, '2_24': 0.5 },
          };
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((done) => kuma.listen(0, '127.0.0.1', done));
  const address = kuma.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const [key, value] of [
    ['UptimeDomain', url],
    ['UptimePageName', 'main'],
    ['UptimeEnabled', 'true'],
  ]) {
    await rootApi(journey, 'PUT', '/api/option/', { key, value });
  }
});

afterAll(async () => {
  await new Promise((done) => kuma?.close(done));
});

describe.each([
  ['en_US', 1440],
  ['zh_HK', 390],
] as Array<[Language, number]>)('dashboard Status tab in %s at %i px', (language, width) => {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);

  it('shows the monitors of the Uptime-Kuma page, and its failure after a refresh', async () => {
    failing = false;
    const page = await signInRootAs(journey, language, width);
    await page.getByRole('button', { name: t('dashboard.uptime.tab_status') }).click();

    const openai = page.getByRole('group', { name: 'OpenAI' });
    await openai.waitFor(SETTLE);
    await expect(page.getByRole('region', { name: 'Upstreams' }).isVisible()).resolves.toBe(true);
    // 95.5 % is green, 50 % red; the tag is listed.
    const openaiUptime = openai.locator('[data-uptime]');
    await expect(openaiUptime.textContent()).resolves.toBe('95.5%');
    await expect(openaiUptime.getAttribute('class')).resolves.toContain('intent-success');
    const claudeUptime = page.getByRole('group', { name: 'Claude' }).locator('[data-uptime]');
    await expect(claudeUptime.getAttribute('class')).resolves.toContain('intent-danger');
    await openai.getByText('prod').waitFor();
    // 50 bars, padded at the start; the newest last, its tooltip in UTC+8.
    const bars = openai.locator('.gw-uptime-strip li');
    await expect(bars.count()).resolves.toBe(50);
    await expect(openai.locator('.gw-uptime-strip li[data-kind="none"]').count()).resolves.toBe(48);
    await expect(bars.nth(48).getAttribute('data-kind')).resolves.toBe('down');
    await expect(bars.nth(49).getAttribute('title')).resolves.toBe(
      `${t('dashboard.uptime.beat_up')} · ${beatTimeUtc8(LAST_BEAT)} (UTC+8)`,
    );
    expect(beatTimeUtc8(LAST_BEAT)).toBe('2026-11-27 04:30:00');
    await page.screenshot({ path: `/tmp/gw-uptime-${language}-${width}.png`, fullPage: true });

    // Uptime-Kuma failing: the refresh reports it in place.
    failing = true;
    await page.getByRole('button', { name: t('dashboard.uptime.refresh') }).click();
    await expect
      .poll(async () => page.getByRole('alert').textContent(), SETTLE)
      .toContain(t('dashboard.uptime.unreachable', { reason: 'Error: HTTP 503' }));
    // Back on the Dashboard pill, the usual content.
    await page.getByRole('button', { name: t('dashboard.uptime.tab_dashboard') }).click();
    await page.getByRole('region', { name: t('dashboard.quick_start') }).waitFor(SETTLE);
    await page.context().close();
  });
});
