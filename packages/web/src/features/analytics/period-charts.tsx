import {
  type AnalyticsPeriod,
  type DayRange,
  daysOfRange,
  orderChart,
  redemptionChart,
  registrationChart,
  thousands,
  type UsageMetric,
  usageChart,
  usageFigureText,
} from '@gw/core';
import { useMemo } from 'react';
import { useT } from '../../lib/use-t';
import { ChartFigure } from '../../kit/charts/chart-canvas';
import {
  daySummary,
  orderConfig,
  redemptionConfig,
  registrationConfig,
  stackedBarConfig,
} from '../../kit/charts/chart-configs';

interface PeriodChartsProps {
  period: AnalyticsPeriod;
  range: DayRange;
  quotaPerUnit: number;
}

const USAGE: { metric: UsageMetric; titleKey: string; digits: number }[] = [
  { metric: 'spend', titleKey: 'analytics.charts.spend', digits: 3 },
  { metric: 'tokens', titleKey: 'analytics.charts.tokens', digits: 0 },
  { metric: 'requests', titleKey: 'analytics.charts.requests', digits: 0 },
];

/** The period's charts (console-screens §8): usage stacked per day, redemptions, registrations, orders. */
export function PeriodCharts({ period, range, quotaPerUnit }: PeriodChartsProps) {
  const t = useT();
  const charts = useMemo(() => {
    const days = daysOfRange(range);
    const usage = USAGE.map(({ metric, titleKey, digits }) => {
      const chart = usageChart(period.channel_statistics ?? [], days, metric, quotaPerUnit);
      const total = usageFigureText(metric, chart.total);
      return {
        key: metric,
        title: t(titleKey, { value: total }),
        config: stackedBarConfig(chart, digits),
        summary: daySummary(days, chart.dayTotals, digits),
      };
    });
    const redeemed = redemptionChart(period.redemption_statistics, days, quotaPerUnit);
    const registered = registrationChart(period.user_statistics, days);
    const orders = orderChart(period.order_statistics, days);
    return [
      ...usage,
      {
        key: 'redemption',
        title: t('analytics.charts.redemption', { value: `$${redeemed.total.toFixed(3)}` }),
        config: redemptionConfig(redeemed, {
          dollars: t('analytics.charts.redeemed'),
          users: t('analytics.charts.redeemers'),
        }),
        summary: daySummary(days, redeemed.dollars, 3),
      },
      {
        key: 'registrations',
        title: t('analytics.charts.registrations', { value: thousands(registered.total) }),
        config: registrationConfig(registered, {
          direct: t('analytics.charts.direct'),
          invited: t('analytics.charts.invited'),
        }),
        summary: daySummary(
          days,
          registered.direct.map((count, index) => count + (registered.invited[index] ?? 0)),
          0,
        ),
      },
      {
        key: 'orders',
        title: t('analytics.charts.recharge', { value: `¥${orders.total.toFixed(2)}` }),
        config: orderConfig(orders, t('analytics.charts.recharge_amount')),
        summary: daySummary(days, orders.amounts, 2),
      },
    ];
  }, [period, range, quotaPerUnit, t]);
  return (
    <div className="gw-chart-grid">
      {charts.map((chart) => (
        <ChartFigure key={chart.key} title={chart.title} config={chart.config} summary={chart.summary} />
      ))}
    </div>
  );
}
