// Test support: renders the TUI with ink-testing-library against a real gw server on loopback.
import { ApiClient, generateAccessToken, login } from '@gw/core';
import { CookieJar, createNodeFetch } from '@gw/core/node';
import { render } from 'ink-testing-library';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { type GwServer, startGwServer } from '../../../../test-support/gw-server.js';
import { App, type AppProps } from '../app.js';

/** Raw terminal input for the keys the tests press. */
export const KEYS = {
  enter: '\r',
  tab: '\t',
  shiftTab: '\u001B[Z',
  escape: '\u001B',
  down: '\u001B[B',
  up: '\u001B[A',
  pageDown: '\u001B[6~',
  pageUp: '\u001B[5~',
  backspace: '\u007F',
  ctrlC: '\u0003',
  ctrlD: '\u0004',
} as const;

/** Starts the built `gw serve` on a fresh SQLite file. */
export function startServer(): Promise<GwServer> {
  return startGwServer();
}

/** A core API client signed in as `username` (session cookie), for arranging and checking server state. */
export async function signedInClient(url: string, username: string, password: string): Promise<ApiClient> {
  const client = new ApiClient({ baseUrl: url, fetch: createNodeFetch(new CookieJar()) });
  await login(client, { username, password });
  return client;
}

/** Creates a regular user as root (`POST /api/user/`). */
export async function createUser(root: ApiClient, username: string, password: string): Promise<void> {
  await root.send('POST', '/api/user/', { body: { username, password, display_name: username } });
}

/** A fresh access token for the client's user (the old one stops working). */
export function accessTokenOf(client: ApiClient): Promise<string> {
  return generateAccessToken(client);
}

export type TuiUnderTest = ReturnType<typeof render> & {
  /** Waits until the latest frame satisfies `predicate`; fails naming `what` with the last frame. */
  waitFor: (predicate: (frame: string) => boolean, what: string) => Promise<string>;
  /** Waits until the latest frame contains `text` (or matches it, for a RegExp). */
  waitForText: (text: string | RegExp) => Promise<string>;
  /** Writes keys, then waits until the frame contains (or matches) `text`. */
  press: (keys: string, text: string | RegExp) => Promise<string>;
  /** How many times the app asked to quit. */
  quitCount: () => number;
};

/** Renders the app at a fixed 100×30 size in en_US, live refresh off, unless told otherwise. */
export function renderTui(props: Partial<AppProps> & { server: string }): TuiUnderTest {
  const state = { quits: 0 };
  const instance = render(
    <App
      language="en_US"
      viewport={{ columns: 100, rows: 30 }}
      refreshSeconds={0}
      onQuit={() => {
        state.quits += 1;
      }}
      {...props}
    />,
  );
  const waitFor = async (predicate: (frame: string) => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const frame = instance.lastFrame() ?? '';
      if (predicate(frame)) return frame;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last frame:\n${frame}`);
      await new Promise((done) => setTimeout(done, 20));
    }
  };
  const waitForText = (text: string | RegExp) =>
    waitFor(
      (frame) => (typeof text === 'string' ? frame.includes(text) : text.test(frame)),
      typeof text === 'string' ? JSON.stringify(text) : String(text),
    );
  return Object.assign(instance, {
    waitFor,
    waitForText,
    press: (keys: string, text: string | RegExp) => {
      instance.stdin.write(keys);
      return waitForText(text);
    },
    quitCount: () => state.quits,
  });
}

/** A test file's real server with root signed in, and a console opened on a screen from the palette. */
export interface RootConsole {
  server: GwServer;
  root: ApiClient;
  /** Root's access token (a test that makes a new one sets it here). */
  rootToken: string;
  /** Renders the console as root and opens `alias` from the palette, waiting for `ready`. */
  open: (alias: string, ready: string | RegExp, props?: Partial<AppProps>) => Promise<TuiUnderTest>;
}

/**
 * Starts one server for the file (root signed in), unmounts the console after each test, stops the
 * server after the last.
 */
export function useRootConsole(): RootConsole {
  const state = {} as RootConsole;
  let tui: TuiUnderTest | undefined;
  beforeAll(async () => {
    state.server = await startServer();
    state.root = await signedInClient(state.server.url, 'root', state.server.rootPassword);
    state.rootToken = await accessTokenOf(state.root);
  });
  afterAll(async () => {
    await state.server?.stop();
  });
  afterEach(() => {
    tui?.unmount();
    tui = undefined;
  });
  state.open = async (alias, ready, props = {}) => {
    tui = renderTui({ server: state.server.url, accessToken: state.rootToken, ...props });
    await tui.waitForText('Super administrator');
    await tui.press(':', 'Enter a menu name');
    await tui.press(alias, alias);
    await tui.press(KEYS.enter, ready);
    return tui;
  };
  return state;
}
