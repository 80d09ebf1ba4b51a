import { type I18nSection, loadLocale, type Language } from '@gw/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

const loaded = new Set<string>();

/**
 * Loads the strings of a screen's own sections (its keys' first segment, `users.…`) for the language
 * in use, so each screen's strings come with its route instead of the first screen. True once ready.
 */
export function useScreenSections(sections: readonly string[]): boolean {
  const { i18n } = useTranslation();
  const language = i18n.language as Language;
  const missing = sections.filter((section) => !loaded.has(`${language}:${section}`));
  const [, rerender] = useState(0);
  const key = missing.join(',');
  useEffect(() => {
    if (!key) return;
    let live = true;
    const wanted = key.split(',') as I18nSection[];
    void loadLocale(language, wanted).then((strings) => {
      i18n.addResourceBundle(language, 'translation', strings, true, false);
      for (const section of wanted) loaded.add(`${language}:${section}`);
      if (live) rerender((count) => count + 1);
    });
    return () => {
      live = false;
    };
  }, [i18n, language, key]);
  return missing.length === 0;
}
