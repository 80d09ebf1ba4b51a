import { type ApiClient, DEFAULT_QUOTA_DISPLAY, getStatus, type QuotaDisplay } from '@gw/core';

/**
 * How the server wants quota shown (money or points), from `/api/status`. A server that cannot
 * answer gets the default display rather than failing the command that only wanted a list.
 */
export async function quotaDisplayOf(client: ApiClient): Promise<QuotaDisplay> {
  try {
    const status = await getStatus(client);
    return {
      displayInCurrency: status.display_in_currency,
      quotaPerUnit: status.quota_per_unit || DEFAULT_QUOTA_DISPLAY.quotaPerUnit,
    };
  } catch {
    return DEFAULT_QUOTA_DISPLAY;
  }
}
