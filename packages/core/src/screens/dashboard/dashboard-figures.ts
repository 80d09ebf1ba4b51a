// The self dashboard's figures (console-screens §7) shaped from the API's rows, face-neutral: the web
// draws them as cards, charts and a heatmap; every number is computed here once.
import {
  lastDaysRange,
  type DayRange,
  type StackedChart,
  usageChart,
  type DonutSlices,
} from '../../resources/analytics/analytics.series.js';
import {
  type DailyModelStat,
  type DailyUsage,
  dayNumber,
  HEATMAP_DAYS,
} from '../../resources/dashboard/dashboard.schema.js';

/** Days the dashboard's charts show until the user picks a range: the last 7, today included. */
export const DASHBOARD_DEFAULT_DAYS = 7;

/** The charts' default range. */
export function dashboardDefaultRange(now: number): DayRange {
  return lastDaysRange(now, DASHBOARD_DEFAULT_DAYS);
}

/** One day's totals over every model. */
export interface DayTotals {
  date: string;
  requests: number;
  /** Quota points spent. */
  quota: number;
  promptTokens: number;
  completionTokens: number;
  /** Prompt and completion tokens together. */
  tokens: number;
  /** Milliseconds spent answering. */
  requestTime: number;
}

const zeroDay = (date: string): DayTotals => ({
  date,
  requests: 0,
  quota: 0,
  promptTokens: 0,
  completionTokens: 0,
  tokens: 0,
  requestTime: 0,
});

/** Each of `days` with its totals, days without rows as zeros (the spec's "fills with zeros"). */
export function dailyTotals(rows: readonly DailyModelStat[], days: readonly string[]): DayTotals[] {
  const byDay = new Map(days.map((day) => [day, zeroDay(day)]));
  for (const row of rows) {
    const day = byDay.get(row.Date);
    if (!day) continue;
    day.requests += row.RequestCount;
    day.quota += row.Quota;
    day.promptTokens += row.PromptTokens;
    day.completionTokens += row.CompletionTokens;
    day.tokens += row.PromptTokens + row.CompletionTokens;
    day.requestTime += row.RequestTime;
  }
  return days.map((day) => byDay.get(day) ?? zeroDay(day));
}

/**
 * Today against yesterday in percent, one decimal: 0 → x is +100 %, x → 0 is −100 %, 0 → 0 is 0
 * (spec §7: the KPI cards' trend).
 */
export function trendPercent(today: number, yesterday: number): number {
  if (yesterday === 0) return today === 0 ? 0 : 100;
  return Math.round(((today - yesterday) / yesterday) * 1000) / 10;
}

/** Which way a trend points: up is shown red (more spent), down green, flat neutral. */
export function trendDirection(percent: number): 'up' | 'down' | 'flat' {
  return percent > 0 ? 'up' : percent < 0 ? 'down' : 'flat';
}

/** One KPI card: today's figure, its trend against yesterday, and the last 7 days for its sparkline. */
export interface KpiFigure {
  today: number;
  trend: number;
  week: number[];
}

/** The three KPI cards from the last days' totals (the last one is today). */
export function kpiFigures(days: readonly DayTotals[]): Record<'requests' | 'quota' | 'tokens', KpiFigure> {
  const figure = (pick: (day: DayTotals) => number): KpiFigure => {
    const values = days.map(pick);
    const today = values[values.length - 1] ?? 0;
    const yesterday = values[values.length - 2] ?? 0;
    return { today, trend: trendPercent(today, yesterday), week: values.slice(-DASHBOARD_DEFAULT_DAYS) };
  };
  return {
    requests: figure((day) => day.requests),
    quota: figure((day) => day.quota),
    tokens: figure((day) => day.tokens),
  };
}

/** The spend chart: dollars per day stacked by model (spec §7 "model spend chart"). */
export function modelSpendChart(
  rows: readonly DailyModelStat[],
  days: readonly string[],
  quotaPerUnit: number,
): StackedChart {
  const usage = rows.map((row) => ({ ...row, Channel: row.ModelName }));
  return usageChart(usage, days, 'spend', quotaPerUnit);
}

