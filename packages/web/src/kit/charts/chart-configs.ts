// Chart.js configurations from core's shaped series (analytics.series.ts): the numbers are core's, only
// colours, axes and stacking are decided here.
import type {
  ChartSeries,
  DonutSlices,
  OrderChart,
  RedemptionChart,
  RegistrationChart,
  StackedChart,
  UserBars,
} from '@gw/core';
import { chartNumber } from '@gw/core';
import type { ChartConfiguration } from 'chart.js';
import { colourAt } from './chart-canvas';

const legendBottom = { legend: { position: 'bottom' as const } };
// `precision` keeps tick steps at the shown decimals, so an axis of whole counts never repeats "1, 1, 2".
const tick = (digits: number) => ({
  precision: digits,
  callback: (value: string | number) => chartNumber(Number(value), digits),
});

/**
 * Stacked bars per day, one dataset per group key, each day's total written on top. The groups' own
 * range totals (core's StackedSeries) are not drawn, so registrations and orders pass plain series.
 */
export function stackedBarConfig(
  chart: Omit<StackedChart, 'series'> & { series: readonly ChartSeries[] },
  digits: number,
): ChartConfiguration {
  return {
    type: 'bar',
    data: {
      labels: chart.days,
      datasets: chart.series.map((series, index) => ({
        label: series.name || '—',
        data: series.values,
        backgroundColor: colourAt(index),
        stack: 'day',
      })),
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      // Room above the tallest bar for its total.
      layout: { padding: { top: 16 } },
      scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: tick(digits) } },
      plugins: { ...legendBottom, barTotals: { totals: chart.dayTotals, digits } },
    },
  };
}

/**
 * Redeemed dollars as columns (left axis) and distinct users as a line (right axis, spec §8 "dual
 * y-axes"). Each axis is titled in its series' colour, so the right one reads as the line's and
 * not as a stray copy; the day labels stay flat as on the other charts.
 */
export function redemptionConfig(
  chart: RedemptionChart,
  labels: { dollars: string; users: string },
): ChartConfiguration {
  return {
    type: 'bar',
    data: {
      labels: chart.days,
      datasets: [
        {
          type: 'bar',
          label: labels.dollars,
          data: chart.dollars,
          backgroundColor: colourAt(0),
          yAxisID: 'y',
        },
        {
          type: 'line',
          label: labels.users,
          data: chart.users,
          borderColor: colourAt(1),
          backgroundColor: colourAt(1),
          yAxisID: 'users',
        },
      ],
    },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: {
        x: { ticks: { maxRotation: 0, autoSkip: true } },
        y: {
          beginAtZero: true,
          position: 'left',
          title: { display: true, text: labels.dollars, color: colourAt(0) },
          ticks: tick(3),
        },
        users: {
          beginAtZero: true,
          position: 'right',
          grid: { drawOnChartArea: false },
          title: { display: true, text: labels.users, color: colourAt(1) },
          ticks: { precision: 0 },
        },
      },
      plugins: legendBottom,
    },
  };
}

/** Direct and invited registrations stacked per day. */
export function registrationConfig(
  chart: RegistrationChart,
  labels: { direct: string; invited: string },
): ChartConfiguration {
  return stackedBarConfig(
    {
      days: chart.days,
      series: [
        { name: labels.direct, values: chart.direct },
        { name: labels.invited, values: chart.invited },
      ],
      dayTotals: chart.direct.map((count, index) => count + (chart.invited[index] ?? 0)),
      total: chart.total,
    },
    0,
  );
}

/** Order amounts per day (yuan). */
export function orderConfig(chart: OrderChart, label: string): ChartConfiguration {
  return stackedBarConfig(
    {
      days: chart.days,
      series: [{ name: label, values: chart.amounts }],
      dayTotals: chart.amounts,
      total: chart.total,
    },
    2,
  );
}

/** One bar per user (spend in dollars). */
export function userBarsConfig(bars: UserBars, label: string): ChartConfiguration {
  return {
    type: 'bar',
    data: { labels: bars.users, datasets: [{ label, data: bars.values, backgroundColor: colourAt(0) }] },
    options: {
      maintainAspectRatio: false,
      animation: false,
      scales: {
        y: { beginAtZero: true, ticks: { callback: (value) => `$${chartNumber(Number(value), 4)}` } },
      },
      plugins: { legend: { display: false } },
    },
  };
}

/** The doughnut of calls per user – model. */
export function donutConfig(slices: DonutSlices): ChartConfiguration {
  return {
    type: 'doughnut',
    data: {
      labels: slices.labels,
      datasets: [{ data: slices.values, backgroundColor: slices.values.map((_, index) => colourAt(index)) }],
    },
    options: { maintainAspectRatio: false, animation: false, plugins: legendBottom },
  };
}

/** The text alternative of a per-day chart: "2026-11-24 0.5; 2026-11-25 2.5". */
export function daySummary(days: readonly string[], values: readonly number[], digits: number): string {
  return days.map((day, index) => `${day} ${chartNumber(values[index] ?? 0, digits)}`).join('; ');
}
