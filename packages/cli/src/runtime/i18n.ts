import { createI18nWith, fastTranslate, type Language, type Translate } from '@gw/core';

/** Each language's strings, every section in one module (the build makes it; see rolldown.config.mjs). */
const LOCALE_BUNDLES: Record<Language, () => Promise<{ sections: Record<string, unknown> }>> = {
  zh_CN: () => import('virtual:gw-locale/zh_CN'),
  zh_HK: () => import('virtual:gw-locale/zh_HK'),
  en_US: () => import('virtual:gw-locale/en_US'),
  ja_JP: () => import('virtual:gw-locale/ja_JP'),
};

/**
 * The translator of one language's loaded strings. Most lookups are a plain string or `{{name}}`
 * values, answered from the strings directly: i18next's instance is built, and its slower lookup run,
 * only for the rest (a command's 250 lookups through i18next cost about 10 ms of its start).
 */
export function translatorFor(language: Language, sections: Record<string, unknown>): Translate {
  let instance: ReturnType<typeof createI18nWith> | undefined;
  return (key, params) => {
    const fast = fastTranslate(sections, key, params);
    if (fast !== undefined) return fast;
    instance ??= createI18nWith(language, sections);
    return instance.t(key, params ?? {});
  };
}

/**
 * The translator of one language, loading only that language's strings (not every locale, which
 * would cost each command's start).
 */
export async function loadTranslate(language: Language): Promise<Translate> {
  const { sections } = await LOCALE_BUNDLES[language]();
  return translatorFor(language, sections);
}
