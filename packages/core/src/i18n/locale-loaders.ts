// Per-language, per-section loaders: a face that bundles for the browser loads only the strings
// of the language in use and of the sections it shows, instead of every locale of every face.
import i18next, { type i18n as I18n } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import type { I18N_SECTIONS } from './resources.js';

export type I18nSection = (typeof I18N_SECTIONS)[number];
type SectionLoader = () => Promise<{ default: Record<string, unknown> }>;

const LOCALE_LOADERS: Record<Language, Record<I18nSection, SectionLoader>> = {
  zh_CN: {
    common: () => import('./locales/zh_CN/common.json', { with: { type: 'json' } }),
    nav: () => import('./locales/zh_CN/nav.json', { with: { type: 'json' } }),
    roles: () => import('./locales/zh_CN/roles.json', { with: { type: 'json' } }),
    errors: () => import('./locales/zh_CN/errors.json', { with: { type: 'json' } }),
    validation: () => import('./locales/zh_CN/validation.json', { with: { type: 'json' } }),
    tokens: () => import('./locales/zh_CN/tokens.json', { with: { type: 'json' } }),
    auth: () => import('./locales/zh_CN/auth.json', { with: { type: 'json' } }),
    site: () => import('./locales/zh_CN/site.json', { with: { type: 'json' } }),
    web: () => import('./locales/zh_CN/web.json', { with: { type: 'json' } }),
    tui: () => import('./locales/zh_CN/tui.json', { with: { type: 'json' } }),
    cli: () => import('./locales/zh_CN/cli.json', { with: { type: 'json' } }),
    server: () => import('./locales/zh_CN/server.json', { with: { type: 'json' } }),
  },
  zh_HK: {
    common: () => import('./locales/zh_HK/common.json', { with: { type: 'json' } }),
    nav: () => import('./locales/zh_HK/nav.json', { with: { type: 'json' } }),
    roles: () => import('./locales/zh_HK/roles.json', { with: { type: 'json' } }),
    errors: () => import('./locales/zh_HK/errors.json', { with: { type: 'json' } }),
    validation: () => import('./locales/zh_HK/validation.json', { with: { type: 'json' } }),
    tokens: () => import('./locales/zh_HK/tokens.json', { with: { type: 'json' } }),
    auth: () => import('./locales/zh_HK/auth.json', { with: { type: 'json' } }),
    site: () => import('./locales/zh_HK/site.json', { with: { type: 'json' } }),
    web: () => import('./locales/zh_HK/web.json', { with: { type: 'json' } }),
    tui: () => import('./locales/zh_HK/tui.json', { with: { type: 'json' } }),
    cli: () => import('./locales/zh_HK/cli.json', { with: { type: 'json' } }),
    server: () => import('./locales/zh_HK/server.json', { with: { type: 'json' } }),
  },
  en_US: {
    common: () => import('./locales/en_US/common.json', { with: { type: 'json' } }),
    nav: () => import('./locales/en_US/nav.json', { with: { type: 'json' } }),
    roles: () => import('./locales/en_US/roles.json', { with: { type: 'json' } }),
    errors: () => import('./locales/en_US/errors.json', { with: { type: 'json' } }),
    validation: () => import('./locales/en_US/validation.json', { with: { type: 'json' } }),
    tokens: () => import('./locales/en_US/tokens.json', { with: { type: 'json' } }),
    auth: () => import('./locales/en_US/auth.json', { with: { type: 'json' } }),
    site: () => import('./locales/en_US/site.json', { with: { type: 'json' } }),
    web: () => import('./locales/en_US/web.json', { with: { type: 'json' } }),
    tui: () => import('./locales/en_US/tui.json', { with: { type: 'json' } }),
    cli: () => import('./locales/en_US/cli.json', { with: { type: 'json' } }),
    server: () => import('./locales/en_US/server.json', { with: { type: 'json' } }),
  },
  ja_JP: {
    common: () => import('./locales/ja_JP/common.json', { with: { type: 'json' } }),
    nav: () => import('./locales/ja_JP/nav.json', { with: { type: 'json' } }),
    roles: () => import('./locales/ja_JP/roles.json', { with: { type: 'json' } }),
    errors: () => import('./locales/ja_JP/errors.json', { with: { type: 'json' } }),
    validation: () => import('./locales/ja_JP/validation.json', { with: { type: 'json' } }),
    tokens: () => import('./locales/ja_JP/tokens.json', { with: { type: 'json' } }),
    auth: () => import('./locales/ja_JP/auth.json', { with: { type: 'json' } }),
    site: () => import('./locales/ja_JP/site.json', { with: { type: 'json' } }),
    web: () => import('./locales/ja_JP/web.json', { with: { type: 'json' } }),
    tui: () => import('./locales/ja_JP/tui.json', { with: { type: 'json' } }),
    cli: () => import('./locales/ja_JP/cli.json', { with: { type: 'json' } }),
    server: () => import('./locales/ja_JP/server.json', { with: { type: 'json' } }),
  },
};

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
