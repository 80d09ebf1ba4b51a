import { describe, expect, it } from 'vitest';
import { bar, sparkline } from './sparkline.js';

describe('sparkline and bar', () => {
  it('Given values, when drawn, then the largest is the top height and 0 the lowest', () => {
    expect(sparkline([0, 1, 2, 4], '▁▂▃▄▅▆▇█')).toBe('▁▃▅█');
    expect(sparkline([0, 0], '▁▂▃▄▅▆▇█')).toBe('▁▁');
  });
  it('Given a small value, when drawn as a bar, then it still shows one cell; none for 0', () => {
    expect(bar(1, 1000, 10, '#')).toBe('#');
    expect(bar(500, 1000, 10, '#')).toBe('#####');
    expect(bar(0, 1000, 10, '#')).toBe('');
  });
});
