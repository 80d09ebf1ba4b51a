// A direct lookup of plain strings for faces that start often (CLI, TUI): i18next's `t` costs tens of
// microseconds a call, and a command or a first frame makes hundreds.

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
