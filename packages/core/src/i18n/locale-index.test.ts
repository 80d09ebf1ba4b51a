import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LOCALE_BUNDLE_FILE,
  LOCALE_LOADERS_FILE,
  renderLocaleBundle,
  renderLocaleLoaders,
} from '../../scripts/locale-index.mjs';
import { LANGUAGES } from './languages.js';

describe('the generated locale index', () => {
  it('is up to date with the locale folders (run `npm run locales -w @gw/core`)', () => {
    expect(readFileSync(LOCALE_BUNDLE_FILE, 'utf8')).toBe(renderLocaleBundle());
    expect(readFileSync(LOCALE_LOADERS_FILE, 'utf8')).toBe(renderLocaleLoaders());
  });

  it('finds the same section files in every language', () => {
    const sections = (language: string) => readdirSync(join(import.meta.dirname, 'locales', language)).sort();
    for (const language of LANGUAGES) expect(sections(language), language).toEqual(sections('zh_CN'));
  });
});
