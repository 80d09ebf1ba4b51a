// The boundary walk: NUL and lone surrogates anywhere (values and keys, any depth) are found with the
// field that holds them, nesting beyond MAX_INPUT_DEPTH is refused, and no depth overflows the stack.
import { describe, expect, it } from 'vitest';
import {
  findMalformedInput,
  jsonTextChecks,
  MAX_INPUT_DEPTH,
  undecodableInputError,
} from './malformed-input.js';

/** `{"a":{"a":…1…}}` nested `levels` objects deep. */
function nestedObjects(levels: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`);
}

describe('findMalformedInput', () => {
  it('passes clean input, astral characters included', () => {
    expect(
      findMalformedInput({ model: 'gpt-4o', messages: [{ content: 'hi 😀 \u00e9' }], n: 1 }),
    ).toBeUndefined();
    expect(findMalformedInput(nestedObjects(MAX_INPUT_DEPTH))).toBeUndefined();
    expect(findMalformedInput(null)).toBeUndefined();
  });

  it('names the field of a NUL or a lone surrogate, in values and in keys', () => {
    expect(findMalformedInput(JSON.parse('{"model":"gpt-\\u0000x"}'))).toEqual({
      field: 'model',
      problem: 'nul',
    });
    expect(findMalformedInput(JSON.parse('{"messages":[{"role":"user","content":"\\ud800"}]}'))).toEqual({
      field: 'messages[0].content',
      problem: 'unicode',
    });
    expect(
      findMalformedInput(JSON.parse('{"messages":[{"content":[{"text":"ok"},{"text":"a\\udc00b"}]}]}')),
    ).toEqual({ field: 'messages[0].content[1].text', problem: 'unicode' });
    expect(findMalformedInput(JSON.parse('{"extra":{"k\\u0000":1}}'))).toEqual({
      field: 'extra.k\\u0000',
      problem: 'nul',
    });
    expect(findMalformedInput(['x', 'y\u0000'])).toEqual({ field: '[1]', problem: 'nul' });
    expect(findMalformedInput('a\u0000', 'model')).toEqual({ field: 'model', problem: 'nul' });
  });

  it('refuses one level past the limit, and 100,000 levels without overflowing the stack', () => {
    expect(findMalformedInput(nestedObjects(MAX_INPUT_DEPTH + 1))?.problem).toBe('depth');
    const deepArrays = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const defect = findMalformedInput(deepArrays);
    expect(defect?.problem).toBe('depth');
    // The field of a deep defect is shortened to its start and end.
    expect(findMalformedInput({ messages: nestedObjects(MAX_INPUT_DEPTH) })?.field).toBe(
      'messages.a.a.a.a.a….a.a.a.a.a',
    );
  });

  it('skips the walk of a JSON text that can hold neither problem (the relay fast path)', () => {
    const plain = '{"model":"gpt-4o","messages":[{"role":"user","content":"hi \\n 😀"}]}';
    expect(jsonTextChecks(plain)).toEqual({ text: false, depth: false });
    expect(jsonTextChecks('{"model":"a\\u0000"}').text).toBe(true);
    expect(jsonTextChecks('{"content":"\\uDC00"}').text).toBe(true);
    expect(jsonTextChecks('{"content":"\\u00e9"}').text).toBe(false);
    expect(jsonTextChecks('['.repeat(MAX_INPUT_DEPTH) + ']'.repeat(MAX_INPUT_DEPTH)).depth).toBe(false);
    expect(jsonTextChecks(`{"a":${'['.repeat(MAX_INPUT_DEPTH)}${']'.repeat(MAX_INPUT_DEPTH)}}`).depth).toBe(
      true,
    );
    // With only the depth to check, strings are not read.
    expect(findMalformedInput({ a: 'x\u0000' }, '', { text: false, depth: true })).toBeUndefined();
  });

  it('names where bytes that were not UTF-8 were decoded (U+FFFD), in values and keys, else the whole body', () => {
    const replaced = { text: false, depth: false, replaced: true };
    expect(findMalformedInput({ model: 'gpt-4o', messages: [{ content: 'a\ufffd' }] }, '', replaced)).toEqual(
      {
        field: 'messages[0].content',
        problem: 'encoding',
      },
    );
    expect(findMalformedInput({ 'k\ufffd': 1 }, '', replaced)).toEqual({
      field: 'k\ufffd',
      problem: 'encoding',
    });
    // Without the flag a U+FFFD is ordinary text.
    expect(findMalformedInput({ a: '\ufffd' })).toBeUndefined();
    expect(undecodableInputError({ name: 'a\ufffd' })).toMatchObject({ field: 'name', problem: 'encoding' });
    expect(undecodableInputError(42)).toMatchObject({ field: 'body', problem: 'encoding' });
    expect(undecodableInputError({ a: 'x' }, 'query')).toMatchObject({ field: 'query', problem: 'encoding' });
  });
});
