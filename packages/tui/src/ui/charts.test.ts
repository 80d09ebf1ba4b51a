import { describe, expect, it } from 'vitest';
import { barChart, sparklineIn } from './charts.js';

const HEIGHTS = '▁▂▃▄▅▆▇█';

describe('sparklineIn', () => {
  it('Given a week of values, when drawn in 7 cells, then one height per day, the largest the top', () => {
    expect(sparklineIn([0, 1, 2, 3, 4, 5, 7], HEIGHTS, 7)).toBe('▁▂▃▄▅▆█');
  });

  it('Given a wide terminal, when drawn in 30 cells, then each day takes 4 cells (the most)', () => {
    expect(sparklineIn([0, 7], HEIGHTS, 30)).toBe('▁▁▁▁████');
    expect(sparklineIn([0, 7, 0], HEIGHTS, 7)).toBe('▁▁██▁▁');
  });

  it('Given more days than cells, then the latest days are drawn', () => {
    expect(sparklineIn([7, 0, 0, 7], HEIGHTS, 2)).toBe('▁█');
    expect(sparklineIn([], HEIGHTS, 10)).toBe('');
  });

  it('Given the ASCII heights (TERM=dumb), then the same shape in ASCII', () => {
    expect(sparklineIn([0, 7], '_.,-=+*#', 2)).toBe('_#');
  });
});

describe('barChart', () => {
  const items = [
    { label: 'gpt-4o', value: 40, text: '$0.040' },
    { label: 'claude-3-opus', value: 10, text: '$0.010' },
    { label: 'tiny', value: 0, text: '$0.000' },
  ];

  it('Given three series in 40 cells, then labels align, figures right-align and bars scale to the largest', () => {
    const lines = barChart(items, { width: 40, block: '█', ellipsis: '…' });
    // label 13 cells + 2 + figure 6 + 2 = 23; the bar has 17 cells.
    expect(lines).toEqual([
      `gpt-4o         $0.040  ${'█'.repeat(17)}`,
      `claude-3-opus  $0.010  ${'█'.repeat(4)}`,
      'tiny           $0.000',
    ]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(40);
  });

  it('Given 80 and 160 columns, then the bars grow with the width and no line runs past it', () => {
    const narrow = barChart(items, { width: 76, block: '#', ellipsis: '~' });
    const wide = barChart(items, { width: 156, block: '#', ellipsis: '~' });
    expect(narrow[0]?.match(/#+/)?.[0].length).toBe(76 - 23);
    expect(wide[0]?.match(/#+/)?.[0].length).toBe(156 - 23);
    for (const line of [...narrow, ...wide]) expect(line.length).toBeLessThanOrEqual(156);
    for (const line of narrow) expect(line.length).toBeLessThanOrEqual(76);
  });

  it('Given a long label, then it is cut at a third of the width with the ellipsis', () => {
    const lines = barChart([{ label: 'a-very-long-model-name-indeed', value: 1, text: '1' }], {
      width: 30,
      block: '█',
      ellipsis: '…',
    });
    expect(lines[0]).toBe(`a-very-lo…  1  ${'█'.repeat(15)}`);
  });
});
