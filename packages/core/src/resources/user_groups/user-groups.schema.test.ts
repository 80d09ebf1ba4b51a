import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from '../../validation/issues.js';
import { userGroupCreateSchema, userGroupSchema, userGroupUpdateSchema } from './user-groups.schema.js';

function fields(result: { success: boolean; error?: unknown }) {
  // biome-ignore lint/suspicious/noExplicitAny: the zod error of any schema.
  return result.success ? [] : fieldErrorsFromZod(result.error as any).map((e) => `${e.field}:${e.key}`);
}

describe('user group rules (spec §5, contract §2.8)', () => {
  it('fills the defaults of a new group: api_rate 600, enabled, not public', () => {
    expect(userGroupCreateSchema.parse({ symbol: 'vip', name: 'VIP', ratio: 0.8 })).toEqual({
      symbol: 'vip',
      name: 'VIP',
      ratio: 0.8,
      api_rate: 600,
      public: false,
      promotion: false,
      min: 0,
      max: 0,
      enable: true,
    });
  });

  it.each([
    [
      'a symbol that is not English',
      { symbol: '贵宾', name: 'x', ratio: 1 },
      'symbol:user_groups.errors.symbol_english',
    ],
    [
      'a symbol with a space',
      { symbol: 'v ip', name: 'x', ratio: 1 },
      'symbol:user_groups.errors.symbol_english',
    ],
    ['no name', { symbol: 'vip', name: '', ratio: 1 }, 'name:validation.required'],
    ['a negative ratio', { symbol: 'vip', name: 'x', ratio: -0.1 }, 'ratio:validation.min_zero'],
    [
      'a fractional api rate',
      { symbol: 'vip', name: 'x', ratio: 1, api_rate: 1.5 },
      'api_rate:validation.integer',
    ],
    [
      'max below min',
      { symbol: 'vip', name: 'x', ratio: 1, min: 10, max: 5 },
      'max:user_groups.errors.max_below_min',
    ],
  ])('refuses %s', (_label, body, expected) => {
    expect(fields(userGroupCreateSchema.safeParse(body))).toContain(expected);
  });

  it('allows max 0 (no upper bound) above any min, and drops symbol and enable from an update', () => {
    const update = userGroupUpdateSchema.parse({
      id: 2,
      symbol: 'x',
      enable: false,
      name: 'n',
      ratio: 1,
      min: 9,
    });
    expect(update).not.toHaveProperty('symbol');
    expect(update).not.toHaveProperty('enable');
    expect(update.max).toBe(0);
  });

  it('reads one-hub’s null enable as enabled', () => {
    expect(userGroupSchema.parse({ id: 1, symbol: 'default', enable: null }).enable).toBe(true);
  });
});
