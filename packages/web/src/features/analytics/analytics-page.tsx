import { Spinner } from '@blueprintjs/core';
import '../../kit/kit.css';
import { getAnalyticsPeriod, getAnalyticsStatistics, lastDaysRange, rangeTimestamps } from '@gw/core';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './analytics.css';
import { PeriodCharts } from './period-charts';
import { type PeriodFilter, PeriodFilters } from './period-filters';
import { SummaryCards } from './summary-cards';

/** The admin Analytics screen (console-screens §8): site totals and the period's charts. */
export function AnalyticsPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <AnalyticsGate />
    </QueryClientProvider>
  );
}

function AnalyticsGate() {
  return useScreenSections(['analytics']) ? <AnalyticsBody /> : null;
}

function AnalyticsBody() {
  const t = useT();
  const { client } = useApp();
  const quota = useQuotaDisplay();
  const initial = useMemo<PeriodFilter>(
    () => ({ range: lastDaysRange(Date.now()), group: 'model_type', userId: 0 }),
    [],
  );
  const [filter, setFilter] = useState(initial);
  const statistics = useQuery({
    queryKey: ['analytics', 'statistics'],
    queryFn: () => getAnalyticsStatistics(client),
  });
  const period = useQuery({
    queryKey: ['analytics', 'period', filter],
    queryFn: () =>
      getAnalyticsPeriod(client, {
        ...rangeTimestamps(filter.range),
        group_type: filter.group,
        user_id: filter.userId,
      }),
  });
  const error = statistics.error ?? period.error;
  useEffect(() => {
    if (error) showError(error, t);
  }, [error, t]);
  return (
    <div className="gw-analytics">
      <div className="gw-page-header">
        <h2>{t('analytics.title')}</h2>
      </div>
      <SummaryCards statistics={statistics.data} quota={quota} />
      <PeriodFilters initial={initial} today={initial.range.end} onSearch={setFilter} />
      <h3 className="gw-analytics-range">
        {t('analytics.period.range', { start: filter.range.start, end: filter.range.end })}
      </h3>
      {period.data ? (
        <PeriodCharts period={period.data} range={filter.range} quotaPerUnit={quota.quotaPerUnit} />
      ) : (
        period.isFetching && <Spinner className="gw-page-spinner" />
      )}
    </div>
  );
}
