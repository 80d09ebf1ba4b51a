import {
  type ApiClient,
  GW_VERSION,
  getStatus,
  GwApiError,
  isNewVersionAvailable,
  type SiteStatus,
  type Translate,
} from '@gw/core';
import { readCachedSiteInfo, writeCachedSiteInfo } from '../lib/storage';
import { showError, showToast } from '../lib/toasts';

/**
 * Loads the site information (spec §4): caches it; on failure falls back to the cached copy and
 * says the server cannot be reached; names the tab and announces a newer server version.
 */
export async function loadSiteInfo(client: ApiClient, t: Translate): Promise<SiteStatus | undefined> {
  let site: SiteStatus | undefined;
  try {
    site = await getStatus(client);
    writeCachedSiteInfo(site);
  } catch (error) {
    site = readCachedSiteInfo();
    // A rate limit is not an unreachable server: say how long to wait instead.
    if (error instanceof GwApiError && error.status === 429) showError(error, t);
    else showToast('error', t('errors.network'));
  }
  if (!site) return undefined;
  document.title = site.system_name || t('site.default_name');
  if (isNewVersionAvailable(site.version, GW_VERSION)) {
    showToast('info', t('common.new_version', { version: site.version }));
  }
  return site;
}

/** Re-reads the site information after a setting changed, so site-wide flags update live (§24). */
export async function reloadSiteInfo(client: ApiClient): Promise<SiteStatus> {
  const site = await getStatus(client);
  writeCachedSiteInfo(site);
  return site;
}
