import { DEFAULT_LANGUAGE, normalizeLanguage, type Language } from '@gw/core';

/**
 * The CLI's language: `GW_LANG`, then `LC_ALL`, then `LANG` (the first one that names a supported
 * language; `C` and `POSIX` name none), else zh_CN as the product's default.
 */
export function cliLanguage(env: Record<string, string | undefined>): Language {
  for (const name of ['GW_LANG', 'LC_ALL', 'LANG'] as const) {
    const language = normalizeLanguage(env[name]?.split('.')[0]);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
