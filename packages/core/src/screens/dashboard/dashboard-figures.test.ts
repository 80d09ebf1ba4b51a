import { describe, expect, it } from 'vitest';
import { dashboardQuerySchema, dayNumber } from '../../resources/dashboard/dashboard.schema.js';
import {
  dailyTotals,
  heatLevel,
  kpiFigures,
  modelRequestSlices,
  modelSpendChart,
  modelsByOwner,
  trendPercent,
  usageHeatmap,
} from './dashboard-figures.js';

const row = (date: string, ModelName: string, RequestCount: number, Quota: number) => ({
  Date: date,
  ModelName,
  RequestCount,
  Quota,
  PromptTokens: 10 * RequestCount,
  CompletionTokens: 5 * RequestCount,
  RequestTime: 100 * RequestCount,
});

describe('dashboard query', () => {
  it('Given no range, Then it is the default; Given a range, Then both ends are real days in order', () => {
    expect(dashboardQuerySchema.safeParse({}).success).toBe(true);
    expect(dashboardQuerySchema.safeParse({ start_date: '2024-02-01', end_date: '2024-02-29' }).success).toBe(
      true,
    );
    const messages = (query: object) =>
      dashboardQuerySchema.safeParse(query).error?.issues.map((issue) => issue.message) ?? [];
    expect(messages({ start_date: '2023-02-29', end_date: '2023-03-01' })).toEqual([
      'dashboard.validation.date_invalid',
    ]);
    expect(messages({ start_date: '2024-01-01' })).toEqual(['dashboard.validation.range_both']);
    expect(messages({ start_date: '2024-03-02', end_date: '2024-03-01' })).toEqual([
      'dashboard.validation.range_order',
    ]);
    expect(messages({ start_date: '2023-01-01', end_date: '2024-01-01' })).toEqual([]);
    expect(messages({ start_date: '2023-01-01', end_date: '2024-01-02' })).toEqual([
      'dashboard.validation.range_too_long',
    ]);
    expect(dayNumber('2024-13-01')).toBeUndefined();
  });
});

describe('dashboard figures', () => {
  const days = ['2024-03-01', '2024-03-02', '2024-03-03'];
  const rows = [
    row('2024-03-01', 'gpt-4', 2, 300),
    row('2024-03-03', 'gpt-4', 1, 100),
    row('2024-03-03', 'claude', 3, 50),
  ];

  it('Given rows on some days, Then every day has totals and missing days are zeros', () => {
    expect(dailyTotals(rows, days)).toEqual([
      {
        date: '2024-03-01',
        requests: 2,
        quota: 300,
        promptTokens: 20,
        completionTokens: 10,
        tokens: 30,
        requestTime: 200,
      },
      {
        date: '2024-03-02',
        requests: 0,
        quota: 0,
        promptTokens: 0,
        completionTokens: 0,
        tokens: 0,
        requestTime: 0,
      },
      {
        date: '2024-03-03',
        requests: 4,
        quota: 150,
        promptTokens: 40,
        completionTokens: 20,
        tokens: 60,
        requestTime: 400,
      },
    ]);
  });

  it('Given today and yesterday, Then the trend follows the spec, 0 → x being +100 % and x → 0 −100 %', () => {
    expect(trendPercent(0, 0)).toBe(0);
    expect(trendPercent(5, 0)).toBe(100);
    expect(trendPercent(0, 5)).toBe(-100);
    expect(trendPercent(3, 2)).toBe(50);
    expect(trendPercent(1, 3)).toBe(-66.7);
    const kpi = kpiFigures(dailyTotals(rows, days));
    expect(kpi.requests).toEqual({ today: 4, trend: 100, week: [2, 0, 4] });
    expect(kpi.quota.today).toBe(150);
    expect(kpi.tokens.today).toBe(60);
  });

  it('Given rows, Then the spend chart stacks dollars by model and the donut counts requests per model', () => {
    const chart = modelSpendChart(rows, days, 500_000);
    expect(chart.series.map((series) => series.name)).toEqual(['gpt-4', 'claude']);
    expect(chart.dayTotals).toEqual([0.001, 0, 0]);
    expect(modelRequestSlices(rows)).toEqual({ labels: ['claude', 'gpt-4'], values: [3, 3], total: 6 });
  });
});

describe('usage heatmap', () => {
  it('Given a year of usage, Then there is one cell per day for 365 days in Sunday-first weeks', () => {
    const map = usageHeatmap(
      [
        { date: '2024-12-31', request_count: 8, quota: 80 },
        { date: '2024-06-01', request_count: 1, quota: 1 },
        { date: '2023-12-31', request_count: 99, quota: 1 },
      ],
      '2024-12-31',
    );
    const cells = map.weeks.flat().filter((cell) => cell !== null);
    expect(cells).toHaveLength(365);
    expect(cells[0]?.date).toBe('2024-01-02');
    expect(cells.at(-1)).toEqual({ date: '2024-12-31', requests: 8, quota: 80, level: 4 });
    expect(cells.find((cell) => cell.date === '2024-06-01')?.level).toBe(1);
    // 2024-01-02 was a Tuesday: the first week starts with Sunday and Monday blank.
    expect(map.weeks[0]?.slice(0, 3).map((cell) => cell?.date ?? null)).toEqual([null, null, '2024-01-02']);
    // 2024-12-31 was a Tuesday: the last week ends with four blanks.
    expect(map.weeks.at(-1)?.filter((cell) => cell === null)).toHaveLength(4);
    expect(map.total).toBe(9);
    expect(map.activeDays).toBe(2);
    expect([heatLevel(0, 8), heatLevel(2, 8), heatLevel(3, 8), heatLevel(6, 8), heatLevel(8, 8)]).toEqual([
      0, 1, 2, 3, 4,
    ]);
  });
});

describe('available models strip', () => {
  it('Given models of several owners, Then owners follow their id and models their name', () => {
    const models = {
      'gpt-4': { owned_by: 'OpenAI' },
      claude: { owned_by: 'Anthropic' },
      'gpt-3.5': { owned_by: 'OpenAI' },
      x: { owned_by: 'Zed' },
    };
    const owners = [
      { id: 1, name: 'OpenAI', icon: 'o.png' },
      { id: 14, name: 'Anthropic', icon: '' },
    ];
    expect(modelsByOwner(models, owners)).toEqual([
      { owner: 'OpenAI', icon: 'o.png', models: ['gpt-3.5', 'gpt-4'] },
      { owner: 'Anthropic', icon: '', models: ['claude'] },
      { owner: 'Zed', icon: '', models: ['x'] },
    ]);
  });
});
