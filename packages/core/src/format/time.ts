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
