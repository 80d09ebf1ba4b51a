// Saves a PNG of every /panel screen of the navigation in the light and the dark theme, signed in as
// root, so a person can look at them all before a release (issue 9), plus the command palette and the
// `?` list. Usage:
//   node scripts/screenshots.mjs <gw url> <root password> <folder> [language=en_US] [width=1400]
// SCREENS=user,analytics limits it to those navigation ids (and skips the overlays); THEMES=dark one theme.
// SCENES=1 adds the other tabs and the channel and price dialogs (seed-screens.mjs gives them rows);
// SCENES=only takes those alone (at phone width, say). PUBLIC=1 adds the visitor's pages, before sign-in.
// It prints WIDE and KEYS lines for screens that scroll sideways or show a raw i18n key.
// Needs Chromium (/usr/bin/chromium or CHROMIUM_PATH) and the built @gw/core (npm run build).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { menuLeaves, NAVIGATION, translate } from '@gw/core';
import { chromium } from 'playwright-core';

const [url, password, folder, language = 'en_US', width = '1400'] = process.argv.slice(2);
if (!url || !password || !folder) {
  console.error('usage: node scripts/screenshots.mjs <gw url> <root password> <folder> [language] [width]');
  process.exit(2);
}
const only = process.env.SCREENS?.split(',').filter(Boolean);
const themes = process.env.THEMES?.split(',').filter(Boolean) ?? ['light', 'dark'];
const base = url.replace(/\/+$/, '');
const scenes = process.env.SCENES;
const tr = (key, params) => translate(language, key, params);

/**
 * The tabs a route keeps in its hash and the dialogs of the channel and price screens, each opened as
 * a person would; a name and what to do on the page before the picture.
 */
const SCENES = [
  ['payment-gateway', (page) => page.goto(`${base}/panel/payment#gateway`)],
  ['pricing-multiple', (page) => page.goto(`${base}/panel/pricing#multiple`)],
  ['setting-system', (page) => page.goto(`${base}/panel/setting#system`)],
  ['setting-other', (page) => page.goto(`${base}/panel/setting#other`)],
  [
    'price-updates',
    async (page) => {
      await page.goto(`${base}/panel/pricing`);
      await page.getByRole('button', { name: tr('prices.updates.title') }).click();
    },
  ],
  [
    'channel-editor',
    async (page) => {
      await openChannelRow(page);
      await channelRow(page)
        .getByRole('button', { name: tr('common.edit'), exact: true })
        .click();
    },
  ],
  [
    'model-selector',
    async (page) => {
      await openChannelRow(page);
      await channelRow(page)
        .getByRole('button', { name: tr('common.edit'), exact: true })
        .click();
      await page.getByRole('button', { name: tr('channels.editor.fetch_models') }).click();
      const selector = page.getByRole('dialog', { name: tr('channels.editor.selector.title') });
      await selector.getByRole('button', { name: tr('channels.editor.selector.fetch') }).click();
    },
  ],
  [
    'channel-check',
    async (page) => {
      await openChannelRow(page);
      await channelRow(page)
        .getByRole('button', { name: tr('web.kit.more_actions', { name: 'openai-main' }) })
        .click();
      await page.getByRole('menuitem', { name: tr('channels.list.check') }).click();
      await page.getByRole('button', { name: tr('channels.editor.check.start') }).click();
    },
  ],
  [
    'midjourney-preview',
    async (page) => {
      await page.goto(`${base}/panel/midjourney`);
      const row = page.getByRole('row').filter({ hasText: 'mj-seed-1' });
      await row.getByRole('button', { name: tr('tasks.image.show'), exact: true }).click();
      await page.getByRole('dialog').getByRole('img').waitFor();
      await page
        .getByRole('dialog')
        .getByRole('img')
        .evaluate((image) => image.decode());
    },
  ],
  [
    'channel-batch',
    async (page) => {
      await openChannelRow(page);
      await page.getByRole('button', { name: tr('channels.editor.batch.button') }).click();
    },
  ],
];
const channelRow = (page) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'openai-main', exact: true }) });
async function openChannelRow(page) {
  await page.goto(`${base}/panel/channel`);
  await channelRow(page).waitFor();
}
mkdirSync(folder, { recursive: true });

