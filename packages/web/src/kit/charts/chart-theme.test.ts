import { Chart } from 'chart.js';
import { describe, expect, it } from 'vitest';
import { applyChartTheme, THEME_INK } from './chart-canvas';

// Issue 10: the requests doughnut showed white rings between its slices on the dark theme.
describe('chart theme', () => {
  it('Given the dark theme, Then a doughnut slice is parted by the dark card colour, not white', () => {
    applyChartTheme('dark');
    expect(Chart.defaults.elements.arc.borderColor).toBe(THEME_INK.dark.surface);
    expect(String(Chart.defaults.elements.arc.borderColor).toLowerCase()).not.toMatch(/^#fff(fff)?$/);
    expect(Chart.defaults.color).toBe(THEME_INK.dark.text);
    applyChartTheme('light');
    expect(Chart.defaults.elements.arc.borderColor).toBe('#ffffff');
  });
});
