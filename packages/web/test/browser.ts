// The headless Chromium every web journey drives: Debian's binary (or CHROMIUM_PATH) with the flags the
// machine and CI need, and a clear message when it is missing.
import { existsSync } from 'node:fs';
import type { Language } from '@gw/core';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type GwServer, signIn, startGwServer } from '../../../test-support/gw-server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** What a journey file drives: a real `gw serve`, Chromium, and root's session cookie for API checks. */
export interface Journey {
  server: GwServer;
  browser: Browser;
  rootCookie: string;
}

/**
 * Starts gw and Chromium before a file's tests (root signed in through the API) and stops them after;
 * `env` reaches `gw serve` (a mail outbox folder, say).
 */
export function journeyFixture(options: { env?: Record<string, string> } = {}): Journey {
  const journey = {} as Journey;
  beforeAll(async () => {
    // Chromium starts while gw does (about a second of each file on CI's two cores); `afterAll` closes
    // whichever of them started.
    const launched = launchChromium().then((browser) => {
      journey.browser = browser;
    });
    // Awaited below; until then a failed launch must not count as an unhandled rejection.
    launched.catch(() => undefined);
    try {
      journey.server = await startGwServer(options);
      journey.rootCookie = await signIn(journey.server.url, 'root', journey.server.rootPassword);
    } finally {
      await launched;
    }
  });
  afterAll(async () => {
    await journey.browser?.close();
    await journey.server?.stop();
  });
  return journey;
}

