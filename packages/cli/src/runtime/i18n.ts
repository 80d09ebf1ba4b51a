import { createI18nWith, type Language, type Translate } from '@gw/core';

/** Each language's strings, every section in one module (the build makes it; see rolldown.config.mjs). */
const LOCALE_BUNDLES: Record<Language, () => Promise<{ sections: Record<string, unknown> }>> = {
  zh_CN: () => import('virtual:gw-locale/zh_CN'),
  zh_HK: () => import('virtual:gw-locale/zh_HK'),
  en_US: () => import('virtual:gw-locale/en_US'),
  ja_JP: () => import('virtual:gw-locale/ja_JP'),
};

/**
 * The translator of one language, loading only that language's strings (not every locale, which
 * would cost each command's start).
 */
export async function loadTranslate(language: Language): Promise<Translate> {
  const { sections } = await LOCALE_BUNDLES[language]();
  const instance = createI18nWith(language, sections);
  return (key, params) => instance.t(key, params ?? {});
}
