import Sqids from 'sqids';
import { describe, expect, it } from 'vitest';
import { encodeTokenKeyPayload, signTokenKeyPayload, tokenKeyFor } from '../../resources/tokens/token-key.js';
import { verifyRelayKey } from './verify-key.js';

const SECRET = 'user-token-secret';
const invalid = { ok: false, status: 401, messageKey: 'relay.key.invalid' };

describe('verifyRelayKey (behaviour spec §3.2)', () => {
  it('Given a key minted for token 7 of user 3, Then it verifies and yields both ids', () => {
    const key = tokenKeyFor(7, 3, SECRET);
    expect(verifyRelayKey(key, SECRET)).toEqual({ ok: true, format: 'current', key, tokenId: 7, userId: 3 });
  });

  it('Given many minted keys (some signatures contain "_"), Then every one verifies', () => {
    for (let id = 1; id <= 200; id += 1) {
      expect(verifyRelayKey(tokenKeyFor(id, 1000 - id, SECRET), SECRET)).toMatchObject({
        ok: true,
        tokenId: id,
      });
    }
  });

  it('Given a key signed with another secret, Then it is invalid', () => {
    expect(verifyRelayKey(tokenKeyFor(7, 3, 'other-secret'), SECRET)).toEqual(invalid);
  });

  it('Given a forged signature (one character changed), Then it is invalid', () => {
    const key = tokenKeyFor(7, 3, SECRET);
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    expect(verifyRelayKey(`${key.slice(0, -1)}${last}`, SECRET)).toEqual(invalid);
  });

  it('Given the payload of swapped ids with the original signature, Then it is invalid', () => {
    const key = tokenKeyFor(7, 3, SECRET);
    const swapped = `${encodeTokenKeyPayload(3, 7)}${key.slice(15)}`;
    expect(swapped).toHaveLength(59);
    expect(verifyRelayKey(swapped, SECRET)).toEqual(invalid);
  });

  it('Given a correctly signed payload with a zero id or not two ids, Then it is invalid', () => {
    for (const ids of [
      [0, 3],
      [7, 0],
      [7, 3, 1],
    ]) {
      const payload = new Sqids({ minLength: 15 }).encode(ids);
      expect(verifyRelayKey(`${payload}_${signTokenKeyPayload(payload, SECRET)}`, SECRET)).toEqual(invalid);
    }
  });

  it('Given a 48-character alphanumeric key, Then it is a legacy key for lookup', () => {
    const key = 'Ab3'.repeat(16);
    expect(verifyRelayKey(key, SECRET)).toEqual({ ok: true, format: 'legacy', key });
  });

  it('Given other lengths, a 48-character key with symbols or a 59-character key without "_" at 15, Then invalid', () => {
    expect(verifyRelayKey('a'.repeat(50), SECRET)).toEqual(invalid);
    expect(verifyRelayKey(`${'a'.repeat(47)}-`, SECRET)).toEqual(invalid);
    expect(verifyRelayKey('a'.repeat(59), SECRET)).toEqual(invalid);
  });
});
