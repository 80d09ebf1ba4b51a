// Unix seconds ⇄ the `YYYY-MM-DDTHH:mm` text a date-and-time input holds, in the browser's time zone:
// one conversion for filters, form fields and the settings' clean-up date.
import { formatTimestamp } from '@gw/core';

/** The input's text of a time in Unix seconds; empty for none (0 or less, or not a number). */
export function localInputOf(seconds: number): string {
  return Number.isFinite(seconds) && seconds > 0
    ? formatTimestamp(seconds).slice(0, 16).replace(' ', 'T')
    : '';
}

/** The Unix seconds of an input's text, or undefined when it holds no valid time. */
export function secondsOfLocalInput(text: string): number | undefined {
  const time = new Date(text).getTime();
  return text === '' || Number.isNaN(time) ? undefined : Math.floor(time / 1000);
}
