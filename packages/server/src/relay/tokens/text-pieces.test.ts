import { describe, expect, it } from 'vitest';
import { MAX_RUN_CHARS, splitLongRuns } from './text-pieces.js';

describe('splitLongRuns (issue 8: bounded counting work)', () => {
  it('Given text without a run over the limit, then it stays one piece', () => {
    const prose = 'The quick brown fox jumps over the lazy dog. '.repeat(500);
    expect(splitLongRuns(prose)).toEqual([prose]);
    expect(splitLongRuns('')).toEqual(['']);
    expect(splitLongRuns('x'.repeat(MAX_RUN_CHARS))).toEqual(['x'.repeat(MAX_RUN_CHARS)]);
  });

  it('Given a long run without whitespace, then it is cut every MAX_RUN_CHARS characters, losing nothing', () => {
    const text = `head ${'a'.repeat(3000)} tail`;
    const pieces = splitLongRuns(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.map((piece) => piece.length)).toEqual([
      5 + MAX_RUN_CHARS,
      MAX_RUN_CHARS,
      3000 - 2 * MAX_RUN_CHARS + 5,
    ]);
  });

  it('Given a long run of whitespace, then it is cut too (the tokenizer merges whitespace runs as well)', () => {
    const text = ` \n\t${' '.repeat(2500)}x`;
    const pieces = splitLongRuns(text);
    expect(pieces.join('')).toBe(text);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(MAX_RUN_CHARS);
  });

  it('Given a run of astral characters, then no cut falls inside a surrogate pair', () => {
    const text = '😀'.repeat(1500);
    const pieces = splitLongRuns(text);
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) expect(piece).toMatch(/^(?:😀)+$/u);
  });
});
