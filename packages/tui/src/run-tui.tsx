import { languageFromEnv } from '@gw/core';
import { render } from 'ink';
import { App } from './app.js';
import { applyColourPreference } from './lib/colour.js';
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

/** Runs the terminal console until the user quits. */
export async function runTui(options: RunTuiOptions = {}): Promise<void> {
  const stdout = options.stdout ?? process.stdout;
  applyColourPreference(process.env);
  const instance = render(
    <App
      language={languageFromEnv(process.env, options.language)}
      server={options.server}
      accessToken={options.accessToken}
      saveCredentials={options.saveCredentials}
      ascii={prefersAscii(process.env)}
      refreshSeconds={options.refreshSeconds}
      readOnly={options.readOnly}
    />,
    {
      stdin: options.stdin ?? process.stdin,
      stdout,
      exitOnCtrlC: false,
      patchConsole: true,
      alternateScreen: Boolean(stdout.isTTY),
      // Ink treats any process with CI set as non-interactive and draws only the last frame at exit;
      // a terminal is interactive whatever the environment says (an operator on a CI box, our tmux run).
      interactive: Boolean(stdout.isTTY),
    },
  );
  await instance.waitUntilExit();
}
