// Per-language, per-section loaders: a face that bundles for the browser loads only the strings
// of the language in use and of the sections it shows, instead of every locale of every face.
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { LOCALE_LOADERS, type LocaleSection } from './locale-loaders.gen.js';

export type I18nSection = LocaleSection;

/** Loads one language's strings for the given sections, as an i18next `translation` resource. */
export async function loadLocale(
  language: Language,
  sections: readonly I18nSection[],
): Promise<Record<string, unknown>> {
  const loaded = await Promise.all(sections.map((section) => LOCALE_LOADERS[language][section]()));
  return Object.fromEntries(sections.map((section, index) => [section, loaded[index]?.default ?? {}]));
}

/**
 * Creates an initialised i18next instance from loaded strings (see {@link loadLocale}); the same
 * settings as `createI18n`, which bundles every locale. Add languages with `addResourceBundle`.
 */
export function createI18nWith(language: Language, translation: Record<string, unknown>): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { [language]: { translation } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}
