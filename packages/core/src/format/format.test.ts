import { describe, expect, it } from 'vitest';
import { quotaFromMoney } from '../money/decimal.js';
import {
  DEFAULT_QUOTA_DISPLAY,
  quotaDisplayFromStatus,
  renderNumber,
  renderQuota,
  thousands,
} from './quota.js';
import { formatTimestamp, normalizeClock24, normalizeDay, parseTimestamp } from './time.js';

describe('quota display (spec §9)', () => {
  it('shows dollars with 2 decimals in currency mode: quota / quota_per_unit', () => {
    expect(renderQuota(500_000)).toBe('$1.00');
    expect(renderQuota(1)).toBe('$0.00');
    expect(renderQuota(1_234_567)).toBe('$2.47');
    expect(renderQuota(-250_000)).toBe('-$0.50');
    expect(renderQuota(1000, { displayInCurrency: true, quotaPerUnit: 1000 })).toBe('$1.00');
  });

  it('shortens numbers with B, M and k outside currency mode', () => {
    const points = { displayInCurrency: false, quotaPerUnit: 500_000 };
    expect(renderQuota(9_999, points)).toBe('9999');
    expect(renderQuota(10_000, points)).toBe('10.0k');
    expect(renderQuota(1_500_000, points)).toBe('1.5M');
    expect(renderQuota(2_000_000_000, points)).toBe('2.0B');
    expect(renderNumber(-25_000)).toBe('-25.0k');
  });

  it('converts money to whole points without floating error', () => {
    expect(quotaFromMoney('0.1')).toBe(50_000);
    expect(quotaFromMoney(0.3)).toBe(150_000);
    expect(quotaFromMoney('19.99', 500_000)).toBe(9_995_000);
    expect(thousands(1234567)).toBe('1,234,567');
  });

  it('Given a site status, Then its display settings are used and a zero rate falls back to the default', () => {
    expect(quotaDisplayFromStatus({ display_in_currency: false, quota_per_unit: 1000 })).toEqual({
      displayInCurrency: false,
      quotaPerUnit: 1000,
    });
    expect(quotaDisplayFromStatus({ display_in_currency: true, quota_per_unit: 0 })).toEqual(
      DEFAULT_QUOTA_DISPLAY,
    );
    expect(quotaDisplayFromStatus({})).toEqual(DEFAULT_QUOTA_DISPLAY);
  });
});

describe('timestamps', () => {
  it('format unix seconds as YYYY-MM-DD HH:mm:ss and parse them back', () => {
    const text = formatTimestamp(1_700_000_000);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(parseTimestamp(text)).toBe(1_700_000_000);
    expect(parseTimestamp('1700000000')).toBe(1_700_000_000);
    expect(parseTimestamp('not a date')).toBeUndefined();
  });

  it('Given a date that does not exist, When parsed, Then it is refused rather than rolled over', () => {
    expect(parseTimestamp('2027-02-30 00:00:00')).toBeUndefined();
    expect(parseTimestamp('2027-02-29')).toBeUndefined();
    expect(parseTimestamp('2028-02-29')).toBe(new Date(2028, 1, 29).getTime() / 1000);
    expect(parseTimestamp('2027-13-01')).toBeUndefined();
    expect(parseTimestamp('2027-04-31 10:00')).toBeUndefined();
    expect(parseTimestamp('2027-01-01 24:00:00')).toBeUndefined();
    expect(parseTimestamp('2027-01-01 23:60')).toBeUndefined();
  });

  it('Given the accepted forms, When parsed, Then local times and zoned ISO times give the right instant', () => {
    const local = new Date(2027, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(parseTimestamp('2027-01-02 03:04:05')).toBe(local);
    expect(parseTimestamp('2027-01-02T03:04:05')).toBe(local);
    expect(parseTimestamp('2027-01-02 03:04')).toBe(local - 5);
    expect(parseTimestamp('2027-01-02T03:04:05Z')).toBe(Date.UTC(2027, 0, 2, 3, 4, 5) / 1000);
    expect(parseTimestamp('2027-01-02T03:04:05.250+08:00')).toBe(Date.UTC(2027, 0, 1, 19, 4, 5) / 1000);
    expect(parseTimestamp('2027-01-02T03:04:05-0130')).toBe(Date.UTC(2027, 0, 2, 4, 34, 5) / 1000);
    expect(parseTimestamp('02/01/2027')).toBeUndefined();
  });
});

describe('24-hour clock entry', () => {
  it('reads a typed day as YYYY-MM-DD and refuses what is not a calendar day', () => {
    expect(normalizeDay('2026-11-27')).toBe('2026-11-27');
    expect(normalizeDay(' 2026/1/5 ')).toBe('2026-01-05');
    expect(normalizeDay('2026.01.05')).toBe('2026-01-05');
    expect(normalizeDay('2024-02-29')).toBe('2024-02-29');
    expect(normalizeDay('2026-02-29')).toBeUndefined();
    expect(normalizeDay('2026-13-01')).toBeUndefined();
    expect(normalizeDay('11/27/2026')).toBeUndefined();
    expect(normalizeDay('')).toBeUndefined();
  });

  it('accepts H:mm, HH:mm and HHmm and refuses anything past 23:59 or not a time', () => {
    expect(normalizeClock24('9:05')).toBe('09:05');
    expect(normalizeClock24(' 21:30 ')).toBe('21:30');
    expect(normalizeClock24('0905')).toBe('09:05');
    expect(normalizeClock24('00:00')).toBe('00:00');
    expect(normalizeClock24('24:00')).toBeUndefined();
    expect(normalizeClock24('12:60')).toBeUndefined();
    expect(normalizeClock24('9 pm')).toBeUndefined();
    expect(normalizeClock24('')).toBeUndefined();
  });
});
