// The i18n section lists, apart from the bundled strings: the browser console imports these, and
// must not pull in the module that statically imports every locale (Vite could not split them).
import { LOCALE_SECTIONS } from './locale-loaders.gen.js';

/** The sections every face shows: the first segment of their keys (`tokens.fields.name`). */
export const SHARED_I18N_SECTIONS = [
  'common',
  'nav',
  'roles',
  'errors',
  'validation',
  'tokens',
  'auth',
  'site',
] as const;

/** Every i18n section: one JSON file per language, shared ones and one per face or resource. */
export const I18N_SECTIONS = LOCALE_SECTIONS;
