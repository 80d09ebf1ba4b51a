import { describe, expect, it } from 'vitest';
import { isKeyValueJson, keyValueRowsFromJson, keyValueRowsToJson } from './key-value-rows.js';

describe('key-value rows (the key-value field kind)', () => {
  it('reads an object as rows and writes rows back as pretty JSON, nameless rows left out', () => {
    expect(keyValueRowsFromJson('{"a":"b","n":1}')).toEqual([
      ['a', 'b'],
      ['n', '1'],
    ]);
    expect(keyValueRowsFromJson('[1]')).toEqual([]);
    expect(keyValueRowsFromJson('')).toEqual([]);
    expect(
      keyValueRowsToJson([
        [' a ', ' b '],
        ['', 'lost'],
        ['a', 'c'],
      ]),
    ).toBe('{\n  "a": "c"\n}');
    expect(keyValueRowsToJson([['', '']])).toBe('');
  });

  it('tells whether a text is an object of strings', () => {
    expect(isKeyValueJson('')).toBe(true);
    expect(isKeyValueJson('{"a":"b"}')).toBe(true);
    expect(isKeyValueJson('{"a":1}')).toBe(false);
    expect(isKeyValueJson('{')).toBe(false);
  });
});
