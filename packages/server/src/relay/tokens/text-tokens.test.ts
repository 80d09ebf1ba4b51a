import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import {
  approximateTokenCount,
  countTextTokens,
  countTextTokensOffLoop,
  encodingForModel,
  textCountActivity,
} from './text-tokens.js';
import { sharedTokenCountPool } from './token-count-pool.js';

const exact = { approximate: false };
const approximate = { approximate: true };
const asText = { disallowedSpecial: new Set<string>() };

describe('encodingForModel (spec §10.1)', () => {
  it('Given the newer OpenAI families, then o200k is used', () => {
    for (const model of [
      'gpt-4o',
      'gpt-4o-mini-2024-07-18',
      'o1-preview',
      'o3-mini',
      'o4-mini',
      'gpt-4.1-nano',
      'gpt-5',
      'gpt-5-mini',
      // tiktoken's prefix table beyond the six families
      'chatgpt-4o-latest',
      'gpt-4.5-preview',
      'ft:gpt-4o-mini:acme::abc123',
      'gpt-oss-120b',
    ]) {
      expect(encodingForModel(model)).toBe('o200k_base');
    }
  });

  it('Given older OpenAI models or other vendors, then cl100k is used', () => {
    for (const model of [
      'gpt-4',
      'gpt-4-turbo',
      'gpt-3.5-turbo-0301',
      'claude-3-haiku',
      'gemini-1.5-pro',
      'ft:gpt-3.5-turbo:acme::x',
      'text-embedding-3-small',
      '',
      'o',
    ]) {
      expect(encodingForModel(model)).toBe('cl100k_base');
    }
  });
});

describe('countTextTokens', () => {
  it('Given strings whose token ids are published, then both encodings count them', () => {
    // cl100k [15339, 1917]; o200k [24912, 2375]
    expect(countTextTokens('gpt-4', 'hello world', exact)).toBe(2);
    expect(countTextTokens('gpt-4o', 'hello world', exact)).toBe(2);
    // The tiktoken README example: six tokens in both encodings.
    expect(countTextTokens('gpt-3.5-turbo', 'tiktoken is great!', exact)).toBe(6);
    expect(countTextTokens('gpt-5', 'tiktoken is great!', exact)).toBe(6);
  });

  it('Given CJK text, then the encodings differ and the model picks which one applies', () => {
    expect(countTextTokens('gpt-4', '你好，世界！', exact)).toBe(7);
    expect(countTextTokens('gpt-4o', '你好，世界！', exact)).toBe(4);
  });

  it('Given fixed strings, then the count equals the library encode length for the chosen encoding', () => {
    const samples = [
      'The quick brown fox jumps over the lazy dog.',
      'antidisestablishmentarianism',
      'user\nHi\n',
      '🙂 emoji 👍🏽',
    ];
    for (const text of samples) {
      expect(countTextTokens('gpt-4', text, exact)).toBe(encodeCl100k(text, asText).length);
      expect(countTextTokens('o1', text, exact)).toBe(encodeO200k(text, asText).length);
    }
  });

  it('Given a special-token literal in client text, then it counts as plain text instead of throwing', () => {
    expect(countTextTokens('gpt-4', '<|endoftext|>', exact)).toBe(7);
    expect(countTextTokens('gpt-4o', 'a <|endoftext|> b', exact)).toBeGreaterThan(1);
  });

  it('Given an empty text, then it counts 0', () => {
    expect(countTextTokens('gpt-4', '', exact)).toBe(0);
    expect(countTextTokens('gpt-4', '', approximate)).toBe(0);
  });
});

describe('approximate counting (ApproximateTokenEnabled / disable_token_encoders)', () => {
  it('Given ASCII, then tokens = int(bytes · 0.38) whatever the model', () => {
    // 11 bytes · 0.38 = 4.18
    expect(countTextTokens('gpt-4', 'hello world', approximate)).toBe(4);
    expect(countTextTokens('gpt-4o', 'hello world', approximate)).toBe(4);
    // 50 · 0.38 = 19 exactly: no float rounding down to 18
    expect(approximateTokenCount('x'.repeat(50))).toBe(19);
    expect(approximateTokenCount('x'.repeat(2))).toBe(0);
  });

  it('Given multi-byte text, then UTF-8 bytes are counted, not characters', () => {
    // 你好，世界！ = 6 characters · 3 bytes = 18 bytes → 6.84
    expect(countTextTokens('gpt-4', '你好，世界！', approximate)).toBe(6);
    // one emoji = 4 bytes → 1.52
    expect(approximateTokenCount('🙂')).toBe(1);
  });
});

describe('bounded counting of long texts (issue 8: one prompt froze the server)', () => {
  function randomLetters(length: number): string {
    let text = '';
    for (let index = 0; index < length; index += 1) text += String.fromCharCode(97 + ((index * 7919) % 26));
    return text;
  }

  it('Given a 200 KiB run without whitespace, then it is counted in pieces (the whole run took ~40 s)', () => {
    // 'a' × 1024 is exactly 128 tokens, so the pieces sum to what the whole run encodes to.
    expect(countTextTokens('gpt-4', 'a'.repeat(200 * 1024), exact)).toBe(200 * 128);
  });

  it('Given a 1 MiB run without whitespace, then it is estimated from its length, not counted', () => {
    const before = textCountActivity();
    const text = 'a'.repeat(1024 * 1024);
    expect(countTextTokens('gpt-4o', text, exact)).toBe(approximateTokenCount(text));
    expect(textCountActivity().estimated).toBe(before.estimated + 1);
    expect(textCountActivity().inline).toBe(before.inline);
  });

  it('Given a long text on the request path, then it is counted by a worker while the event loop runs on', async () => {
    // The pool answers with the estimate past its deadline, and a busy machine starts its (lower priority)
    // worker in seconds: the worker is made ready first, and the text is long enough to leave the event
    // loop but small enough to be counted in time however loaded the machine is.
    await expect
      .poll(
        async () => {
          await countTextTokensOffLoop('gpt-4', randomLetters(4 * 1024), exact);
          return sharedTokenCountPool().stats().counted;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    const text = randomLetters(16 * 1024);
    const before = textCountActivity();
    const order: string[] = [];
    const counting = countTextTokensOffLoop('gpt-4', text, exact).then((tokens) => {
      order.push('counted');
      return tokens;
    });
    setImmediate(() => order.push('event loop turned'));
    const tokens = await counting;
    expect(order).toEqual(['event loop turned', 'counted']);
    expect(textCountActivity().offloaded).toBe(before.offloaded + 1);
    expect(tokens).toBe(countTextTokens('gpt-4', text, exact));
  }, 120_000);

  it('Given a short text on the request path, then it is counted in line', async () => {
    const before = textCountActivity();
    expect(await countTextTokensOffLoop('gpt-4', 'hello world', exact)).toBe(2);
    expect(textCountActivity()).toEqual({ ...before, inline: before.inline + 1 });
  });
});
