// The Top-up (console-screens §14) and Profile (§23) screens in real headless Chromium against a real
// `gw serve`: codes, gateways and options made through the API, every result checked against the
// server's own answer and, for money, against core's maths.
import { discountFactor, parseRechargeDiscount, renderQuota, topupQuote, translate } from '@gw/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test-support/gw-server';
import { journeyFixture, placeholderRoom } from './browser';

type T = (key: string, params?: Record<string, unknown>) => string;
const en: T = (key, params) => translate('en_US', key, params);
const zh: T = (key, params) => translate('zh_CN', key, params);

const journey = journeyFixture();
/** A loaded machine may take a few seconds to re-read and re-render (expect.poll waits 1 s by default). */
const POLL = { timeout: 15_000 };
/** Each browser test signs in and walks a whole screen: on a loaded machine that can pass a minute. */
const BROWSER_TEST_MS = 150_000;
const DISCOUNTS = '{"100": 0.9, "20": 1}';

/** One API call as root (or `cookie`), its envelope's data; fails the test when the server refuses. */
async function api<D = unknown>(method: string, path: string, body?: unknown, cookie = journey.rootCookie) {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { success: boolean; message: string; data: D };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

/** A user's stored row, read by root. */
async function storedUser(username: string): Promise<{ quota: number; display_name: string }> {
  const page = await api<{ data: { username: string; quota: number; display_name: string }[] }>(
    'GET',
    `/api/user/?keyword=${encodeURIComponent(username)}`,
  );
  const row = page.data.find((user) => user.username === username);
  if (!row) throw new Error(`no user ${username}`);
  return row;
}

/** Whether `password` signs `username` in (through the API, as a script would). */
async function signsIn(username: string, password: string): Promise<boolean> {
  const answer = await fetch(`${journey.server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  return ((await answer.json()) as { success: boolean }).success;
}

async function openAs(
  username: string,
  password: string,
  language: 'en_US' | 'zh_CN',
  width = 1440,
  theme: 'light' | 'dark' = 'light',
) {
  const context = await journey.browser.newContext({
    locale: language.replace('_', '-'),
    viewport: { width, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  const t = language === 'en_US' ? en : zh;
  await page.goto(`${journey.server.url}/login`);
  await page.evaluate(
    ({ chosen, look }) => {
      localStorage.setItem('appLanguage', chosen);
      localStorage.setItem('theme', look);
    },
    { chosen: language, look: theme },
  );
  await signInThroughForm(page, username, password, t);
  return { context, page };
}

async function signInThroughForm(page: Page, username: string, password: string, t: T) {
  await page.goto(`${journey.server.url}/login`);
  await page.getByLabel(t('auth.username')).fill(username);
  await page.getByLabel(t('auth.password')).fill(password);
  await page.getByRole('button', { name: t('auth.login'), exact: true }).click();
  await page.waitForURL('**/panel/dashboard');
}

/** The value shown on one summary line (`data-line`) of the online top-up card. */
const summaryValue = (page: Page, line: string) => page.locator(`[data-line="${line}"] dd`).textContent();

/** Redeem a code root made, see the balance change; then the gateways and core's price lines. */
async function topupJourney(page: Page, t: T, username: string) {
  await page.goto(`${journey.server.url}/panel/topup`);
  const balance = page.getByRole('status', { name: t('payments.topup.balance') });
  await page.getByText(t('payments.topup.notice')).waitFor();
  await expect.poll(() => balance.textContent(), POLL).toBe('$0.00');

  // Given a $10 code root made through the API, when it is redeemed, then the balance shows $10.00
  // and the server holds 5 000 000 points.
  const [key] = await api<string[]>('POST', '/api/redemption/', {
    name: `code-${username}`,
    quota: 5_000_000,
    count: 1,
  });
  const redeem = page.getByRole('button', { name: t('payments.topup.redeem'), exact: true });
  await redeem.click();
  await page.getByText(t('payments.topup.redeem_empty')).first().waitFor();
  await page.getByRole('textbox', { name: t('payments.topup.redeem_code') }).fill(key ?? '');
  await redeem.click();
  await page
    .getByText(t('payments.topup.redeemed', { amount: '$10.00' }))
    .first()
    .waitFor();
  await expect.poll(() => balance.textContent(), POLL).toBe('$10.00');
  expect((await storedUser(username)).quota).toBe(5_000_000);

  // The gateways come highest sort first, the first one chosen.
  const gateways = page.getByRole('group', { name: t('payments.topup.gateway') });
  const card = gateways.getByRole('button', { name: 'Card (journey)' });
  const epay = gateways.getByRole('button', { name: 'Epay (journey)' });
  await expect(card.getAttribute('aria-pressed')).resolves.toBe('true');
  await expect(epay.getAttribute('aria-pressed')).resolves.toBe('false');
  await expect(gateways.getByRole('button').allInnerTexts()).resolves.toEqual([
    'Card (journey)',
    'Epay (journey)',
  ]);

  // When the $100 preset (discount 0.9) is picked, then each line equals core's quote: with the card,
  // a fixed fee, paid in USD.
  const presets = parseRechargeDiscount(DISCOUNTS);
  const quoteFor = (gateway: { fixed_fee: number; percent_fee: number; currency: string }) =>
    topupQuote({
      amount: 100,
      factor: discountFactor(presets, 100),
      gateway,
      usdRate: 7.3,
      quotaPerUnit: 500_000,
    });
  const preset100 = page
    .getByRole('group', { name: t('payments.topup.presets') })
    .getByRole('button', { name: '$100' });
  await preset100.getByText(t('payments.topup.discount_badge', { tenths: '9', percentOff: '10' })).waitFor();
  await preset100.click();
  await expect.poll(() => page.getByLabel(t('payments.topup.amount')).inputValue(), POLL).toBe('100');
  const byCard = quoteFor({ fixed_fee: 0.3, percent_fee: 0, currency: 'USD' });
  await expect.poll(() => summaryValue(page, 'amount'), POLL).toBe(`$${byCard.amount}`);
  await expect.poll(() => summaryValue(page, 'discounted'), POLL).toBe(`$${byCard.discounted}`);
  await expect.poll(() => summaryValue(page, 'fee'), POLL).toBe(`$${byCard.fee}`);
  await expect.poll(() => summaryValue(page, 'quota'), POLL).toBe(renderQuota(byCard.quota));
  await expect.poll(() => summaryValue(page, 'payable'), POLL).toBe(`${byCard.payable} USD`);
  await page.getByText(`${t('payments.topup.summary_fee')} ${t('payments.topup.fee_fixed')}`).waitFor();
  expect(byCard.payable).toBe('90.30');

  // With the CNY gateway: a 5 % fee on the discounted price, converted at PaymentUSDRate.
  await epay.click();
  const byEpay = quoteFor({ fixed_fee: 0, percent_fee: 0.05, currency: 'CNY' });
  await expect.poll(() => summaryValue(page, 'fee'), POLL).toBe(`$${byEpay.fee}`);
  await page
    .getByText(`${t('payments.topup.summary_fee')} ${t('payments.topup.fee_percent', { percent: '5' })}`)
    .waitFor();
  await expect
    .poll(() => summaryValue(page, 'payable'), POLL)
    .toBe(`${byEpay.payable} ${t('payments.topup.payable_rate', { currency: 'CNY', rate: '7.3' })}`);
  expect(byEpay.payable).toBe('689.85');
  await page.screenshot({ path: `/tmp/gw-topup-${username}.png`, fullPage: true });

  // When the amount is not a whole number, then the field says so and no order is placed.
  const amount = page.getByLabel(t('payments.topup.amount'));
  await amount.fill('2.5');
  await page.getByRole('button', { name: t('payments.topup.pay'), exact: true }).click();
  await page.getByText(t('payments.topup.errors.amount_integer')).waitFor();
  await expect(page.getByRole('dialog').count()).resolves.toBe(0);

  // When a valid order is sent, then the server's refusal (orders come in a later issue) is toasted
  // and the pay dialog closes.
  await amount.fill('20');
  await page.getByRole('button', { name: t('payments.topup.pay'), exact: true }).click();
  await page.locator('.bp6-toast.bp6-intent-danger').first().waitFor();
  await expect.poll(() => page.getByRole('dialog').count(), POLL).toBe(0);
}

/** A refused confirmation stores nothing; a matching one changes the password; a token works. */
async function profileJourney(page: Page, t: T, username: string, oldPassword: string, newPassword: string) {
  await page.goto(`${journey.server.url}/panel/profile`);
  const password = page.getByRole('textbox', { name: t('users.profile.new_password') });
  const confirm = page.getByRole('textbox', { name: t('users.profile.password_confirm') });
  const submit = page.getByRole('button', { name: t('common.submit'), exact: true });
  await password.waitFor();
  await page.getByRole('heading', { name: username }).waitFor();
  await page.screenshot({ path: `/tmp/gw-profile-${username}.png`, fullPage: true });

  // When the confirmation differs, then the field says so and the old password still signs in.
  await password.fill(newPassword);
  await confirm.fill(`${newPassword}-typo`);
  await submit.click();
  await page.getByText(t('validation.user.password_mismatch')).waitFor();
  expect(await signsIn(username, oldPassword)).toBe(true);

  // When it matches (and the display name changes), then both are stored.
  await confirm.fill(newPassword);
  await expect(page.getByText(t('validation.user.password_mismatch')).count()).resolves.toBe(0);
  await page.getByRole('textbox', { name: t('users.fields.display_name') }).fill(`${username} shown`);
  await submit.click();
  await page.getByText(t('users.profile.updated')).first().waitFor();
  // (Sign-ins are few on purpose: the server allows 20 per IP in 20 minutes on its login route.)
  expect(await signsIn(username, newPassword)).toBe(true);
  // A password change ends the user's other sessions (issue 15): root's API session signs in again.
  if (username === 'root') journey.rootCookie = await signIn(journey.server.url, 'root', newPassword);
  expect((await storedUser(username)).display_name).toBe(`${username} shown`);

  // Access token: generated, shown in the warning callout, and accepted as Bearer on /api/user/self.
  await page.getByRole('tab', { name: t('users.profile.tabs.token') }).click();
  await page.waitForURL('**/panel/profile#token');
  await page.getByRole('button', { name: t('users.profile.token_generate') }).click();
  const shown = page.getByRole('status', { name: t('users.profile.token_name') });
  await shown.waitFor();
  const token = ((await shown.textContent()) ?? '').trim();
  expect(token).toMatch(/^[0-9a-f]{32}$/);
  const self = await fetch(`${journey.server.url}/api/user/self`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await self.json()) as { data: { username: string } }).data.username).toBe(username);

  // Bindings: only e-mail on a site that enables no third party; passkeys: none yet (passkey-journey
  // registers and signs in with one).
  await page.getByRole('tab', { name: t('users.profile.tabs.binding') }).click();
  await page.getByText(t('users.bindings.email'), { exact: true }).waitFor();
  await expect(page.locator('[data-binding]').count()).resolves.toBe(1);
  // The e-mail dialog checks the address before asking for a code; this server has no mail set up,
  // so the request's refusal is shown and the button does not start its countdown.
  await page.getByRole('button', { name: `${t('users.profile.bind')} ${t('users.bindings.email')}` }).click();
  const mailDialog = page.getByRole('dialog', { name: t('users.profile.email_title') });
  await mailDialog.getByLabel(t('users.fields.email')).fill('not-an-address');
  await mailDialog.getByRole('button', { name: t('users.profile.get_code') }).click();
  await mailDialog
    .getByText(t('users.validation.email_invalid', { field: t('users.fields.email') }))
    .waitFor();
  await mailDialog.getByLabel(t('users.fields.email')).fill(`${username}@example.com`);
  await mailDialog.getByRole('button', { name: t('users.profile.get_code') }).click();
  await page.getByText(t('users.errors.mail_not_configured')).first().waitFor();
  await expect(
    mailDialog.getByRole('button', { name: t('users.profile.get_code') }).isEnabled(),
  ).resolves.toBe(true);
  // Something typed: closing asks first (the kit's dirty-state guard).
  await mailDialog.getByRole('button', { name: t('common.cancel') }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: t('web.kit.discard') })
    .click();
  await mailDialog.waitFor({ state: 'detached' });
  await page.getByRole('tab', { name: t('users.profile.tabs.passkeys') }).click();
  await page.getByText(t('users.profile.passkeys_empty')).waitFor();
  await page.getByRole('button', { name: t('users.passkey.register') }).waitFor();

  // Signed out and in again with the new password, the console opens.
  await page.getByRole('button', { name: t('web.user_menu', { name: username }) }).click();
  await page.getByRole('menuitem', { name: t('common.sign_out') }).click();
  // Home, loaded afresh (user-menu.tsx), before the next sign-in starts.
  await page.waitForURL((url) => url.pathname === '/');
  await page.waitForLoadState('load');
  await signInThroughForm(page, username, newPassword, t);
}

describe('top-up and profile journeys', () => {
  it('sets up two gateways and the discount presets through the API', async () => {
    await api('PUT', '/api/option/', { key: 'RechargeDiscount', value: DISCOUNTS });
    const epay = {
      type: 'epay',
      name: 'Epay (journey)',
      icon: '',
      currency: 'CNY',
      percent_fee: 0.05,
      sort: 1,
      config: JSON.stringify({
        pay_domain: 'https://pay.example.com',
        partner_id: '1',
        key: 'k',
        pay_type: 'alipay',
      }),
    };
    await api('POST', '/api/payment/', { ...epay, icon: 'https://example.com/e.png' });
    await api('POST', '/api/payment/', {
      type: 'stripe',
      name: 'Card (journey)',
      icon: 'https://example.com/s.png',
      currency: 'USD',
      fixed_fee: 0.3,
      sort: 5,
      config: JSON.stringify({ secret_key: 'sk_x', webhook_secret: '' }),
    });
    const off = await api<{ id: number }>('POST', '/api/payment/', {
      ...epay,
      name: 'Off',
      icon: 'x',
      sort: 9,
    });
    await api('PUT', '/api/payment/', { id: off.id, enable: false });
    for (const username of ['payer', 'zahler', 'phone']) {
      await api('POST', '/api/user/', { username, password: `${username}-password-1` });
    }
  });

  it(
    'a user redeems a code and sees the gateways priced by core (English)',
    async () => {
      const { context, page } = await openAs('payer', 'payer-password-1', 'en_US');
      await topupJourney(page, en, 'payer');
      await expect(page.getByRole('button', { name: 'Off', exact: true }).count()).resolves.toBe(0);
      await context.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'the same in Chinese',
    async () => {
      const { context, page } = await openAs('zahler', 'zahler-password-1', 'zh_CN');
      await topupJourney(page, zh, 'zahler');
      await context.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'a user changes the password and makes an access token in Chinese on a 390 px phone',
    async () => {
      const { context, page } = await openAs('phone', 'phone-password-1', 'zh_CN', 390, 'dark');
      await profileJourney(page, zh, 'phone', 'phone-password-1', 'phone-password-2');
      await page.goto(`${journey.server.url}/panel/topup`);
      await page.getByText(zh('payments.topup.notice')).waitFor();
      // Nothing wider than the phone: the cards stack.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: '/tmp/gw-topup-phone-dark.png', fullPage: true });
      await context.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'Profile, Top-up and Settings carry their menu title; on a 390 px phone the tabs and the search fit',
    async () => {
      const { context, page } = await openAs('root', journey.server.rootPassword, 'en_US', 390);
      for (const id of ['profile', 'topup', 'setting']) {
        await page.goto(`${journey.server.url}/panel/${id}`);
        await page.getByRole('heading', { level: 2, name: en(`nav.${id}`), exact: true }).waitFor();
      }
      await page.goto(`${journey.server.url}/panel/profile`);
      await page.getByRole('tab', { name: en('users.profile.tabs.token') }).waitFor();
      // Every tab ends inside the page's frame (the cards' right edge), none at the window's edge.
      const past = await page.evaluate(() => {
        const frame = document.querySelector('.gw-profile .bp6-tab-panel')?.getBoundingClientRect();
        return [...document.querySelectorAll('[role="tab"]')]
          .filter((tab) => frame && tab.getBoundingClientRect().right > frame.right + 0.5)
          .map((tab) => tab.textContent);
      });
      expect(past).toEqual([]);
      // The token list's search box is wide enough for its whole placeholder.
      await page.goto(`${journey.server.url}/panel/token`);
      const search = page.getByRole('searchbox', { name: en('common.search'), exact: true });
      await search.waitFor();
      const room = await placeholderRoom(search);
      expect(room).toBeGreaterThanOrEqual(0);
      await context.close();
    },
    BROWSER_TEST_MS,
  );

  it(
    'root changes its password on the profile, signs out and signs in with the new one (English)',
    async () => {
      const { context, page } = await openAs('root', journey.server.rootPassword, 'en_US');
      await profileJourney(page, en, 'root', journey.server.rootPassword, 'root-new-password-1');
      await page.goto(`${journey.server.url}/panel/profile`);
      await page.getByRole('heading', { name: 'root' }).waitFor();
      await context.close();
    },
    BROWSER_TEST_MS,
  );
});
