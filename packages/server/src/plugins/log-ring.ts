// The server's recent log lines, kept in memory for `POST /api/system_info/log` (contract §1.15): a pino
// destination that forwards every line to the real output and remembers the newest few as
// {Timestamp, Level, Message}. Lines marked `gwPrivate` (a generated root password) are forwarded but not
// kept, and request URLs lose their query string, so the API never hands out a secret.
import type { SystemLogEntry } from '@gw/core';

/** How many lines the server keeps. */
export const SYSTEM_LOG_CAPACITY = 1000;

const LEVEL_NAMES: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

interface PinoLine {
  time?: number;
  level?: number;
  msg?: string;
  gwPrivate?: boolean;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string };
}

/** One pino JSON line → the entry the API answers with (undefined: not kept). */
export function systemLogEntryFromLine(line: string): SystemLogEntry | undefined {
  let parsed: PinoLine;
  try {
    parsed = JSON.parse(line) as PinoLine;
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || parsed.gwPrivate) return undefined;
  const parts = [parsed.msg ?? ''];
  if (parsed.req?.method) parts.push(`${parsed.req.method} ${(parsed.req.url ?? '').split('?')[0]}`);
  if (parsed.res?.statusCode !== undefined) {
    const took = parsed.responseTime === undefined ? '' : ` ${Math.round(parsed.responseTime)}ms`;
    parts.push(`${parsed.res.statusCode}${took}`);
  }
  if (parsed.err?.message) parts.push(parsed.err.message);
  return {
    Timestamp: new Date(parsed.time ?? Date.now()).toISOString(),
    Level: LEVEL_NAMES[parsed.level ?? 30] ?? String(parsed.level),
    Message: parts.filter(Boolean).join(' '),
  };
}

export interface SystemLogRing {
  /** The pino destination: forwards, then keeps. */
  write(chunk: string): boolean;
  /** The newest `count` entries, oldest first. */
  newest(count: number): SystemLogEntry[];
}

/** A ring of the newest `capacity` log lines in front of `forward` (stdout unless a test passes a stream). */
export function createSystemLogRing(
  forward: NodeJS.WritableStream,
  capacity: number = SYSTEM_LOG_CAPACITY,
): SystemLogRing {
  const entries: SystemLogEntry[] = [];
  return {
    write(chunk) {
      forward.write(chunk);
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        const entry = systemLogEntryFromLine(line);
        if (!entry) continue;
        entries.push(entry);
        // Trimmed in bulk: dropping one line per write would move the whole ring on every log line.
        if (entries.length > 2 * capacity) entries.splice(0, entries.length - capacity);
      }
      return true;
    },
    newest(count) {
      return entries.slice(Math.max(entries.length - Math.min(count, capacity), 0));
    },
  };
}
