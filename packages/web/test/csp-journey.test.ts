// Issue 15: the built console runs under the Content-Security-Policy `gw serve` sends (scripts from its
// own origin only, no framing). Chromium reports every violation as a `securitypolicyviolation` event
// and a console error; a journey through public pages and the signed-in console must see none.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { journeyFixture, rootApi, signInRootAs } from './browser';

const journey = journeyFixture();

/** Records CSP violations of `page` (events caught from the first script on, and console reports). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) reported.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...reported,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
    )),
  ];
}

describe('the console under its Content-Security-Policy', () => {
  it('is sent the policy and loads public pages and signed-in screens without a violation', async () => {
    const page = await signInRootAs(journey, 'en_US');
    // Site HTML with inline styles (the announcement opens by itself) is drawn under the policy too.
    await rootApi(journey, 'PUT', '/api/option/', {
      key: 'Notice',
      value: '**Hello** <b style="color:red">x</b>',
    });
    const violations = await watchViolations(page);
    const first = await page.goto(`${journey.server.url}/panel/dashboard`);
    const policy = first?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    for (const path of [
      '/panel/dashboard',
      '/panel/channel',
      '/panel/user',
      '/panel/setting',
      '/panel/profile',
      '/about',
    ]) {
      await page.goto(`${journey.server.url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await violations(), path).toEqual([]);
    }
    // The policy is enforced, not just sent: an inline script the page did not ship is refused.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__inlineRan = true';
      document.body.append(script);
    });
    expect(
      await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
    ).toBeUndefined();
    expect((await violations()).some((line) => line.startsWith('script-src'))).toBe(true);
    await page.context().close();
  });
});
