// Issue 15: "Sign out everywhere" on the profile ends every session of the user on the server — the
// browser that pressed it lands signed out, and so does another browser signed in as the same user.
import { translate } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { journeyFixture, signInRootAs } from './browser';

const journey = journeyFixture();
const en = (key: string) => translate('en_US', key);

describe('sign out everywhere', () => {
  it('ends the session of every browser of the user, the pressing one included', async () => {
    const elsewhere = await signInRootAs(journey, 'en_US');
    const page = await signInRootAs(journey, 'en_US', 1400, { to: '/panel/profile' });
    await page.getByRole('heading', { name: en('users.profile.sessions_title') }).waitFor();
    await page.getByRole('button', { name: en('users.profile.sign_out_everywhere') }).click();
    await page.waitForURL(`${journey.server.url}/`);

    for (const browser of [page, elsewhere]) {
      const self = await browser.evaluate(async () => (await fetch('/api/user/self')).status);
      expect(self).toBe(401);
    }
    // The other browser's console sends it to sign in again.
    await elsewhere.goto(`${journey.server.url}/panel/dashboard`);
    await elsewhere.waitForURL('**/login**');
    await page.context().close();
    await elsewhere.context().close();
  });
});
