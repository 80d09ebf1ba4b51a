import { describe, expect, it } from 'vitest';
import { countMessageTexts, messageUnits } from './message-texts.js';
import { approximateTokenCount, countTextTokens, textCountActivity } from './text-tokens.js';

const exact = { approximate: false };
const MODELS = ['gpt-4', 'gpt-4o'];

/** Spec §10.2: the joined text of all messages, encoded once — what countMessageTexts must equal. */
const wholeCount = (model: string, messages: string[][]) =>
  countTextTokens(model, messages.flat().join(''), exact);

// A seeded generator, so a failing conversation can be made again.
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Message openings and bodies that put pre-token boundaries to the test at the start of a message. */
const FRAGMENTS = [
  'Hello, how are you today?',
  '\n\nleading newlines',
  '\r\nwindows line',
  '  two leading spaces',
  '\tA tab',
  '/imagine a cat',
  '!!! shouting',
  "'s a contraction",
  '```js\nconst a = 1;\n```',
  '# Heading\n\n- item',
  '123456 digits first',
  '你好，世界。今天天气很好',
  'Ünïcödé wörds',
  '\u0301 a combining mark first',
  '😀 emoji first',
  'trailing spaces   ',
  'ends with newline\n',
  '',
  'x'.repeat(1100),
  `${' '.repeat(1030)}spaces`,
];

function conversation(next: () => number): string[][] {
  const messages: string[][] = [];
  const count = 1 + Math.floor(next() * 6);
  for (let index = 0; index < count; index += 1) {
    const pick = () => FRAGMENTS[Math.floor(next() * FRAGMENTS.length)] as string;
    const content = next() < 0.5 ? pick() : `${pick()} ${pick()}`;
    const pieces = [content, '\n'];
    if (next() < 0.9) pieces.push(['user', 'assistant', 'system'][Math.floor(next() * 3)] as string, '\n');
    if (next() < 0.1) pieces.push('bob', '\n');
    messages.push(pieces);
  }
  return messages;
}

describe('countMessageTexts', () => {
  it('Given random conversations, then it equals the count of the joined text, counted fresh and remembered', async () => {
    const next = random(3);
    let tried = 0;
    while (tried < 400) {
      const messages = conversation(next);
      // Inline-sized conversations: the pool (another thread) could answer a loaded machine with estimates.
      if (messages.flat().join('').length > 2048) continue;
      tried += 1;
      for (const model of MODELS) {
        const whole = wholeCount(model, messages);
        expect(await countMessageTexts(model, messages, exact), JSON.stringify(messages)).toBe(whole);
        expect(await countMessageTexts(model, messages, exact), JSON.stringify(messages)).toBe(whole);
      }
    }
  });

  it('Given a message that starts with a newline, then it is counted with the one before (summed apart they would differ)', async () => {
    const messages = [
      ['Hello', '\n', 'user', '\n'],
      ['\nWorld', '\n', 'assistant', '\n'],
    ];
    expect(messageUnits(messages)).toEqual(['Hello\nuser\n\nWorld\nassistant\n']);
    const apart = messages.reduce(
      (sum, pieces) => sum + countTextTokens('gpt-4o', pieces.join(''), exact),
      0,
    );
    expect(apart).not.toBe(wholeCount('gpt-4o', messages));
    expect(await countMessageTexts('gpt-4o', messages, exact)).toBe(wholeCount('gpt-4o', messages));
  });

  it('Given a chat whose history was counted before, then only its new message is counted', async () => {
    const history = [
      ['You are a careful translator of remembered texts.', '\n', 'system', '\n'],
      ['Translate: the weather is fine today.', '\n', 'user', '\n'],
    ];
    await countMessageTexts('gpt-4o', history, exact);
    const turn = [...history, ['Il fait beau aujourd’hui.', '\n', 'assistant', '\n']];
    const whole = wholeCount('gpt-4o', turn);
    const before = textCountActivity().inline;
    expect(await countMessageTexts('gpt-4o', turn, exact)).toBe(whole);
    expect(textCountActivity().inline).toBe(before + 1);
  });

  it('Given messages past the cap, then they are estimated as their joined text would be, without joining them', async () => {
    const messages = [['é'.repeat(200 * 1024), '\n', 'a'.repeat(100 * 1024), '\n', 'user', '\n']];
    const before = textCountActivity();
    expect(await countMessageTexts('gpt-4o', messages, exact)).toBe(
      approximateTokenCount(messages.flat().join('')),
    );
    expect(textCountActivity()).toEqual({ ...before, estimated: before.estimated + 1 });
  });
});
