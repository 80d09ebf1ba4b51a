import { describe, expect, it } from 'vitest';
import { displayWidth, fitCells, padCells, stripAnsi, truncateCells } from './cells.js';

const ESC = String.fromCharCode(27);

describe('terminal cell width', () => {
  it('Given ASCII, CJK and kana, Then wide characters count as two cells', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('令牌')).toBe(4);
    expect(displayWidth('トークン')).toBe(8);
    expect(displayWidth('令牌ab')).toBe(6);
    expect(displayWidth('ｆｕｌｌ')).toBe(8);
    expect(displayWidth('')).toBe(0);
  });

  it('Given escape sequences, Then they take no cells and stripAnsi removes them', () => {
    expect(displayWidth(`${ESC}[32mok${ESC}[39m`)).toBe(2);
    expect(stripAnsi(`${ESC}[1mID${ESC}[22m`)).toBe('ID');
    expect(stripAnsi(`${ESC}]8;;https://x.test${ESC}\\link${ESC}]8;;${ESC}\\`)).toBe('link');
  });

  it('Given combining marks, zero-width characters and emoji, Then clusters are measured as drawn', () => {
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('a\u200bb')).toBe(2);
    expect(displayWidth('🙂')).toBe(2);
    expect(displayWidth('👍🏽')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('🇯🇵')).toBe(2);
    expect(displayWidth('❤️')).toBe(2);
    expect(displayWidth('©')).toBe(1);
    expect(displayWidth('a\tb')).toBe(2);
  });
});

describe('padding and cutting to a cell width', () => {
  it('Given text narrower than the width, Then padCells fills with spaces and never cuts', () => {
    expect(padCells('名称', 6)).toBe('名称  ');
    expect(padCells('toolong', 3)).toBe('toolong');
  });

  it('Given text wider than the width, Then truncateCells cuts whole characters and adds the ellipsis', () => {
    expect(truncateCells('abcdefgh', 5)).toBe('abcd…');
    expect(truncateCells('令牌令牌', 5)).toBe('令牌…');
    expect(truncateCells('令牌令牌', 4)).toBe('令…');
    expect(truncateCells('令牌令牌', 5, '~')).toBe('令牌~');
    expect(truncateCells('abcdefgh', 6, '...')).toBe('abc...');
    expect(truncateCells('short', 10)).toBe('short');
    expect(truncateCells('e\u0301e\u0301e\u0301', 2)).toBe('e\u0301…');
  });

  it('Given a width too small for text and ellipsis, Then the result still fits the width', () => {
    expect(truncateCells('abcdef', 0)).toBe('');
    expect(truncateCells('abcdef', 1)).toBe('…');
    expect(truncateCells('abcdef', 2, '...')).toBe('..');
    expect(truncateCells('令牌', 1, '')).toBe('');
  });

  it('Given coloured text that must be cut, Then the colour codes are dropped with the cut', () => {
    expect(truncateCells(`${ESC}[32mabcdef${ESC}[39m`, 4)).toBe('abc…');
    expect(truncateCells(`${ESC}[32mab${ESC}[39m`, 4)).toBe(`${ESC}[32mab${ESC}[39m`);
  });

  it('fitCells gives exactly the width, cutting or padding', () => {
    expect(fitCells('ab', 4)).toBe('ab  ');
    expect(fitCells('令牌令牌', 5)).toBe('令牌…');
    expect(displayWidth(fitCells('令牌令牌', 4, '.'))).toBe(4);
    expect(fitCells('令牌令牌', 4, '.')).toBe('令. ');
  });
});
