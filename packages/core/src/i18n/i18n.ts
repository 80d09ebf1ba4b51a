import i18next, { type i18n as I18n, type TOptions } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { RESOURCES } from './resources.js';

/** Creates an initialised i18next instance holding every locale (synchronous: resources are bundled). */
export function createI18n(language: Language = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: RESOURCES,
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

const shared = new Map<Language, I18n>();

/** Translates one key in one language without a long-lived instance (server messages, CLI output). */
export function translate(language: Language, key: string, params?: TOptions): string {
  let instance = shared.get(language);
  if (!instance) {
    instance = createI18n(language);
    shared.set(language, instance);
  }
  return instance.t(key, params ?? {});
}

export type Translate = (key: string, params?: Record<string, unknown>) => string;
