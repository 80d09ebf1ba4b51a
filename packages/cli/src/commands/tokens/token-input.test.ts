import { TOKEN_NEVER_EXPIRES } from '@gw/core';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../output/cli-error.js';
import { tokenOrderParam } from './list.js';
import { parseExpiresFlag, parseQuotaFlag } from './token-input.js';

describe('token flags', () => {
  it('reads --quota as points or as a $ amount, and leaves junk for the schema to reject', () => {
    expect(parseQuotaFlag('1000')).toBe(1000);
    expect(parseQuotaFlag('-5')).toBe(-5);
    expect(parseQuotaFlag('$1.50')).toBe(750_000);
    expect(parseQuotaFlag('$0.1')).toBe(50_000);
    expect(parseQuotaFlag('lots')).toBeNaN();
    expect(parseQuotaFlag('$x')).toBeNaN();
  });

  it('reads --expires as never or a future local time; a past or bad time is a usage error', () => {
    const now = 1_700_000_000;
    expect(parseExpiresFlag('never', now)).toBe(TOKEN_NEVER_EXPIRES);
    expect(parseExpiresFlag('2099-01-02 03:04:05', now)).toBeGreaterThan(now);
    expect(() => parseExpiresFlag('2001-01-01 00:00:00', now)).toThrow(CliError);
    expect(() => parseExpiresFlag('someday', now)).toThrow(CliError);
  });

  it('checks --sort fields against the API’s list', () => {
    expect(tokenOrderParam(undefined)).toBe('');
    expect(tokenOrderParam('-created_time,name')).toBe('-created_time,name');
    expect(() => tokenOrderParam('key')).toThrow(CliError);
  });
});
