// The upstream body of a huge prompt is written without a second JS string of it, and is the same JSON.
import { describe, expect, it } from 'vitest';
import { jsonRequestBody, LONG_STRING_CHARS } from './json-body.js';

const long = (seed: string) => seed.repeat(Math.ceil(LONG_STRING_CHARS / seed.length) + 3);
const asText = (body: string | Uint8Array) =>
  typeof body === 'string' ? body : Buffer.from(body).toString('utf8');

describe('jsonRequestBody', () => {
  it('is plain JSON.stringify for a body without long strings', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi "there"\n' }] };
    expect(jsonRequestBody(body)).toBe(JSON.stringify(body));
  });

  it('writes long strings as bytes, and the whole is the same JSON text', () => {
    const body = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: long('abcxyz') },
        { role: 'user', content: [{ type: 'text', text: long('é中文') }] },
        // Needs escaping (quotes, newlines, a surrogate pair): taken through JSON.stringify as usual.
        { role: 'user', content: long('say "hi"\n😀') },
      ],
      max_tokens: 5,
      // A string that reads like the marker cannot be mistaken for one: the marker is random per call.
      note: 'gw-long-00000000-0000-0000-0000-000000000000-0',
    };
    const written = jsonRequestBody(body);
    expect(written).toBeInstanceOf(Uint8Array);
    expect(asText(written)).toBe(JSON.stringify(body));
  });
});
