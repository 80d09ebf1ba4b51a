// The i18n keys a screen names that some locale lacks (every label, help, confirmation and toast must
// exist in all four).
import { LANGUAGES } from '../../i18n/languages.js';
import { RESOURCES } from '../../i18n/resources.js';

function has(tree: unknown, key: string): boolean {
  let node = tree;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' && node.trim() !== '';
}

/** `<language> <key>` for each key missing in a locale. */
export function missingLocaleKeys(keys: readonly string[]): string[] {
  const missing: string[] = [];
  for (const language of LANGUAGES) {
    for (const key of keys)
      if (!has(RESOURCES[language].translation, key)) missing.push(`${language} ${key}`);
  }
  return missing;
}
