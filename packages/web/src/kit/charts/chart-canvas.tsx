// Chart.js drawn into a canvas, registered piecemeal so only bars, lines and doughnuts are bundled; this
// module is imported only by the chart screens' route chunks, never by the first screen.
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import { chartNumber } from '@gw/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { usePreferences } from '../../app/preferences';
import './charts.css';

Chart.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
);

/** Options of the bar-totals plugin: one figure above each stacked bar, and its decimals. */
interface BarTotalsOptions {
  totals?: readonly number[];
  digits?: number;
}

declare module 'chart.js' {
  interface PluginOptionsByType<TType extends import('chart.js').ChartType> {
    barTotals?: BarTotalsOptions & { _type?: TType };
  }
}

/** Writes each day's total above its stacked bar (spec §8: "totals on bars"). */
const barTotals: Plugin = {
  id: 'barTotals',
  afterDatasetsDraw(chart, _args, options: BarTotalsOptions) {
    const totals = options.totals;
    if (!totals) return;
    const { ctx } = chart;
    const visible = chart.data.datasets
      .map((_, index) => index)
      .filter((index) => chart.isDatasetVisible(index));
    ctx.save();
    ctx.font = '11px sans-serif';
    ctx.textAlign = 'center';
    ctx.fillStyle = String(Chart.defaults.color);
    totals.forEach((total, column) => {
      if (!total) return;
      // The stack's top is the smallest y among the visible bars of this column.
      const tops = visible
        .map((index) => chart.getDatasetMeta(index))
        .filter((meta) => meta.type === 'bar')
        .map((meta) => meta.data[column]?.y)
        .filter((y): y is number => typeof y === 'number');
      if (tops.length === 0) return;
      ctx.fillText(
        chartNumber(total, options.digits ?? 0),
        chart.getDatasetMeta(visible[0] ?? 0).data[column]?.x ?? 0,
        Math.min(...tops) - 4,
      );
    });
    ctx.restore();
  },
};

/** A repeating palette, so series keep their colour between the charts of one screen. */
export const CHART_COLOURS = [
  '#2d72d2',
  '#d1980b',
  '#cd4246',
  '#238551',
  '#7961db',
  '#00a396',
  '#d33d17',
  '#634dbf',
  '#147eb3',
  '#9d3f9d',
];

/**
 * Axis, legend and grid colours per theme: Chart.js draws on a canvas, so the dark theme's CSS does not
 * reach its text (grey on dark grey was hard to read); set before each chart is made.
 */
export const THEME_INK = {
  light: { text: '#404854', grid: 'rgba(17, 20, 24, 0.1)', surface: '#ffffff' },
  // `surface` is the chart card's background (charts.css): a doughnut's slices are parted by it.
  dark: { text: '#d3d8de', grid: 'rgba(255, 255, 255, 0.12)', surface: '#252a31' },
} as const;

/**
 * Sets Chart.js's defaults for a theme. The slices' border is Chart.js's white unless told, which drew
 * white rings round the doughnut on the dark card: it takes the card's own colour instead.
 */
export function applyChartTheme(theme: keyof typeof THEME_INK): void {
  Chart.defaults.color = THEME_INK[theme].text;
  Chart.defaults.borderColor = THEME_INK[theme].grid;
  Chart.defaults.elements.arc.borderColor = THEME_INK[theme].surface;
}

export function colourAt(index: number): string {
  return CHART_COLOURS[index % CHART_COLOURS.length] ?? '#2d72d2';
}

interface ChartFigureProps {
  /** The heading over the chart, the total included ("Total spend $3.000"). */
  title: string;
  config: ChartConfiguration;
  /** A text alternative: the figures the canvas draws, for screen readers and tests. */
  summary: string;
  children?: ReactNode;
  height?: number;
}

/** One chart: heading, canvas (with its figures as the accessible name) and anything below it. */
export function ChartFigure({ title, config, summary, children, height = 280 }: ChartFigureProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const { theme } = usePreferences();
  useEffect(() => {
    const element = canvas.current;
    // No 2D context (happy-dom, a browser without canvas): the heading and text alternative remain.
    if (!element?.getContext?.('2d')) return;
    applyChartTheme(theme);
    const chart = new Chart(element, { ...config, plugins: [...(config.plugins ?? []), barTotals] });
    return () => chart.destroy();
  }, [config, theme]);
  return (
    <figure className="gw-chart">
      <figcaption className="gw-chart-title">{title}</figcaption>
      <div className="gw-chart-canvas" style={{ height }} data-theme={theme}>
        <canvas ref={canvas} role="img" aria-label={summary} />
      </div>
      {children}
    </figure>
  );
}
