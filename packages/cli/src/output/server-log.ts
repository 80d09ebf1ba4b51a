import { Writable } from 'node:stream';
import type { CliColor } from './color.js';

/** A pino JSON line as the server writes it. */
interface LogRecord {
  time?: number;
  level?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  gwRootPassword?: boolean;
}

const LEVELS: Record<number, [string, CliColor]> = {
  10: ['TRACE', 'dim'],
  20: ['DEBUG', 'dim'],
  30: ['INFO ', 'green'],
  40: ['WARN ', 'yellow'],
  50: ['ERROR', 'red'],
  60: ['FATAL', 'red'],
};

/** `gw listening on …`: the CLI says it itself, in the user's language. */
const LISTENING = /^(gw listening on|Server listening at) /;

const clock = (time: number) => new Date(time).toTimeString().slice(0, 8);

/**
 * One server log line for a person: `12:00:01 INFO  GET /api/status 200 3 ms`; the generated root
 * password on its own, bold; undefined for a line the CLI already says. Text that is not JSON is
 * passed through.
 */
export function humanLogLine(
  line: string,
  paint: (color: CliColor, text: string) => string,
): string | undefined {
  let record: LogRecord;
  try {
    record = JSON.parse(line) as LogRecord;
  } catch {
    return line;
  }
  if (record.gwRootPassword) return paint('bold', record.msg ?? '');
  const message = record.msg ?? '';
  if (LISTENING.test(message)) return undefined;
  const [level, color] = LEVELS[record.level ?? 30] ?? ['INFO ', 'plain'];
  const parts = [paint('dim', clock(record.time ?? Date.now())), paint(color, level)];
  if (record.req?.method && record.res?.statusCode !== undefined) {
    const took = record.responseTime === undefined ? '' : ` ${Math.round(record.responseTime)} ms`;
    const status = record.res.statusCode;
    const statusColor: CliColor = status >= 500 ? 'red' : status >= 400 ? 'yellow' : 'plain';
    parts.push(
      `${record.req.method} ${record.req.url ?? ''}`,
      `${paint(statusColor, String(status))}${took}`,
    );
  } else {
    parts.push(message);
  }
  if (record.err?.message) parts.push(paint('red', record.err.message));
  return parts.join(' ');
}

/** A stream the server logs into that prints each JSON line as a readable one on `out`. */
export function humanLogStream(
  out: { write(text: string): unknown },
  paint: (color: CliColor, text: string) => string,
): Writable {
  let pending = '';
  return new Writable({
    write(chunk, _encoding, done) {
      pending += String(chunk);
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.trim()) continue;
        const shown = humanLogLine(line, paint);
        if (shown !== undefined) out.write(`${shown}\n`);
      }
      done();
    },
  });
}