/** Waits until a screen has drawn: no request in flight, no spinner or loading bar, fonts ready. */
async function settle(page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('.bp6-spinner, .bp6-progress-bar, .gw-page-spinner'),
      null,
      {
        timeout: 8000,
      },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts?.ready);
  // Charts and transitions finish drawing.
  await page.waitForTimeout(600);
}

/**
 * What a person would flag at once: the page scrolling sideways (wider than the window) and text that
 * is a raw i18n key (`tokens.fields.name`) instead of a translation. Printed, not thrown, so one run
 * shoots everything.
 */
async function flaws(page, name) {
  const found = await page.evaluate(() => {
    const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
    const keys = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      if (/^[a-z][a-z0-9_]*(\.[a-z_][a-z0-9_]*){2,}$/.test(text)) keys.push(text);
    }
    return { wide: wide ? document.documentElement.scrollWidth : 0, keys };
  });
  if (found.wide) console.log(`WIDE ${name}: ${found.wide}px in a ${page.viewportSize().width}px window`);
  if (found.keys.length) console.log(`KEYS ${name}: ${[...new Set(found.keys)].join(', ')}`);
}

/** The pages a visitor sees, shot before signing in (the last one is the not-found page). */
const PUBLIC = [
  ['home', '/'],
  ['about', '/about'],
  ['price', '/price'],
  ['login', '/login'],
  ['register', '/register'],
  ['reset', '/reset'],
  ['not-found', '/no-such-page'],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
});
const saved = [];
try {
  for (const theme of themes) {
    const context = await browser.newContext({ viewport: { width: Number(width), height: 900 } });
    // The theme toggle in the top bar saves `theme` in local storage; the language `appLanguage`.
    await context.addInitScript(
      ([themeName, lang]) => {
        localStorage.setItem('theme', themeName);
        localStorage.setItem('appLanguage', lang);
      },
      [theme, language],
    );
    const page = await context.newPage();
    for (const [name, path] of process.env.PUBLIC && !only ? PUBLIC : []) {
      await page.goto(`${base}${path}`);
      await settle(page);
      await flaws(page, `${name}-${theme}`);
      const file = join(folder, `${name}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      saved.push(file);
    }
    // Signed in through the form, as a person would (it also stores the user the console shows).
    await page.goto(`${base}/login`);
    await page.locator('input[type="password"]').waitFor();
    await page.locator('input:not([type="password"])').first().fill('root');
    await page.locator('input[type="password"]').fill(password);
    await page.locator('input[type="password"]').press('Enter');
    await page.waitForURL('**/panel/**');
    for (const [name, open] of scenes ? SCENES : []) {
      if (only && !only.includes(name)) continue;
      await open(page);
      await settle(page);
      await flaws(page, `${name}-${theme}`);
      const file = join(folder, `${name}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      saved.push(file);
    }
    for (const item of scenes === 'only' ? [] : menuLeaves(NAVIGATION)) {
      if (only && !only.includes(item.id)) continue;
      await page.goto(`${base}${item.url}`);
      await settle(page);
      await flaws(page, `${item.id}-${theme}`);
      const file = join(folder, `${item.id}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: true });
      saved.push(file);
    }
    if (only) {
      await context.close();
      continue;
    }
    // The console-wide overlays: the palette with something typed, and the `?` list.
    await page.goto(`${base}/panel/dashboard`);
    await settle(page);
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox').last().fill('us');
    await page.waitForTimeout(900);
    let file = join(folder, `palette-${theme}.png`);
    await page.screenshot({ path: file });
    saved.push(file);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    await page.evaluate(() => document.activeElement?.blur());
    await page.keyboard.press('?');
    await page.waitForTimeout(600);
    file = join(folder, `shortcuts-${theme}.png`);
    await page.screenshot({ path: file });
    saved.push(file);
    await context.close();
  }
} finally {
  await browser.close();
}
console.log(`saved ${saved.length} screenshots in ${folder}`);
