import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsFromZod } from './issues.js';
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

describe('fieldErrorsFromZod on type errors', () => {
  const schema = z.object({
    name: z.string({ message: 'validation.required' }),
    count: z.number({ message: 'validation.integer' }),
    plain: z.boolean(),
  });
  const keys = (input: unknown, reportInput: boolean) => {
    const result = schema.safeParse(input, { reportInput });
    return result.success
      ? {}
      : Object.fromEntries(fieldErrorsFromZod(result.error).map((e) => [e.field, e.key]));
  };

  it('tells a missing field from one of the wrong type when zod reports the input', () => {
    expect(keys({}, true)).toEqual({
      name: 'validation.required',
      count: 'validation.required',
      plain: 'validation.required',
    });
    expect(keys({ name: 5, count: 'x', plain: 'yes' }, true)).toEqual({
      name: 'validation.invalid_type',
      count: 'validation.integer',
      plain: 'validation.invalid_type',
    });
  });

  it("falls back to zod's own wording without the input", () => {
    expect(keys({ name: 'ok', count: 1 }, false)).toEqual({ plain: 'validation.required' });
    expect(keys({ name: 'ok', count: 1, plain: 'yes' }, false)).toEqual({ plain: 'validation.invalid_type' });
  });
});
