import { DEFAULT_QUOTA_DISPLAY } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { DraftJsonError, DraftQuotaError, fromDraftValue, toDraftValue } from './form-values';

const currency = { displayInCurrency: true, quotaPerUnit: 500_000 };
const points = { ...DEFAULT_QUOTA_DISPLAY, displayInCurrency: false };

describe('form values by field kind', () => {
  it('shows quota in dollars and reads it back with core’s parseQuotaInput, as whole points', () => {
    expect(toDraftValue('quota', 1_250_000, currency)).toBe('$2.5');
    expect(toDraftValue('quota', 1000, points)).toBe('1000');
    expect(fromDraftValue({ kind: 'quota', name: 'q' }, '2.5', 0, currency)).toBe(1_250_000);
    expect(fromDraftValue({ kind: 'quota', name: 'q' }, '$2.5', 0, currency)).toBe(1_250_000);
    expect(fromDraftValue({ kind: 'quota', name: 'q' }, '100 points', 0, currency)).toBe(100);
    expect(fromDraftValue({ kind: 'quota', name: 'q' }, '1000', 0, points)).toBe(1000);
    expect(fromDraftValue({ kind: 'quota', name: 'q' }, '', 0, points)).toBeNaN();
  });

  it('refuses a quota core cannot read, saying why (not a number, a negative, a part of a point)', () => {
    const refusal = (text: string, signed?: boolean) => {
      try {
        fromDraftValue({ kind: 'quota', name: 'q', signed }, text, 0, points);
        return undefined;
      } catch (error) {
        return error instanceof DraftQuotaError ? error.key : String(error);
      }
    };
    expect(refusal('abc')).toBe('money.input.invalid');
    expect(refusal('-5')).toBe('money.input.negative');
    expect(refusal('-5', true)).toBeUndefined();
    expect(refusal('1.5')).toBe('money.input.whole_points');
  });

  it('reads an empty or non-numeric number field as NaN, so the schema refuses it', () => {
    expect(fromDraftValue({ kind: 'int', name: 'n' }, '', 0, points)).toBeNaN();
    expect(fromDraftValue({ kind: 'decimal', name: 'n' }, 'abc', 0, points)).toBeNaN();
    expect(fromDraftValue({ kind: 'decimal', name: 'n' }, ' 0.25 ', 0, points)).toBe(0.25);
  });

  it('parses a JSON field whose value is an object, naming the field when the text is not JSON', () => {
    expect(toDraftValue('json', { a: 1 }, points)).toBe('{\n  "a": 1\n}');
    expect(fromDraftValue({ kind: 'json', name: 'map' }, '{"b":2}', {}, points)).toEqual({ b: 2 });
    expect(fromDraftValue({ kind: 'json', name: 'map' }, '{"b":2}', '', points)).toBe('{"b":2}');
    expect(() => fromDraftValue({ kind: 'json', name: 'map' }, '{b', {}, points)).toThrow(DraftJsonError);
  });

  it('turns unix seconds into a datetime-local value and back', () => {
    const seconds = Math.floor(new Date(2026, 0, 2, 3, 4).getTime() / 1000);
    expect(toDraftValue('datetime', seconds, points)).toBe('2026-01-02T03:04');
    expect(fromDraftValue({ kind: 'datetime', name: 'd' }, '2026-01-02T03:04', 0, points)).toBe(seconds);
    expect(fromDraftValue({ kind: 'datetime', name: 'd' }, '', 5, points)).toBe(0);
  });

  it('leaves an empty number unset when the record had none (an owner id the server picks)', () => {
    expect(fromDraftValue({ kind: 'int', name: 'id' }, '', undefined, points)).toBeUndefined();
    expect(fromDraftValue({ kind: 'int', name: 'id' }, '1001', undefined, points)).toBe(1001);
  });

  it('holds a ratio map as text per name and reads the numbers back (empty as NaN)', () => {
    expect(toDraftValue('ratio-map', { cached_tokens: 0.5 }, points)).toEqual({ cached_tokens: '0.5' });
    expect(
      fromDraftValue({ kind: 'ratio-map', name: 'r' }, { cached_tokens: '0.25', audio: '' }, {}, points),
    ).toEqual({ cached_tokens: 0.25, audio: Number.NaN });
  });
});
