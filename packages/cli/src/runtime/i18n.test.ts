import { createI18nWith, fastTranslate, LANGUAGES, RESOURCES } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { translatorFor } from './i18n.js';

/** Every dotted key of a locale whose value is a string. */
function stringKeys(node: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(node).flatMap(([name, value]) =>
    typeof value === 'string'
      ? [`${prefix}${name}`]
      : typeof value === 'object' && value !== null
        ? stringKeys(value as Record<string, unknown>, `${prefix}${name}.`)
        : [],
  );
}

/** A value for every `{{…}}` of a string: text for some names, numbers for others. */
function paramsFor(text: string): Record<string, unknown> {
  const names = [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((match) => (match[1] ?? '').trim());
  return Object.fromEntries(
    names.map((name, index) => [name, index % 2 === 0 ? `<${name} $& $1>` : index * 7]),
  );
}

describe('the CLI translator', () => {
  for (const language of LANGUAGES) {
    it(`Given every ${language} string, When looked up directly, Then the text is i18next's, and most lookups skip i18next`, () => {
      const sections = RESOURCES[language].translation;
      const i18next = createI18nWith(language, sections);
      const keys = stringKeys(sections);
      let fast = 0;
      for (const key of keys) {
        const params = paramsFor(String(i18next.t(key)));
        for (const values of [undefined, params]) {
          const answer = fastTranslate(sections, key, values);
          if (answer === undefined) continue;
          fast += 1;
          expect(answer, key).toBe(i18next.t(key, values ?? {}));
        }
      }
      // Plain strings and `{{name}}` values are nearly all of them; plurals and nesting are the rest.
      expect(fast).toBeGreaterThan(keys.length * 1.5);
    });
  }

  it('Given a plural, a context, a missing key or value, When looked up, Then i18next answers, as before', () => {
    const sections = {
      a: { plain: 'Plain', one_one: '{{count}} item', one_other: '{{count}} items', hi: 'Hi {{name}}' },
    };
    expect(fastTranslate(sections, 'a.one', { count: 2 })).toBeUndefined();
    expect(fastTranslate(sections, 'a.plain', { context: 'x' })).toBeUndefined();
    expect(fastTranslate(sections, 'a.missing')).toBeUndefined();
    expect(fastTranslate(sections, 'a.hi')).toBeUndefined();
    expect(fastTranslate(sections, 'a.hi', { name: { first: 'x' } })).toBeUndefined();
    expect(fastTranslate(sections, 'a.hi', { name: '$t(a.plain)' })).toBeUndefined();
    expect(fastTranslate(sections, 'a', {})).toBeUndefined();
    expect(fastTranslate(sections, 'a.hi', { name: 'Ann', other: 1 })).toBe('Hi Ann');

    const en = RESOURCES.en_US.translation;
    const t = translatorFor('en_US', en);
    const plural = stringKeys(en).find((key) => key.endsWith('_other'));
    expect(plural).toBeDefined();
    const base = String(plural).slice(0, -'_other'.length);
    const i18next = createI18nWith('en_US', en);
    expect(t(base, { count: 3 })).toBe(i18next.t(base, { count: 3 }));
    expect(t('no.such.key')).toBe('no.such.key');
  });
});
