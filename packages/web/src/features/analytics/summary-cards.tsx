import { Card, Classes } from '@blueprintjs/core';
import {
  type AnalyticsStatistics,
  analyticsSummary,
  type QuotaDisplay,
  renderQuota,
  thousands,
} from '@gw/core';
import { useT } from '../../lib/use-t';

interface SummaryCardsProps {
  /** undefined while loading: the cards show skeletons. */
  statistics: AnalyticsStatistics | undefined;
  quota: QuotaDisplay;
}

/** The four site totals over the analytics charts (console-screens §8). */
export function SummaryCards({ statistics, quota }: SummaryCardsProps) {
  const t = useT();
  const summary = statistics ? analyticsSummary(statistics) : undefined;
  const skeleton = summary ? '' : Classes.SKELETON;
  const money = (points: number) => renderQuota(points, quota);
  const cards = [
    {
      key: 'spend',
      title: t('analytics.summary.spend'),
      value: money(summary?.usedQuota ?? 0),
      sub: [t('analytics.summary.balance', { value: money(summary?.balanceQuota ?? 0) })],
    },
    {
      key: 'users',
      title: t('analytics.summary.users'),
      value: thousands(summary?.users ?? 0),
      sub: [
        t('analytics.summary.users_sub', {
          direct: summary?.directUsers ?? 0,
          invited: summary?.invitedUsers ?? 0,
        }),
      ],
    },
    {
      key: 'channels',
      title: t('analytics.summary.channels'),
      value: thousands(summary?.channels.total ?? 0),
      sub: [
        t('analytics.summary.channels_sub', {
          active: summary?.channels.active ?? 0,
          disabled: summary?.channels.disabled ?? 0,
          auto: summary?.channels.testDisabled ?? 0,
        }),
      ],
    },
    {
      key: 'recharge',
      title: t('analytics.summary.recharge'),
      value: money(summary?.rechargeQuota ?? 0),
      sub: [
        t('analytics.summary.recharge_sub', {
          codes: money(summary?.redeemedQuota ?? 0),
          orders: money(summary?.orderQuota ?? 0),
        }),
        ...(summary?.paid ?? []).map((paid) =>
          t('analytics.summary.paid', { amount: paid.amount.toFixed(2), currency: paid.currency }),
        ),
      ],
    },
  ];
  return (
    <div className="gw-stat-cards">
      {cards.map((card) => (
        <Card
          key={card.key}
          className="gw-stat-card"
          aria-busy={!summary}
          role="group"
          aria-label={card.title}
        >
          <div className="gw-stat-title">{card.title}</div>
          <div className={`gw-stat-value ${skeleton}`}>{card.value}</div>
          {card.sub.map((line) => (
            <div key={line} className={`gw-stat-sub ${skeleton}`}>
              {line}
            </div>
          ))}
        </Card>
      ))}
    </div>
  );
}
