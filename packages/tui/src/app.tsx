import { DEFAULT_SERVER_URL } from '@gw/core';
import { createI18n, fastTranslate, type Language, RESOURCES, type Translate } from '@gw/core';
import { useApp, useStdout, useWindowSize } from 'ink';
import { useCallback, useMemo, useState } from 'react';
import { KeyboardProvider } from './hooks/use-keys.js';
import { SessionContext, type TuiEnv, TuiEnvContext } from './hooks/tui-context.js';
import { terminalClipboard } from './lib/clipboard.js';
import type { TuiSession } from './lib/connection.js';
import { SignInScreen } from './screens/sign-in/sign-in-screen.js';
import { Console } from './shell/console.js';
import { glyphsFor } from './ui/glyphs.js';

export interface AppProps {
  language: Language;
  server?: string;
  accessToken?: string;
  /** The saved token's check, started before the console loaded (runTui); the sign-in screen awaits it. */
  pendingSession?: Promise<TuiSession>;
  saveCredentials?: (server: string, accessToken: string, username: string) => void | Promise<void>;
  /** ASCII glyphs only (TERM=dumb). */
  ascii?: boolean;
  /** A fixed terminal size (tests); otherwise the terminal's own, following resizes. */
  viewport?: { columns: number; rows: number };
  /** Seconds between live reloads of a table (default 30; 0 turns it off). */
  refreshSeconds?: number;
  /** Where a screen writes a file on request (created codes); the working directory by default. */
  saveDir?: string;
  /** Called once when the user quits (q, :q, Ctrl+C). */
  onQuit?: () => void;
  /** `--read-only`: hide every key and action that changes something (on-call operators). */
  readOnly?: boolean;
  /** Where copied text goes; OSC 52 to the terminal by default. */
  copy?: (text: string) => void;
}

/** The TUI's root: sign-in first, then the console with the role's menu. */
export function App(props: AppProps) {
  const {
    language,
    server,
    accessToken,
    saveCredentials,
    ascii,
    viewport,
    refreshSeconds = 30,
    onQuit,
    saveDir,
    readOnly = false,
    copy,
    pendingSession,
  } = props;
  const { exit } = useApp();
  const size = useWindowSize();
  const { stdout } = useStdout();
  const { columns, rows } = viewport ?? size;
  // Plain and `{{name}}` strings straight from the language's strings (fastTranslate); i18next, with
  // every locale for its fallbacks, is built on the first lookup that needs more.
  const t = useMemo<Translate>(() => {
    const sections = RESOURCES[language].translation;
    let i18n: ReturnType<typeof createI18n> | undefined;
    return (key, params) => {
      const fast = fastTranslate(sections, key, params);
      if (fast !== undefined) return fast;
      i18n ??= createI18n(language);
      return i18n.t(key, params ?? {});
    };
  }, [language]);
  const env = useMemo<TuiEnv>(
    () => ({
      t,
      language,
      glyphs: glyphsFor(ascii ?? false),
      columns,
      rows,
      refreshSeconds,
      readOnly,
      copy: copy ?? terminalClipboard(stdout),
    }),
    [t, language, ascii, columns, rows, refreshSeconds, readOnly, copy, stdout],
  );
  const [session, setSession] = useState<TuiSession>();
  const [notice, setNotice] = useState<string>();
  const quit = useCallback(() => {
    onQuit?.();
    exit();
  }, [onQuit, exit]);
  const signedIn = useCallback(
    (next: TuiSession, text?: string) => {
      setNotice(text);
      // A token generated on the profile replaces the one this session (and the saved sign-in) uses.
      setSession({
        ...next,
        setAccessToken: (token) => {
          next.setAccessToken(token);
          void saveCredentials?.(next.server, token, next.user.username);
        },
      });
    },
    [saveCredentials],
  );
  return (
    <TuiEnvContext.Provider value={env}>
      <KeyboardProvider>
        {session ? (
          <SessionContext.Provider value={session}>
            <Console onQuit={quit} initialNotice={notice} saveDir={saveDir} />
          </SessionContext.Provider>
        ) : (
          <SignInScreen
            server={server ?? DEFAULT_SERVER_URL}
            accessToken={accessToken}
            pendingSession={pendingSession}
            saveCredentials={saveCredentials}
            onSignedIn={signedIn}
            onQuit={quit}
          />
        )}
      </KeyboardProvider>
    </TuiEnvContext.Provider>
  );
}
