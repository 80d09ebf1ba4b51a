import { describe, expect, it } from 'vitest';
import { displayWidth, padCells, stripAnsi, truncateCells } from './width.js';

describe('terminal cell width', () => {
  it('counts Chinese and Japanese characters as two cells and ignores colour codes', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('令牌')).toBe(4);
    expect(displayWidth('トークン')).toBe(8);
    expect(displayWidth('\u001b[32mok\u001b[39m')).toBe(2);
    expect(stripAnsi('\u001b[1mID\u001b[22m')).toBe('ID');
  });

  it('pads to a cell width and truncates with an ellipsis', () => {
    expect(padCells('名称', 6)).toBe('名称  ');
    expect(truncateCells('abcdefgh', 5)).toBe('abcd…');
    expect(truncateCells('令牌令牌', 5)).toBe('令牌…');
    expect(truncateCells('short', 10)).toBe('short');
  });
});
