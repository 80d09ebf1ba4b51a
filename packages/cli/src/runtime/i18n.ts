import {
  createI18nWith,
  I18N_SECTIONS,
  type I18nSection,
  type Language,
  loadLocale,
  type Translate,
} from '@gw/core';

/** Sections only other faces show: the CLI never loads them. */
const OTHER_FACES: readonly string[] = ['web', 'tui', 'site', 'palette'];

/**
 * The translator of one language, loading only that language's strings (not every locale of every
 * face, which would cost each command's start).
 */
export async function loadTranslate(language: Language): Promise<Translate> {
  const sections = I18N_SECTIONS.filter((section) => !OTHER_FACES.includes(section)) as I18nSection[];
  const instance = createI18nWith(language, await loadLocale(language, sections));
  return (key, params) => instance.t(key, params ?? {});
}
