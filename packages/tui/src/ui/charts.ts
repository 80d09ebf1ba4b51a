// Charts drawn with characters, from the same core series the web's charts draw: a sparkline per
// series (one cell per day, wider cells on wide terminals) and horizontal bar charts that fill the
// columns left once the labels and figures are placed. Pure, so tests read the drawn characters.
import { displayWidth, fitCells } from '@gw/core';
import { bar, sparkline } from './sparkline.js';

/**
 * A sparkline of `values` in at most `width` cells: each value one cell, or as many cells as fit
 * (at most `maxCell`) when the width allows, so a week fills a wide terminal; when there are more
 * values than cells, the last `width` values are drawn.
 */
export function sparklineIn(values: readonly number[], heights: string, width: number, maxCell = 4): string {
  if (width <= 0 || values.length === 0) return '';
  const shown = values.length > width ? values.slice(values.length - width) : values;
  const cell = Math.max(1, Math.min(maxCell, Math.floor(width / shown.length)));
  return [...sparkline(shown, heights)].map((char) => char.repeat(cell)).join('');
}

/** One bar of a bar chart: its label, the figure shown beside it, and the value it is drawn from. */
export interface BarItem {
  label: string;
  value: number;
  text: string;
}

export interface BarChartOptions {
  /** Cells the chart may use. */
  width: number;
  block: string;
  ellipsis: string;
  /** Most label cells (labels are cut past them); the default is a third of the width. */
  maxLabel?: number;
}

/**
 * A horizontal bar chart, a line per item: the label, the figure right-aligned, and a bar as long as
 * the columns left allow in proportion to the largest value. Every line fits `width` cells.
 */
export function barChart(items: readonly BarItem[], options: BarChartOptions): string[] {
  if (items.length === 0) return [];
  const { width, block, ellipsis } = options;
  const maxLabel = options.maxLabel ?? Math.max(6, Math.floor(width / 3));
  const labelWidth = Math.min(maxLabel, Math.max(...items.map((item) => displayWidth(item.label))));
  const textWidth = Math.max(...items.map((item) => displayWidth(item.text)));
  const barWidth = Math.max(0, width - labelWidth - textWidth - 4);
  const max = Math.max(0, ...items.map((item) => item.value));
  return items.map((item) => {
    const figure = ' '.repeat(textWidth - displayWidth(item.text)) + item.text;
    const drawn = barWidth > 0 ? `  ${bar(item.value, max, barWidth, block)}` : '';
    return `${fitCells(item.label, labelWidth, ellipsis)}  ${figure}${drawn}`.trimEnd();
  });
}
