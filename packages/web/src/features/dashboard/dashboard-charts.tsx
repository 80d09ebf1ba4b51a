// The dashboard's charts over a chosen range (console-screens §7): loaded as their own chunk, after the
// figures above them are drawn, since Chart.js is most of their weight.
import { Button, Callout, FormGroup, HTMLTable } from '@blueprintjs/core';
import '../../kit/charts/charts.css';
import {
  CHART_MONEY_DIGITS,
  chartNumber,
  dailyTotals,
  dashboardQuerySchema,
  type DayRange,
  daysOfRange,
  getDashboard,
  modelRequestSlices,
  modelSpendChart,
  renderQuota,
  tidyDayRange,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useMemo, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useT } from '../../lib/use-t';
import { ChartFigure } from '../../kit/charts/chart-canvas';
import { DateInput } from '../../kit/date-input';
import { daySummary, donutConfig, stackedBarConfig } from '../../kit/charts/chart-configs';

/** Digits of a day's amount in the table (spec §7: "$, 6 dp"). */
const TABLE_MONEY_DIGITS = 6;

/** The start and end dates; checked with core's query rules before anything is asked. */
function RangeForm({ initial, onRange }: { initial: DayRange; onRange: (range: DayRange) => void }) {
  const t = useT();
  const [start, setStart] = useState(initial.start);
  const [end, setEnd] = useState(initial.end);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const range = tidyDayRange({ start, end });
    const checked = dashboardQuerySchema.safeParse({ start_date: range.start, end_date: range.end });
    const message = checked.error?.issues[0]?.message;
    setError(message ? t(message) : undefined);
    if (!message) onRange(range);
  };
  return (
    <form className="gw-dashboard-range" onSubmit={submit} noValidate>
      <FormGroup label={t('dashboard.range_start')} labelFor="dashboard-start">
        <DateInput id="dashboard-start" value={start} onValueChange={setStart} />
      </FormGroup>
      <FormGroup label={t('dashboard.range_end')} labelFor="dashboard-end">
        <DateInput id="dashboard-end" value={end} onValueChange={setEnd} />
      </FormGroup>
      <Button type="submit" intent="primary" icon="search" text={t('dashboard.range_apply')} />
      {error && (
        <Callout intent="danger" role="alert" className="gw-dashboard-range-error">
          {error}
        </Callout>
      )}
    </form>
  );
}

/** The range form, the spend-by-model bars, the requests-by-model donut and the per-day table. */
export function DashboardCharts({ initialRange }: { initialRange: DayRange }) {
  const t = useT();
  const { client } = useApp();
  const display = useQuotaDisplay();
  const [range, setRange] = useState(initialRange);
  const usage = useQuery({
    queryKey: ['dashboard', 'range', range],
    queryFn: () => getDashboard(client, range),
  });
  const days = useMemo(() => daysOfRange(range), [range]);
  const rows = usage.data ?? [];
  const spend = modelSpendChart(rows, days, display.quotaPerUnit);
  const slices = modelRequestSlices(rows);
  const totals = dailyTotals(rows, days);
  const spendConfig = useMemo(() => stackedBarConfig(spend, CHART_MONEY_DIGITS), [spend]);
  const donut = useMemo(() => donutConfig(slices), [slices]);
  const money = (points: number) => renderQuota(points, display, TABLE_MONEY_DIGITS);
  return (
    <section className="gw-dashboard-charts" aria-label={t('dashboard.spend_title')}>
      <RangeForm initial={initialRange} onRange={setRange} />
      <div className="gw-chart-grid">
        <ChartFigure
          title={`${t('dashboard.spend_title')} · ${t('dashboard.spend_total', {
            amount: `$${chartNumber(spend.total, CHART_MONEY_DIGITS)}`,
          })}`}
          config={spendConfig}
          summary={daySummary(spend.days, spend.dayTotals, CHART_MONEY_DIGITS)}
        />
        <ChartFigure
          title={`${t('dashboard.donut_title')} · ${t('dashboard.donut_total', { count: slices.total })}`}
          config={donut}
          summary={slices.labels.map((label, index) => `${label} – ${slices.values[index]}`).join('; ')}
        >
          {usage.data && slices.total === 0 && <p className="gw-stat-sub">{t('dashboard.no_data')}</p>}
        </ChartFigure>
      </div>
      <h3>{t('dashboard.table_title')}</h3>
      <div className="gw-table-wrap">
        <HTMLTable compact striped className="gw-table" aria-label={t('dashboard.table_title')}>
          <thead>
            <tr>
              <th>{t('dashboard.col_date')}</th>
              <th>{t('dashboard.col_requests')}</th>
              <th>{t('dashboard.col_amount')}</th>
              <th>{t('dashboard.col_tokens')}</th>
              <th>{t('dashboard.col_duration')}</th>
            </tr>
          </thead>
          <tbody aria-busy={!usage.data}>
            {/* Until the range's figures arrive the days are not zero but unknown: say so instead. */}
            {!usage.data && (
              <tr>
                <td colSpan={5}>{usage.isError ? t('dashboard.no_data') : t('common.loading')}</td>
              </tr>
            )}
            {usage.data &&
              [...totals].reverse().map((day) => (
                <tr key={day.date}>
                  <td>{day.date}</td>
                  <td>{day.requests}</td>
                  <td>{money(day.quota)}</td>
                  <td>{`${day.promptTokens}/${day.completionTokens}`}</td>
                  <td>{(day.requestTime / 1000).toFixed(3)}</td>
                </tr>
              ))}
          </tbody>
        </HTMLTable>
      </div>
    </section>
  );
}
