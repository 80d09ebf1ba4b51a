/** Interface languages (spec §1); zh_CN is the default and the fallback. */
export const LANGUAGES = ['zh_CN', 'zh_HK', 'en_US', 'ja_JP'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh_CN';
/** The storage key (local storage, cookie, session storage) that keeps the chosen language. */
export const LANGUAGE_STORAGE_KEY = 'appLanguage';
/** The query parameter that picks a language for one visit. */
export const LANGUAGE_QUERY_PARAM = 'lng';

/** Each language's own name, for language menus. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  zh_CN: '简体中文',
  zh_HK: '繁體中文',
  en_US: 'English',
  ja_JP: '日本語',
};

/** Maps a language tag (`en`, `en-GB`, `zh-TW`, `ja_JP`) to a supported language, or undefined. */
export function normalizeLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const value = tag.trim().replace('-', '_').toLowerCase();
  if (!value) return undefined;
  const exact = LANGUAGES.find((language) => language.toLowerCase() === value);
  if (exact) return exact;
  if (/^zh_(hk|tw|mo|hant)/.test(value)) return 'zh_HK';
  if (value.startsWith('zh')) return 'zh_CN';
  if (value.startsWith('en')) return 'en_US';
  if (value.startsWith('ja')) return 'ja_JP';
  return undefined;
}

/** Where a face can look for a language, in the detection order of spec §1. */
export interface LanguageSources {
  query?: string | null;
  cookie?: string | null;
  localStorage?: string | null;
  sessionStorage?: string | null;
  navigator?: readonly string[];
  htmlLang?: string | null;
  /** The server's default language (`/api/status` → language). */
  serverDefault?: string | null;
}

/**
 * Picks the interface language: query parameter, cookie, local storage, session storage, the
 * browser's languages, the page's language tag, then the server default, then zh_CN.
 */
export function detectLanguage(sources: LanguageSources): Language {
  const candidates = [
    sources.query,
    sources.cookie,
    sources.localStorage,
    sources.sessionStorage,
    ...(sources.navigator ?? []),
    sources.htmlLang,
    sources.serverDefault,
  ];
  for (const candidate of candidates) {
    const language = normalizeLanguage(candidate);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

/** The environment variables a terminal face reads a language from, strongest first. */
export const LANGUAGE_ENV_VARIABLES = ['GW_LANG', 'LC_ALL', 'LC_MESSAGES', 'LANG'] as const;

/** A terminal face speaks English when the locale names no language it has (unset, `C`, `POSIX`). */
export const TERMINAL_DEFAULT_LANGUAGE: Language = 'en_US';

/**
 * A terminal face's language: the explicit choice (a `--lang` option) or `GW_LANG` when it names a
 * supported language; else the locale as POSIX reads it — the first of `LC_ALL`, `LC_MESSAGES`
 * and `LANG` that is set decides (`en_US.UTF-8` → en_US) — and English when that names no supported
 * language (`C`, `POSIX`, `fr_FR`) or none is set.
 */
export function languageFromEnv(
  env: Readonly<Record<string, string | undefined>>,
  explicit?: string | null,
): Language {
  const fromTag = (tag: string | null | undefined) => normalizeLanguage(tag?.split(/[.@]/)[0]);
  const chosen = fromTag(explicit) ?? fromTag(env.GW_LANG);
  if (chosen) return chosen;
  const locale = [env.LC_ALL, env.LC_MESSAGES, env.LANG].find((value) => value !== undefined && value !== '');
  return fromTag(locale) ?? TERMINAL_DEFAULT_LANGUAGE;
}
