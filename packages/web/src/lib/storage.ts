import { hiddenColumnsFrom, statusSchema, type SiteStatus } from '@gw/core';

// Local storage keys of spec §3 and console-screens §0.1.
const THEME_KEY = 'theme';
const SITE_INFO_KEY = 'siteInfo';
const PAGE_SIZES_KEY = 'user_page_sizes';
const NOTICE_KEY = 'notice';

export type ThemeName = 'light' | 'dark';

function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** The saved theme (light unless dark was chosen). */
export function readTheme(): ThemeName {
  return localStorage.getItem(THEME_KEY) === 'dark' ? 'dark' : 'light';
}

/** Saves the theme choice. */
export function writeTheme(theme: ThemeName): void {
  localStorage.setItem(THEME_KEY, theme);
}

/** The cached copy of `/api/status`, used when the server cannot be reached. */
export function readCachedSiteInfo(): SiteStatus | undefined {
  const parsed = statusSchema.safeParse(readJson(SITE_INFO_KEY));
  return parsed.success ? parsed.data : undefined;
}

/** Caches the site information and the two quota display settings under their own keys. */
export function writeCachedSiteInfo(site: SiteStatus): void {
  localStorage.setItem(SITE_INFO_KEY, JSON.stringify(site));
  localStorage.setItem('quota_per_unit', String(site.quota_per_unit));
  localStorage.setItem('display_in_currency', String(site.display_in_currency));
}

/** The page size remembered for one table (`user_page_sizes` map), or the fallback. */
export function readPageSize(table: string, fallback: number, allowed: readonly number[]): number {
  const sizes = readJson(PAGE_SIZES_KEY);
  const size = sizes && typeof sizes === 'object' ? (sizes as Record<string, unknown>)[table] : undefined;
  return typeof size === 'number' && allowed.includes(size) ? size : fallback;
}

/** Remembers one table's page size. */
export function writePageSize(table: string, size: number): void {
  const sizes = readJson(PAGE_SIZES_KEY);
  const next = { ...(sizes && typeof sizes === 'object' ? sizes : {}), [table]: size };
  localStorage.setItem(PAGE_SIZES_KEY, JSON.stringify(next));
}

/** The notice text last shown to this browser. */
export function readSeenNotice(): string {
  return localStorage.getItem(NOTICE_KEY) ?? '';
}

/** Remembers the notice text once shown. */
export function writeSeenNotice(text: string): void {
  localStorage.setItem(NOTICE_KEY, text);
}

/** The columns each table's column settings hide (console-screens §3), by screen id. */
const HIDDEN_COLUMNS_KEY = 'hidden_columns';

/** The column ids hidden on one screen's table (none when nothing or something unreadable is stored). */
export function readHiddenColumns(screen: string): Set<string> {
  const all = readJson(HIDDEN_COLUMNS_KEY);
  return hiddenColumnsFrom(
    all && typeof all === 'object' ? (all as Record<string, unknown>)[screen] : undefined,
  );
}

/** Remembers the column ids hidden on one screen's table. */
export function writeHiddenColumns(screen: string, hidden: ReadonlySet<string>): void {
  const all = readJson(HIDDEN_COLUMNS_KEY);
  const next = { ...(all && typeof all === 'object' ? all : {}), [screen]: [...hidden] };
  localStorage.setItem(HIDDEN_COLUMNS_KEY, JSON.stringify(next));
}
