import { describeError, type Translate } from '@gw/core';

/** The status-line text of a failure, from core's error catalogue (spec §8). */
export function errorText(error: unknown, t: Translate): string {
  const notice = describeError(error);
  return t(notice.key, notice.params);
}
