import { describe, expect, it } from 'vitest';
import { decodeSession, encodeSession, SESSION_MAX_AGE_SECONDS } from './session-cookie.js';

describe('session cookie', () => {
  const now = 1_800_000_000;

  it('Given a signed session, When decoded with the same secret, Then it names the user', () => {
    expect(decodeSession(encodeSession(42, 'secret', now), 'secret', now + 10)).toBe(42);
  });

  it('refuses another secret, a changed payload, garbage and an expired session', () => {
    const value = encodeSession(42, 'secret', now);
    expect(decodeSession(value, 'other', now)).toBeUndefined();
    const [, signature] = value.split('.');
    const forged = `${Buffer.from(JSON.stringify({ u: 1, t: now })).toString('base64url')}.${signature}`;
    expect(decodeSession(forged, 'secret', now)).toBeUndefined();
    expect(decodeSession('not-a-session', 'secret', now)).toBeUndefined();
    expect(decodeSession('a.b.c', 'secret', now)).toBeUndefined();
    expect(decodeSession(value, 'secret', now + SESSION_MAX_AGE_SECONDS + 1)).toBeUndefined();
  });
});
