import { describe, expect, it } from 'vitest';
import {
  REDEMPTION_DEFAULT_QUOTA,
  redemptionCreateSchema,
  redemptionStatusKey,
} from './redemptions.schema.js';

describe('redemption schemas', () => {
  it('defaults quota and count, and keeps an explicit quota of 0', () => {
    expect(redemptionCreateSchema.parse({ name: 'a' })).toEqual({
      name: 'a',
      quota: REDEMPTION_DEFAULT_QUOTA,
      count: 1,
    });
    expect(redemptionCreateSchema.parse({ name: 'a', quota: 0, count: 100 }).quota).toBe(0);
  });

  it('counts the name in UTF-8 bytes (20 at most)', () => {
    expect(redemptionCreateSchema.safeParse({ name: '一二三四五六' }).success).toBe(true);
    expect(redemptionCreateSchema.safeParse({ name: '一二三四五六七' }).success).toBe(false);
  });

  it('names every status', () => {
    expect([1, 2, 3, 9].map(redemptionStatusKey)).toEqual([
      'redemptions.status.unused',
      'redemptions.status.disabled',
      'redemptions.status.used',
      'redemptions.status.unknown',
    ]);
  });
});
