import type { Language, Translate } from '@gw/core';
import { createContext, useContext } from 'react';
import type { TuiSession } from '../lib/connection.js';
import type { KeyBinding } from '../lib/key-bindings.js';
import type { Glyphs } from '../ui/glyphs.js';

/** What every part of the TUI needs: translation, glyphs and the terminal size. */
export interface TuiEnv {
  t: Translate;
  language: Language;
  glyphs: Glyphs;
  columns: number;
  rows: number;
  /** Seconds between automatic reloads of a table; 0 turns live refresh off. */
  refreshSeconds: number;
  /** `--read-only`: every key and action that changes something is hidden. */
  readOnly: boolean;
  /** Puts text on the user's clipboard (OSC 52 in a terminal). */
  copy: (text: string) => void;
}

export const TuiEnvContext = createContext<TuiEnv | null>(null);

/** The TUI environment (translation, glyphs, size). */
export function useTuiEnv(): TuiEnv {
  const env = useContext(TuiEnvContext);
  if (!env) throw new Error('useTuiEnv outside the TUI');
  return env;
}

export const SessionContext = createContext<TuiSession | null>(null);

/** The signed-in session (client, user, site status). */
export function useSession(): TuiSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession before sign-in');
  return session;
}

/** Whether a screen's table is loading and when it last loaded (shown in the header). */
export interface RefreshState {
  loading: boolean;
  updatedAt?: number;
  /** Live refresh paused with `p`. */
  paused?: boolean;
}

/** What the active screen tells the shell: its key hints, whether it owns the keyboard, its refresh state. */
export interface ScreenFrame {
  bindings: readonly KeyBinding[];
  /** True while a text box, form or confirmation owns every key (global keys pause). */
  capturing: boolean;
  /**
   * The whole screen types (a prompt, user names, a code, a settings card) and leaves on Esc: the footer
   * ends with the console keys that still work there (TYPING_GLOBAL_BINDINGS).
   */
  typing?: boolean;
  refresh?: RefreshState;
}

/** The shell's side of a screen: where it publishes its frame and how it learns it may take keys. */
export interface ScreenHost {
  publish: (frame: ScreenFrame) => void;
  /** Esc on a screen that is not capturing: the screen may consume it (clear a filter) by returning true. */
  setBackHandler: (handler: (() => boolean) | undefined) => void;
  /** False while an overlay (command palette, help) has the keyboard. */
  active: boolean;
  /** Rows the main pane may use. */
  height: number;
  /** Shows a message, or the translated description of an error, on the status line. */
  notify: (message: string, level?: 'info' | 'error') => void;
  notifyError: (error: unknown) => void;
  /** Back to the menu (a screen that keeps every key for itself, a text field, leaves on Esc with this). */
  leave: () => void;
}

export const ScreenHostContext = createContext<ScreenHost | null>(null);

/** The shell hosting this screen. */
export function useScreenHost(): ScreenHost {
  const host = useContext(ScreenHostContext);
  if (!host) throw new Error('useScreenHost outside the console');
  return host;
}