/** The donut: requests per model over the range, largest first (spec §7 "model usage donut"). */
export function modelRequestSlices(rows: readonly DailyModelStat[]): DonutSlices {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.ModelName, (counts.get(row.ModelName) ?? 0) + row.RequestCount);
  const sorted = [...counts.entries()]
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  return {
    labels: sorted.map(([name]) => name),
    values: sorted.map(([, count]) => count),
    total: sorted.reduce((sum, [, count]) => sum + count, 0),
  };
}

/** One heatmap cell: a day, its figures and a shade from 0 (none) to 4 (the busiest days). */
export interface HeatCell {
  date: string;
  requests: number;
  quota: number;
  level: 0 | 1 | 2 | 3 | 4;
}

/** The heatmap: columns of weeks (Sunday first), `null` where a week runs before the year or after today. */
export interface Heatmap {
  weeks: Array<Array<HeatCell | null>>;
  /** The busiest day's requests (the top of the shade scale). */
  max: number;
  /** Requests over the whole year. */
  total: number;
  /** Days with at least one request. */
  activeDays: number;
}

const DAY_MS = 86_400_000;
const pad = (value: number) => String(value).padStart(2, '0');
function dayText(number: number): string {
  const date = new Date(number * DAY_MS);
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** A shade from a day's requests against the busiest day: quarters of the maximum, any use at least 1. */
export function heatLevel(requests: number, max: number): HeatCell['level'] {
  if (requests <= 0 || max <= 0) return 0;
  return Math.min(4, Math.max(1, Math.ceil((requests / max) * 4))) as HeatCell['level'];
}

/** The year's heatmap ending on `today` (`YYYY-MM-DD`): one cell per day over HEATMAP_DAYS days. */
export function usageHeatmap(rows: readonly DailyUsage[], today: string): Heatmap {
  const last = dayNumber(today) ?? 0;
  const first = last - HEATMAP_DAYS + 1;
  // Rows outside the year (a reply a day older than the client's today) neither show nor set the scale.
  const inYear = rows.filter((row) => {
    const day = dayNumber(row.date);
    return day !== undefined && day >= first && day <= last;
  });
  const byDay = new Map(inYear.map((row) => [row.date, row]));
  const max = Math.max(0, ...inYear.map((row) => row.request_count));
  // Day 0 (1970-01-01) was a Thursday: shift so a week column starts on Sunday.
  const weekday = (day: number) => (day + 4) % 7;
  const weeks: Heatmap['weeks'] = [];
  let total = 0;
  let activeDays = 0;
  for (let start = first - weekday(first); start <= last; start += 7) {
    const week: Array<HeatCell | null> = [];
    for (let day = start; day < start + 7; day += 1) {
      if (day < first || day > last) {
        week.push(null);
        continue;
      }
      const date = dayText(day);
      const row = byDay.get(date);
      const requests = row?.request_count ?? 0;
      total += requests;
      if (requests > 0) activeDays += 1;
      week.push({ date, requests, quota: row?.quota ?? 0, level: heatLevel(requests, max) });
    }
    weeks.push(week);
  }
  return { weeks, max, total, activeDays };
}

/** One provider of the available-models strip: its name, icon and models by name. */
export interface OwnerModels {
  owner: string;
  icon: string;
  models: string[];
}

/**
 * The available models grouped by owner (spec §7 strip): owners in the order of their id in the
 * owner list (unknown owners after, by name), models by name within an owner.
 */
export function modelsByOwner(
  models: Readonly<Record<string, { owned_by: string }>>,
  owners: ReadonlyArray<{ id: number; name: string; icon: string }>,
): OwnerModels[] {
  const groups = new Map<string, string[]>();
  for (const [model, info] of Object.entries(models)) {
    const list = groups.get(info.owned_by) ?? [];
    list.push(model);
    groups.set(info.owned_by, list);
  }
  const known = new Map(owners.map((owner) => [owner.name, owner]));
  const rank = (name: string) => known.get(name)?.id ?? Number.MAX_SAFE_INTEGER;
  return [...groups.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b))
    .map(([owner, list]) => ({ owner, icon: known.get(owner)?.icon ?? '', models: list.sort() }));
}
