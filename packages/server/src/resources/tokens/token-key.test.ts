import { createHmac } from 'node:crypto';
import Sqids from 'sqids';
import { describe, expect, it } from 'vitest';
import { tokenKeyFor } from './token-key.js';

describe('tokenKeyFor (contract §5.3)', () => {
  it('Given ids and a secret, Then the key is a 15-char Sqids payload of [token, user] and its HMAC', () => {
    const key = tokenKeyFor(7, 3, 'secret');
    expect(key).toHaveLength(59);
    // The signature is base64url and may itself contain '_', so split by position.
    const payload = key.slice(0, 15);
    const signature = key.slice(16);
    expect(key[15]).toBe('_');
    expect(new Sqids({ minLength: 15 }).decode(payload)).toEqual([7, 3]);
    expect(signature).toBe(createHmac('sha256', 'secret').update(payload).digest('base64url'));
  });

  it('differs per token, per user and per secret', () => {
    const keys = new Set([
      tokenKeyFor(1, 1, 's'),
      tokenKeyFor(2, 1, 's'),
      tokenKeyFor(1, 2, 's'),
      tokenKeyFor(1, 1, 't'),
    ]);
    expect(keys.size).toBe(4);
  });
});
