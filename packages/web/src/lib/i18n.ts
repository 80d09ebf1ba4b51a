import { createI18nWith, type I18nSection, type Language, loadLocale, SHARED_I18N_SECTIONS } from '@gw/core';
import type { i18n as I18n } from 'i18next';

/** The string sections the browser console shows (the TUI, CLI and server ones stay out). */
export const WEB_SECTIONS: readonly I18nSection[] = [...SHARED_I18N_SECTIONS, 'web'];

/** Creates the console's i18n instance holding only the language in use. */
export async function createWebI18n(language: Language): Promise<I18n> {
  return createI18nWith(language, await loadLocale(language, WEB_SECTIONS));
}

/** Switches language, loading its strings the first time. */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loadLocale(language, WEB_SECTIONS));
  }
  await i18n.changeLanguage(language);
}
