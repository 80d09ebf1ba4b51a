import dayjs from 'dayjs';

/** The timestamp format of every screen (spec §9). */
export const TIMESTAMP_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Formats unix seconds as `YYYY-MM-DD HH:mm:ss` in local time. */
export function formatTimestamp(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).format(TIMESTAMP_FORMAT);
}

/** Formats unix seconds as an ISO 8601 string (exact, for pipes and JSON). */
export function formatIsoTimestamp(unixSeconds: number): string {
  return dayjs.unix(unixSeconds).toISOString();
}

/** Parses `YYYY-MM-DD HH:mm:ss` (or any ISO date) in local time into unix seconds; undefined when invalid. */
export function parseTimestamp(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const parsed = dayjs(trimmed.replace(' ', 'T'));
  return parsed.isValid() ? parsed.unix() : undefined;
}

/** The current time in unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * A 24-hour clock time typed by hand (`9:05`, `0905`, `21:30`) as `HH:mm`; undefined when it is not one.
 * The consoles enter times this way because a browser's own time field follows the locale's 12-hour
 * clock, while the spec shows every time on the 24-hour clock.
 */
export function normalizeClock24(text: string): string | undefined {
  const match = /^\s*(\d{1,2}):?(\d{2})\s*$/.exec(text);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return undefined;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/** How long a job ran, from its start to its finish in any one unit, in seconds; undefined while unfinished. */
export function jobSeconds(start: number, finish: number, unitsPerSecond = 1): number | undefined {
  return start > 0 && finish >= start ? (finish - start) / unitsPerSecond : undefined;
}

/** Seconds a job ran as `12.3 s`; '' while unfinished. */
export function jobSecondsText(seconds: number | undefined): string {
  return seconds === undefined ? '' : `${seconds.toFixed(1)} s`;
}
