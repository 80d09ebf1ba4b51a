import {
  type ApiClient,
  DEFAULT_QUOTA_DISPLAY,
  getStatus,
  type QuotaDisplay,
  quotaDisplayFromStatus,
} from '@gw/core';

/**
 * How the server wants quota shown (money or points), from `/api/status`. A server that cannot
 * answer gets the default display rather than failing the command that only wanted a list.
 */
export async function quotaDisplayOf(client: ApiClient): Promise<QuotaDisplay> {
  try {
    return quotaDisplayFromStatus(await getStatus(client));
  } catch {
    return DEFAULT_QUOTA_DISPLAY;
  }
}
