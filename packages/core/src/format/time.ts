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

/** The ways a date and time may be typed, for messages that say what is accepted. */
export const DATE_TIME_FORMATS = [
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD',
  'ISO 8601',
] as const;

// `YYYY-MM-DD`, then an optional ` HH:mm[:ss[.fff]]` (space or T), then an optional zone (Z or ±HH:mm).
const DATE_TIME_PATTERN =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Parses a typed date and time into unix seconds: `YYYY-MM-DD HH:mm:ss`, `YYYY-MM-DD HH:mm`,
 * `YYYY-MM-DD` (midnight) in local time, an ISO 8601 time with `T` and a zone, or whole unix seconds.
 * A date that does not exist (`2027-02-30`, `25:00`) is refused rather than rolled over: undefined.
 */
export function parseTimestamp(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const match = DATE_TIME_PATTERN.exec(trimmed);
  if (!match) return undefined;
  const [year, month, day, hour = 0, minute = 0, second = 0] = match
    .slice(1, 7)
    .map((part) => Number(part ?? 0));
  const zone = match[8];
  if (month === undefined || day === undefined || year === undefined) return undefined;
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  if (zone === undefined)
    return Math.floor(new Date(year, month - 1, day, hour, minute, second).getTime() / 1000);
  const utc = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  if (/^z$/i.test(zone)) return utc;
  const [, sign, zoneHours, zoneMinutes] = /^([+-])(\d{2}):?(\d{2})$/.exec(zone) ?? [];
  const offset = Number(zoneHours) * 3600 + Number(zoneMinutes) * 60;
  if (Number(zoneHours) > 23 || Number(zoneMinutes) > 59) return undefined;
  return sign === '-' ? utc + offset : utc - offset;
}

/** The current time in unix seconds. */
export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * A calendar day typed by hand (`2026-11-27`, `2026/1/5`, `2026.01.05`) as `YYYY-MM-DD`; undefined when
 * it is not one (`2026-02-30` included). The consoles enter days this way because a browser's own date
 * field shows the browser's locale order (mm/dd/yyyy in an English Chromium, whatever the console's
 * language), while the spec writes every date as YYYY-MM-DD.
 */
export function normalizeDay(text: string): string | undefined {
  const match = /^\s*(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\s*$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${match[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
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
