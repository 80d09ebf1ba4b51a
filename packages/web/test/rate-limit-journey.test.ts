// A signed-in user who hits the per-IP limit stays signed in and is told how long to wait: only a 401 ends
// a session (a 429 used to clear it and send the browser to /login).
import { translate } from '@gw/core';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GwServer, startGwServer } from '../../../test-support/gw-server';
import { launchChromium } from './browser';

const en = (key: string, params?: Record<string, unknown>) => translate('en_US', key, params);
const LIMIT = 60;

let server: GwServer;
let browser: Browser;

beforeAll(async () => {
  server = await startGwServer({ env: { GLOBAL_API_RATE_LIMIT: String(LIMIT) } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('rate-limited console', () => {
  it('keeps root signed in on a 429 and says "retry in N s"', async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByLabel(en('auth.username')).fill('root');
    await page.getByLabel(en('auth.password')).fill(server.rootPassword);
    await page.getByRole('button', { name: en('auth.login'), exact: true }).click();
    await page.waitForURL('**/panel/dashboard');

    // Use up the address's /api allowance from outside the page (the same loopback address).
    let refused = 0;
    for (let i = 0; i < LIMIT && refused === 0; i++) {
      const reply = await fetch(`${server.url}/api/status`);
      if (reply.status === 429) refused++;
    }
    expect(refused).toBe(1);

    await page.goto(`${server.url}/panel/token`);
    const toast = page.getByText(/too many requests, retry in \d+ s/).first();
    await toast.waitFor();
    const seconds = Number((await toast.textContent())?.match(/retry in (\d+) s/)?.[1]);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(180);
    // Still in the console, still signed in as root.
    expect(new URL(page.url()).pathname).toBe('/panel/token');
    await page.getByRole('button', { name: en('web.user_menu', { name: 'root' }) }).waitFor();
    await context.close();
  });
});
