import { describe, expect, it } from 'vitest';
import { ApiFailure } from './api-failure.js';
import { languageFromHeader } from './language.js';
import { likePrefix, listRequest } from './listing.js';

const FIELDS = ['id', 'name', 'status'] as const;

describe('listRequest', () => {
  it('parses comma-separated sort terms with - for descending and closes with id desc', () => {
    const request = listRequest({ page: 2, size: 30, order: 'name,-status', keyword: 'k' }, FIELDS);
    expect(request.orders).toEqual([
      ['name', 'asc'],
      ['status', 'desc'],
      ['id', 'desc'],
    ]);
    expect(listRequest({ page: 1, size: 10, order: '', keyword: '' }, FIELDS).orders).toEqual([
      ['id', 'desc'],
    ]);
    expect(listRequest({ page: 1, size: 10, order: 'id', keyword: '' }, FIELDS).orders).toEqual([
      ['id', 'asc'],
    ]);
  });

  it('refuses unknown sort fields and sizes above 100', () => {
    expect(() => listRequest({ page: 1, size: 10, order: 'password', keyword: '' }, FIELDS)).toThrow(
      ApiFailure,
    );
    expect(() => listRequest({ page: 1, size: 101, order: '', keyword: '' }, FIELDS)).toThrow(ApiFailure);
  });
});

describe('likePrefix', () => {
  it('escapes LIKE wildcards and the escape character itself', () => {
    expect(likePrefix('a_b%c!d')).toBe('a!_b!%c!!d%');
  });
});

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'zh_CN'],
    ['en-US,en;q=0.9', 'en_US'],
    ['fr-FR, ja;q=0.8, en;q=0.5', 'ja_JP'],
    ['zh-TW', 'zh_HK'],
    ['de', 'zh_CN'],
    ['en;q=0, ja', 'ja_JP'],
  ])('%s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });
});
