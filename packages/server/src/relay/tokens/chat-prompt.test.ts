import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countChatPromptTokens } from './chat-prompt.js';
import { buildPng, toDataUrl } from './test-support/image-fixtures.js';

const exact = { approximate: false, skipImages: false };
const cl100k = (text: string) => encodeCl100k(text, { disallowedSpecial: new Set() }).length;
const o200k = (text: string) => encodeO200k(text, { disallowedSpecial: new Set() }).length;

describe('countChatPromptTokens (spec §10.2)', () => {
  it('Given one user message, then 3 per message + the text "Hello\\nuser\\n" + 3 reply priming', async () => {
    // "Hello\nuser\n" is 4 tokens in both encodings.
    const messages = [{ role: 'user', content: 'Hello' }];
    expect(await countChatPromptTokens('gpt-4', messages, exact)).toBe(3 + 4 + 3);
    expect(await countChatPromptTokens('gpt-4o', messages, exact)).toBe(3 + 4 + 3);
  });

  it('Given several messages and a name, then their text is joined with newlines and encoded once, +1 for the name', async () => {
    const messages = [
      { role: 'system', content: 'You are a helpful assistant.' },
      { role: 'user', name: 'bob', content: '你好，世界！' },
      { role: 'assistant', content: 'Hi Bob.' },
    ];
    const text = 'You are a helpful assistant.\nsystem\n你好，世界！\nuser\nbob\nHi Bob.\nassistant\n';
    expect(await countChatPromptTokens('gpt-4', messages, exact)).toBe(3 * 3 + 1 + cl100k(text) + 3);
    expect(await countChatPromptTokens('gpt-4o', messages, exact)).toBe(3 * 3 + 1 + o200k(text) + 3);
  });

  it('Given gpt-3.5-turbo-0301, then 4 per message and −1 for a name', async () => {
    const messages = [
      { role: 'user', name: 'bob', content: 'Hello' },
      { role: 'assistant', content: 'Hi' },
    ];
    const text = 'Hello\nuser\nbob\nHi\nassistant\n';
    expect(await countChatPromptTokens('gpt-3.5-turbo-0301', messages, exact)).toBe(
      4 * 2 - 1 + cl100k(text) + 3,
    );
    expect(await countChatPromptTokens('gpt-3.5-turbo', messages, exact)).toBe(3 * 2 + 1 + cl100k(text) + 3);
  });

  it('Given content parts, then text parts join the text and images are costed per §10.3', async () => {
    const image = {
      type: 'image_url',
      image_url: { url: toDataUrl(buildPng(100, 100), 'image/png'), detail: 'high' },
    };
    const messages = [
      { role: 'user', content: [{ type: 'text', text: 'Hi' }, image, { type: 'text', text: 'there' }] },
    ];
    const textTokens = cl100k('Hi\nthere\nuser\n');
    expect(await countChatPromptTokens('gpt-4', messages, exact)).toBe(3 + textTokens + 255 + 3);
    expect(await countChatPromptTokens('gpt-4', messages, { ...exact, skipImages: true })).toBe(
      3 + textTokens + 3,
    );
    expect(await countChatPromptTokens('gemini-1.5-flash', messages, exact)).toBe(3 + textTokens + 258 + 3);
  });

  it('Given approximate mode, then the joined text counts int(bytes · 0.38)', async () => {
    // "x"·100 + "\n" + "user\n" = 106 bytes → 40.28
    const messages = [{ role: 'user', content: 'x'.repeat(100) }];
    expect(await countChatPromptTokens('gpt-4o', messages, { ...exact, approximate: true })).toBe(3 + 40 + 3);
  });

  it('Given several remote images, then they are sized concurrently', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    const fetchImage = async () => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      await new Promise((resolve) => setImmediate(resolve));
      inFlight--;
      return buildPng(100, 100);
    };
    const part = (n: number) => ({ type: 'image_url', image_url: { url: `https://images.test/${n}.png` } });
    const messages = [{ role: 'user', content: [part(1), part(2), part(3)] }];
    const tokens = await countChatPromptTokens('gpt-4o', messages, { ...exact, fetchImage });
    expect(tokens).toBe(3 + o200k('user\n') + 3 * 255 + 3);
    expect(maxInFlight).toBe(3);
  });

  it('Given malformed input, then what cannot be read is ignored instead of throwing', async () => {
    expect(await countChatPromptTokens('gpt-4', 'not messages', exact)).toBe(3);
    expect(await countChatPromptTokens('gpt-4', [null, 7], exact)).toBe(3);
    const messages = [
      { role: 'assistant', content: null, tool_calls: [] },
      { role: 'user', content: [42, { type: 'text' }] },
    ];
    expect(await countChatPromptTokens('gpt-4', messages, exact)).toBe(
      3 * 2 + cl100k('assistant\nuser\n') + 3,
    );
  });
});
