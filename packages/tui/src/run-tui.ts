import { DEFAULT_SERVER_URL, languageFromEnv } from '@gw/core';
import type { AppProps } from './app.js';
import { applyColourPreference } from './lib/colour.js';
import { signInWithToken, type TuiSession } from './lib/connection.js';
import { prefersAscii } from './ui/glyphs.js';

export interface RunTuiOptions {
  /** The gw (or one-hub) server; defaults to http://localhost:3000. */
  server?: string;
  /** A saved management access token; when given the sign-in form is skipped if it still works. */
  accessToken?: string;
  /** zh_CN, zh_HK, en_US, ja_JP (or a tag such as `en`); defaults to GW_LANG/LC_ALL/LC_MESSAGES/LANG, then zh_CN. */
  language?: string;
  /** Seconds between live reloads of a table (default 30; 0 turns live refresh off). */
  refreshSeconds?: number;
  /** Called after a password (or typed token) sign-in so the CLI can remember the server and token. */
  saveCredentials?: (server: string, accessToken: string, username: string) => void | Promise<void>;
  /** Hide every key and action that changes something (k9s readOnly). */
  readOnly?: boolean;
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

/**
 * Runs the terminal console until the user quits. A saved token is checked while Ink and React load
 * (they are imported here, not by this module): the first frame can then be the menu.
 */
export async function runTui(options: RunTuiOptions = {}): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  const language = languageFromEnv(process.env, options.language);
  let pendingSession: Promise<TuiSession> | undefined;
  if (options.accessToken) {
    pendingSession = signInWithToken(options.server ?? DEFAULT_SERVER_URL, language, options.accessToken);
    // Handled by the sign-in screen; this keeps an early failure from counting as unhandled meanwhile.
    pendingSession.catch(() => undefined);
  }
  applyColourPreference(process.env);
  // React and its reconciler pick their production build from NODE_ENV when first loaded, here: the
  // development build checks every render and draws a list twice as slowly.
  process.env.NODE_ENV ??= 'production';
  const [{ render }, { createElement }, { App }] = await Promise.all([
    import('ink'),
    import('react'),
    import('./app.js'),
  ]);
  const props: AppProps = {
    language,
    server: options.server,
    accessToken: options.accessToken,
    pendingSession,
    saveCredentials: options.saveCredentials,
    ascii: prefersAscii(process.env),
    refreshSeconds: options.refreshSeconds,
    readOnly: options.readOnly,
  };
  const instance = render(createElement(App, props), {
    stdin: options.stdin ?? process.stdin,
    stdout,
    exitOnCtrlC: false,
    patchConsole: true,
    alternateScreen: Boolean(stdout.isTTY),
    // Ink treats any process with CI set as non-interactive and draws only the last frame at exit;
    // a terminal is interactive whatever the environment says (an operator on a CI box, our tmux run).
    interactive: Boolean(stdout.isTTY),
  });
  await instance.waitUntilExit();
}
