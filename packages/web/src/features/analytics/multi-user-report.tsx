import { Card } from '@blueprintjs/core';
import {
  modelCallSlices,
  quotaDollars,
  thousands,
  USER_SPEND_DIGITS,
  type UserModelUsage,
  type UserUsage,
  userSpendBars,
} from '@gw/core';
import { useMemo } from 'react';
import { useT } from '../../lib/use-t';
import { ChartFigure } from '../../kit/charts/chart-canvas';
import { donutConfig, userBarsConfig } from '../../kit/charts/chart-configs';

interface MultiUserReportProps {
  users: readonly UserUsage[];
  modelUsage: readonly UserModelUsage[];
  quotaPerUnit: number;
}

/** One card per user and the two charts of the multi-user report (console-screens §9). */
export function MultiUserReport({ users, modelUsage, quotaPerUnit }: MultiUserReportProps) {
  const t = useT();
  const charts = useMemo(() => {
    const bars = userSpendBars(users, quotaPerUnit);
    const slices = modelCallSlices(modelUsage);
    return {
      spend: {
        title: t('analytics.multi.spend_chart', { value: `$${bars.total.toFixed(USER_SPEND_DIGITS)}` }),
        config: userBarsConfig(bars, t('analytics.multi.spend')),
        summary: bars.users.map((user, index) => `${user} $${bars.values[index]}`).join('; '),
      },
      calls: {
        title: t('analytics.multi.calls_chart', { value: thousands(slices.total) }),
        config: donutConfig(slices),
        summary: slices.labels.map((label, index) => `${label} ${slices.values[index]}`).join('; '),
      },
    };
  }, [users, modelUsage, quotaPerUnit, t]);
  return (
    <>
      <div className="gw-stat-cards">
        {users.map((user) => (
          <Card key={user.username} className="gw-stat-card" role="group" aria-label={user.username}>
            <div className="gw-stat-value">{user.username}</div>
            <dl className="gw-user-figures">
              <dt>{t('analytics.multi.requests')}</dt>
              <dd>{thousands(user.request_count)}</dd>
              <dt>{t('analytics.multi.spend')}</dt>
              <dd>${quotaDollars(user.quota, quotaPerUnit, USER_SPEND_DIGITS).toFixed(USER_SPEND_DIGITS)}</dd>
              <dt>{t('analytics.multi.input_tokens')}</dt>
              <dd>{thousands(user.prompt_tokens)}</dd>
              <dt>{t('analytics.multi.output_tokens')}</dt>
              <dd>{thousands(user.completion_tokens)}</dd>
              <dt>{t('analytics.multi.request_time')}</dt>
              <dd>{(user.request_time / 1000).toFixed(3)}</dd>
            </dl>
          </Card>
        ))}
      </div>
      <div className="gw-chart-grid">
        <ChartFigure {...charts.spend} />
        <ChartFigure {...charts.calls} />
      </div>
    </>
  );
}
