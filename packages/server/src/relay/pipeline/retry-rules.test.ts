import { describe, expect, it } from 'vitest';
import type { RelayError } from './relay-error.js';
import { shouldDisableChannel, shouldRetry } from './retry-rules.js';

const upstream = (status: number, extra: Partial<RelayError> = {}): RelayError => ({
  status,
  message: 'Provider API error: boom',
  type: 'upstream_error',
  code: null,
  local: false,
  ...extra,
});

describe('shouldRetry (spec §7.2 step 2)', () => {
  it.each([
    [429, true],
    [307, true],
    [408, false],
    [504, false],
    [524, false],
    [400, false],
    [500, true],
    [503, true],
    [401, true],
    [403, true],
    [404, true],
    [200, false],
  ])('status %i → %s', (status, expected) => {
    expect(shouldRetry(upstream(status))).toBe(expected);
  });

  it('retries the listed 400s and never a local error', () => {
    expect(shouldRetry(upstream(400, { message: 'Your credit balance is too low to access' }))).toBe(true);
    expect(shouldRetry(upstream(400, { param: 'INVALID_ARGUMENT', message: 'API key not valid. x' }))).toBe(
      true,
    );
    expect(shouldRetry({ ...upstream(500), local: true })).toBe(false);
  });
});

describe('shouldDisableChannel (spec §8.1)', () => {
  const keywords = ['You exceeded your current quota'];
  it('disables on 401, Gemini 403, codes, types, PERMISSIONDENIED and keywords', () => {
    expect(shouldDisableChannel(upstream(401), 1, keywords)).toBe(true);
    expect(shouldDisableChannel(upstream(403), 25, keywords)).toBe(true);
    expect(shouldDisableChannel(upstream(403), 1, keywords)).toBe(false);
    expect(shouldDisableChannel(upstream(400, { code: 'invalid_api_key' }), 1, keywords)).toBe(true);
    expect(shouldDisableChannel(upstream(429, { type: 'insufficient_quota' }), 1, keywords)).toBe(true);
    expect(shouldDisableChannel(upstream(400, { param: 'PERMISSIONDENIED' }), 1, keywords)).toBe(true);
    expect(
      shouldDisableChannel(upstream(429, { message: 'You exceeded your current quota, x' }), 1, keywords),
    ).toBe(true);
    expect(shouldDisableChannel(upstream(500), 1, keywords)).toBe(false);
    expect(shouldDisableChannel({ ...upstream(401), local: true }, 1, keywords)).toBe(false);
  });
});
