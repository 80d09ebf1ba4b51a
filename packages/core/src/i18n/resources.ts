// Every locale's strings, bundled (Node faces and the server). The imports are generated from the
// locale folders (locale-bundle.gen.ts); the browser loads sections one by one instead.
import type { Language } from './languages.js';
import { BUNDLED_LOCALES } from './locale-bundle.gen.js';

/** Every locale's strings, as i18next resources (one `translation` namespace). */
export const RESOURCES: Record<Language, { translation: Record<string, unknown> }> = {
  zh_CN: { translation: BUNDLED_LOCALES.zh_CN },
  zh_HK: { translation: BUNDLED_LOCALES.zh_HK },
  en_US: { translation: BUNDLED_LOCALES.en_US },
  ja_JP: { translation: BUNDLED_LOCALES.ja_JP },
};
