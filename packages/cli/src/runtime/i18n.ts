import { createI18nWith, type Language, type Translate } from '@gw/core';

/** Each language's strings, every section in one module (the build makes it; see rolldown.config.mjs). */
const LOCALE_BUNDLES: Record<Language, () => Promise<{ sections: Record<string, unknown> }>> = {
  zh_CN: () => import('virtual:gw-locale/zh_CN'),
  zh_HK: () => import('virtual:gw-locale/zh_HK'),
  en_US: () => import('virtual:gw-locale/en_US'),
  ja_JP: () => import('virtual:gw-locale/ja_JP'),
};

/**
 * Parameters i18next reads as options rather than as values to insert (plurals, contexts, other
 * languages, defaults…): a lookup that passes one goes to i18next.
 */
const I18NEXT_OPTIONS = new Set([
  'count',
  'context',
  'ordinal',
  'lng',
  'lngs',
  'fallbackLng',
  'ns',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'postProcess',
  'interpolation',
  'keySeparator',
  'nsSeparator',
  'replace',
  'skipInterpolation',
  'nest',
]);

/** `{{name}}`, the only placeholder the fast path fills; formats (`{{n, number}}`), `{{- raw}}` and paths go to i18next. */
const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;
const PLAIN_NAME = /^\s*[A-Za-z_$][\w$]*\s*$/;

/** The string at a dotted key of the loaded sections, or undefined (missing, not a string, another namespace). */
function lookUp(sections: Record<string, unknown>, key: string): string | undefined {
  if (key.includes(':')) return undefined;
  let node: unknown = sections;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of `key` with `params` filled in, as i18next (escapeValue off) would give it — or undefined
 * when the lookup needs more than a string and `{{name}}` values: plurals, contexts, nesting (`$t(`),
 * formats, a missing key or value (fallbacks and i18next's own handling of those).
 */
export function fastTranslate(
  sections: Record<string, unknown>,
  key: string,
  params?: Record<string, unknown>,
): string | undefined {
  const text = lookUp(sections, key);
  if (text === undefined || text.includes('$t(')) return undefined;
  if (params) {
    for (const name of Object.keys(params)) {
      if (I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue')) return undefined;
    }
  }
  if (!text.includes('{{')) return text;
  let complete = true;
  const filled = text.replace(PLACEHOLDER, (whole, inner: string) => {
    const name = inner.trim();
    const value = params && PLAIN_NAME.test(inner) && Object.hasOwn(params, name) ? params[name] : undefined;
    if (
      typeof value === 'string'
        ? value.includes('$t(')
        : typeof value !== 'number' && typeof value !== 'boolean'
    ) {
      complete = false;
      return whole;
    }
    return String(value);
  });
  return complete ? filled : undefined;
}

/**
 * The translator of one language's loaded strings. Most lookups are a plain string or `{{name}}`
 * values, answered from the strings directly: i18next's instance is built, and its slower lookup run,
 * only for the rest (a command's 250 lookups through i18next cost about 10 ms of its start).
 */
export function translatorFor(language: Language, sections: Record<string, unknown>): Translate {
  let instance: ReturnType<typeof createI18nWith> | undefined;
  return (key, params) => {
    const fast = fastTranslate(sections, key, params);
    if (fast !== undefined) return fast;
    instance ??= createI18nWith(language, sections);
    return instance.t(key, params ?? {});
  };
}

/**
 * The translator of one language, loading only that language's strings (not every locale, which
 * would cost each command's start).
 */
export async function loadTranslate(language: Language): Promise<Translate> {
  const { sections } = await LOCALE_BUNDLES[language]();
  return translatorFor(language, sections);
}
