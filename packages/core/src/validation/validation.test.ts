import { describe, expect, it } from 'vitest';
import { isIpOrCidr } from './network.js';
import { trimStrings, utf8Length } from './trim.js';

describe('trimStrings', () => {
  it('trims strings deep inside objects and arrays and leaves other values alone', () => {
    const input = { name: '  a ', nested: { list: [' b', 3, null, { c: 'c  ' }] }, flag: true };
    expect(trimStrings(input)).toEqual({
      name: 'a',
      nested: { list: ['b', 3, null, { c: 'c' }] },
      flag: true,
    });
    expect(input.name).toBe('  a ');
  });
});

describe('utf8Length', () => {
  it('counts bytes, not characters', () => {
    expect(utf8Length('abc')).toBe(3);
    expect(utf8Length('令牌')).toBe(6);
  });
});

describe('isIpOrCidr', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.0/8', true],
    ['::1', true],
    ['fe80::1/64', true],
    ['::ffff:192.0.2.1', true],
    ['256.1.1.1', false],
    ['1.2.3', false],
    ['10.0.0.0/33', false],
    ['::1/129', false],
    ['1::2::3', false],
    ['hello', false],
    ['', false],
  ])('%s → %s', (value, expected) => {
    expect(isIpOrCidr(value)).toBe(expected);
  });
});
