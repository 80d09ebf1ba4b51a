// The system-info screen's log view (console-screens §10), face-neutral: level names, refresh choices
// and the client-side search, so the web and the TUI read the server's log the same way.
import type { SystemLogEntry } from './options.schema.js';

/** The four levels the screen colours; the server's names (`warn`, `fatal`, `trace`…) fold into them. */
export type SystemLogLevel = 'info' | 'warning' | 'error' | 'debug';

/** Refresh intervals offered, in seconds; 5 s is the default. */
export const SYSTEM_LOG_REFRESH_SECONDS = [1, 3, 5, 10, 30, 60] as const;
export const SYSTEM_LOG_DEFAULT_REFRESH_SECONDS = 5;
/** How many of the newest lines the screen asks for: 1–500, 50 by default. */
export const SYSTEM_LOG_SCREEN_MAX = 500;
export const SYSTEM_LOG_SCREEN_DEFAULT = 50;

/** A server level name folded into one of the four the screen shows. */
export function systemLogLevel(level: string): SystemLogLevel {
  const name = level.trim().toLowerCase();
  if (name.startsWith('warn')) return 'warning';
  if (name === 'error' || name === 'fatal' || name === 'panic' || name === 'err') return 'error';
  if (name === 'debug' || name === 'trace') return 'debug';
  return 'info';
}

/** The entry count the screen asks for, kept within 1–500 (anything not a number → the default). */
export function clampSystemLogCount(value: number): number {
  if (!Number.isFinite(value)) return SYSTEM_LOG_SCREEN_DEFAULT;
  return Math.min(SYSTEM_LOG_SCREEN_MAX, Math.max(1, Math.trunc(value)));
}

/** Entries whose message, level or time contains `text` (case-insensitive); all when blank. */
export function filterSystemLog(entries: readonly SystemLogEntry[], text: string): SystemLogEntry[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...entries];
  return entries.filter((entry) =>
    [entry.Message, entry.Level, systemLogLevel(entry.Level), entry.Timestamp].some((field) =>
      field.toLowerCase().includes(needle),
    ),
  );
}
