import { describe, expect, it } from 'vitest';
import { extractRelayKey } from './extract-key.js';

const KEY = 'a'.repeat(48);

describe('extractRelayKey (behaviour spec §3.1)', () => {
  it('Given Authorization "Bearer sk-<key>" on an OpenAI route, Then the key comes without prefixes and no pin', () => {
    expect(extractRelayKey('openai', { headers: { authorization: `Bearer sk-${KEY}` } })).toEqual({
      ok: true,
      key: KEY,
      pin: undefined,
    });
  });

  it('Given a bare key with neither prefix, Then it is taken as is', () => {
    expect(extractRelayKey('openai', { headers: { authorization: KEY } })).toMatchObject({
      ok: true,
      key: KEY,
    });
  });

  it('Given no key or one shorter than 48 characters, Then 401 "invalid token"', () => {
    const refusal = { ok: false, status: 401, messageKey: 'relay.key.invalid' };
    expect(extractRelayKey('openai', { headers: {} })).toEqual(refusal);
    expect(extractRelayKey('openai', { headers: { authorization: `Bearer sk-${'a'.repeat(47)}` } })).toEqual(
      refusal,
    );
  });

  it('Given a WebSocket upgrade without Authorization, Then the openai-insecure-api-key subprotocol carries the key', () => {
    const headers = {
      upgrade: 'websocket',
      'sec-websocket-protocol': `realtime, openai-insecure-api-key.sk-${KEY}`,
    };
    expect(extractRelayKey('openai', { headers })).toMatchObject({ ok: true, key: KEY });
    const notUpgrade = { 'sec-websocket-protocol': `openai-insecure-api-key.${KEY}` };
    expect(extractRelayKey('openai', { headers: notUpgrade })).toMatchObject({ ok: false, status: 401 });
  });

  it('Given a Claude route, Then x-api-key wins over Authorization, which is the fallback', () => {
    const other = 'b'.repeat(48);
    expect(
      extractRelayKey('claude', { headers: { 'x-api-key': KEY, authorization: `Bearer ${other}` } }),
    ).toMatchObject({ key: KEY });
    expect(extractRelayKey('claude', { headers: { authorization: `Bearer ${other}` } })).toMatchObject({
      key: other,
    });
  });

  it('Given a Gemini route, Then x-goog-api-key, then ?key=, then Authorization', () => {
    const [a, b, c] = ['a', 'b', 'c'].map((ch) => ch.repeat(48));
    const authorization = `Bearer ${c}`;
    expect(
      extractRelayKey('gemini', { headers: { 'x-goog-api-key': a, authorization }, query: { key: b } }),
    ).toMatchObject({ key: a });
    expect(extractRelayKey('gemini', { headers: { authorization }, query: { key: b } })).toMatchObject({
      key: b,
    });
    expect(extractRelayKey('gemini', { headers: { authorization }, query: {} })).toMatchObject({ key: c });
  });

  it('Given a Midjourney route, Then only mj-api-secret counts', () => {
    expect(extractRelayKey('midjourney', { headers: { 'mj-api-secret': `sk-${KEY}` } })).toMatchObject({
      key: KEY,
    });
    expect(extractRelayKey('midjourney', { headers: { authorization: `Bearer ${KEY}` } })).toMatchObject({
      ok: false,
    });
  });

  it('Given the pin suffixes #<id>, #!<id> and #<id>#ignore, Then they are split into a typed pin', () => {
    const extract = (suffix: string) =>
      extractRelayKey('openai', { headers: { authorization: `Bearer sk-${KEY}${suffix}` } });
    expect(extract('#12')).toEqual({
      ok: true,
      key: KEY,
      pin: { mode: 'force', channel: '12', ignore: false },
    });
    expect(extract('#!7')).toEqual({
      ok: true,
      key: KEY,
      pin: { mode: 'exclude', channel: '7', ignore: false },
    });
    expect(extract('#3#ignore')).toEqual({
      ok: true,
      key: KEY,
      pin: { mode: 'force', channel: '3', ignore: true },
    });
    expect(extract('#x')).toMatchObject({ pin: { mode: 'force', channel: 'x' } });
  });
});