/** One `/api` call as root (the fixture's session); its envelope's data, or an error naming the refusal. */
export async function rootApi<D = unknown>(
  journey: Journey,
  method: string,
  path: string,
  body?: unknown,
): Promise<D> {
  const answer = await fetch(`${journey.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie: journey.rootCookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await answer.json()) as { success: boolean; message: string; data: D };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

/**
 * A new browser page signed in as root (see `signInAs`), the console set to `language` first (the stored
 * choice, as a returning user has it); `width` is the viewport's.
 */
export function signInRootAs(
  journey: Journey,
  language: Language,
  width = 1400,
  options: SignInOptions = {},
): Promise<Page> {
  return signInAs(journey, 'root', journey.server.rootPassword, language, width, options);
}

/**
 * What a journey may set on the browser before signing in: the theme and clipboard access, and the
 * console screen the page opens on (`/panel/…`; the dashboard, where the form lands, unless said).
 */
export interface SignInOptions {
  theme?: 'light' | 'dark';
  clipboard?: boolean;
  to?: `/panel/${string}`;
}

/**
 * A new browser page signed in as `username`, in `language` at `width` px, on the console's dashboard.
 * The session is made over the API from the page's own browser context (`POST /api/user/login`, the
 * form's request), so the browser holds a real session cookie; the console then loads the user through
 * its own check (`/api/user/self`). The login form itself is driven by the journeys that test it
 * (auth, the first journey, settings, top-up and profile). Through the form here, each of about 70
 * sign-ins loaded the console twice, then the journey's screen a third time (3–7 s on CI's two cores);
 * now the page loads once, on `options.to`.
 */
export async function signInAs(
  journey: Journey,
  username: string,
  password: string,
  language: Language,
  width = 1400,
  options: SignInOptions = {},
): Promise<Page> {
  const context = await signedInContext(journey.browser, journey.server.url, username, password, {
    language,
    theme: options.theme,
    viewport: { width, height: 900 },
    permissions: options.clipboard ? ['clipboard-read', 'clipboard-write'] : [],
  });
  return openConsole(context, journey.server.url, options.to);
}

/** What a signed-in browser context starts with: the stored language and theme, and Playwright's options. */
export interface SignedInContextOptions extends BrowserContextOptions {
  language: Language;
  theme?: 'light' | 'dark';
}

/**
 * A browser context of `browser` holding `username`'s session cookie for the console at `url`, made by
 * the login request the form sends, from the context itself (its cookie jar, its user agent), and the
 * console's language (and theme) stored as a returning user has them.
 */
export async function signedInContext(
  browser: Browser,
  url: string,
  username: string,
  password: string,
  { language, theme, ...options }: SignedInContextOptions,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  // Stored before the console's first script, once: a language or theme the journey then picks stays.
  await context.addInitScript(
    ({ language, theme }) => {
      try {
        if (localStorage.getItem('appLanguage') === null) localStorage.setItem('appLanguage', language);
        if (theme && localStorage.getItem('theme') === null) localStorage.setItem('theme', theme);
      } catch {
        // a document without storage (about:blank)
      }
    },
    { language, theme },
  );
  const answer = await context.request.post(`${url}/api/user/login`, { data: { username, password } });
  const body = (await answer.json()) as { success: boolean; message: string };
  if (!body.success) {
    await context.close();
    throw new Error(`sign-in as ${username} failed: ${body.message}`);
  }
  return context;
}

/**
 * A new page of a signed-in `context` on the console screen at `path`, once the console let the user in
 * (a refused session would land on /login instead).
 */
export async function openConsole(
  context: BrowserContext,
  url: string,
  path: `/panel/${string}` = '/panel/dashboard',
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  // The console frame draws only once its user check passed.
  await page.locator('.gw-panel').waitFor({ state: 'attached' });
  if (!page.url().startsWith(`${url}/panel/`)) throw new Error(`the console sent ${path} to ${page.url()}`);
  return page;
}

/**
 * Closes a Blueprint dialog by its header's close button and waits until it is gone. Escape closes it
 * only while the focus is inside, and the previous dialog's focus restore can land after a new one
 * opened, so a pressed Escape sometimes reaches the page instead.
 */
export async function closeDialog(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Waits until the keyboard focus is inside `element`, a just-opened Blueprint dialog (or the palette's),
 * so that a key pressed next reaches it. Blueprint's overlays take Escape only from a focus inside them
 * (their own keydown), and move the focus in a frame after they open, or after a previous overlay's
 * focus restore took it out again; a key pressed before then goes to the page. Inside means inside the
 * overlay `element` sits in: a dialog without a field to focus holds the focus on the overlay's first
 * focus trap, just before the dialog. It also waits until no other overlay is still closing: one that
 * is returns the focus to where it was before it opened at the end of its transition, out of this one.
 */
export async function focusInside(element: Locator): Promise<void> {
  const target = await element.elementHandle();
  try {
    await element
      .page()
      .waitForFunction(
        (node) =>
          (node.closest('.bp6-overlay') ?? node).contains(document.activeElement) &&
          document.querySelector('.bp6-overlay-exit') === null,
        target,
        { timeout: 5_000 },
      );
  } catch (error) {
    const focused = await element.page().evaluate(() => ({
      on: document.activeElement?.outerHTML.slice(0, 120) ?? 'nothing',
      closing: document.querySelector('.bp6-overlay-exit') !== null,
    }));
    throw new Error(
      `the focus did not move into ${element} (it is on ${focused.on}${focused.closing ? '; an overlay is still closing' : ''})`,
      { cause: error },
    );
  } finally {
    await target.dispose();
  }
}

/**
 * The headers of a kit table that sit, even partly, under its sticky actions column as the page first
 * shows it (not scrolled sideways), and whether the table is wider than its frame. A screen that fits
 * answers `{ covered: [], overflow: 0 }`.
 */
export async function columnsUnderActions(page: Page): Promise<{ covered: string[]; overflow: number }> {
  return page
    .locator('.gw-resource-screen .gw-table-wrap')
    .first()
    .evaluate((wrap) => {
      const actions = wrap.querySelector('th.gw-actions-head');
      const edge = actions ? actions.getBoundingClientRect().left : wrap.getBoundingClientRect().right;
      const covered = [...wrap.querySelectorAll('thead th')]
        .filter((th) => th !== actions && th.getBoundingClientRect().right > edge + 1)
        .map((th) => th.textContent ?? '');
      return { covered, overflow: wrap.scrollWidth - wrap.clientWidth };
    });
}

/**
 * The room left in a text field once its placeholder is drawn in the field's own font (px): negative
 * when the placeholder is cut ("YYYY-MM-D", "Search token names.").
 */
export function placeholderRoom(field: Locator): Promise<number> {
  return field.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const pen = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
    pen.font = style.font;
    const inner =
      input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return inner - pen.measureText(input.placeholder).width;
  });
}

/** The fields of a kit screen's filter bar that reach past the screen's frame (their labels). */
export function filtersPastFrame(page: Page): Promise<string[]> {
  return page
    .locator('.gw-resource-screen')
    .first()
    .evaluate((screen) => {
      const edge = screen.getBoundingClientRect().right;
      return [...screen.querySelectorAll('.gw-filter-bar input:not([type="date"]):not([type="month"])')]
        .filter((input) => input.getBoundingClientRect().right > edge + 0.5)
        .map((input) => input.getAttribute('aria-label') ?? input.getAttribute('placeholder') ?? '');
    });
}

/**
 * The filled fields of a kit screen's filter bar that show no name of their own once filled (their
 * accessible names). A field is named by a visible text of the filter's name beside or above it (a
 * `<label>` for it, or a date and time's shared name); the search box by the magnifier beside what is
 * typed; a select by its chosen option's text ("Type: OpenAI"). A placeholder does not count: it goes
 * with the first letter typed. Empty fields (and selects left on their empty choice) are skipped.
 */
export function filledFiltersWithoutName(page: Page): Promise<string[]> {
  return page
    .locator('.gw-resource-screen')
    .first()
    .evaluate((screen) => {
      const seen = (element: Element) => {
        const box = element.getBoundingClientRect();
        return (
          box.width > 0 &&
          box.height > 0 &&
          element.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        );
      };
      const fields = [...screen.querySelectorAll<HTMLInputElement>('.gw-filter-bar input')].filter(
        (input) => input.type !== 'hidden' && seen(input) && input.value !== '',
      );
      const selects = [...screen.querySelectorAll<HTMLSelectElement>('.gw-filter-bar select')]
        .filter((select) => seen(select) && select.value !== '')
        .filter((select) => {
          const name = (select.getAttribute('aria-label') ?? '').trim();
          const shown = (select.selectedOptions[0]?.textContent ?? '').trim();
          return name === '' || !shown.startsWith(name);
        })
        .map((select) => select.getAttribute('aria-label') ?? select.name);
      const unnamed = fields
        .filter((input) => {
          const name = (input.getAttribute('aria-label') ?? '').trim();
          if (name === '') return true;
          const group = input.closest('.bp6-input-group');
          if (input.type === 'search' && group?.querySelector(':scope > .bp6-icon-search') && seen(group))
            return false;
          const item = input.closest('.gw-filter-labelled, .gw-filter-datetime');
          const names = [...(input.labels ?? []), ...(item?.querySelectorAll('.gw-filter-name') ?? [])];
          // The name shown is the field's own ("Channel ID"), or the pair's ("Start time" of "Start
          // time: Date").
          return !names.some((label) => {
            const text = (label.textContent ?? '').trim();
            return text !== '' && (name === text || name.startsWith(`${text}: `)) && seen(label);
          });
        })
        .map((input) => input.getAttribute('aria-label') ?? input.placeholder);
      return [...unnamed, ...selects];
    });
}
