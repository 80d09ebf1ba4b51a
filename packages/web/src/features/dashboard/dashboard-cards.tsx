import { Button, Card, Classes, Icon, ProgressBar } from '@blueprintjs/core';
import {
  dailyTotals,
  daysOfRange,
  getDashboard,
  getDashboardRate,
  kpiFigures,
  type KpiFigure,
  lastDaysRange,
  renderNumber,
  renderQuota,
  trendDirection,
  type User,
} from '@gw/core';
import { useQuery } from '@tanstack/react-query';
import { useApp } from '../../app/app-context';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useT } from '../../lib/use-t';

/** The KPI cards' query: the last 7 days and today, as one-hub's dashboard answers without a range. */
export const DASHBOARD_RECENT_KEY = ['dashboard', 'recent'] as const;

function StatCard({
  title,
  value,
  loading,
  children,
}: {
  title: string;
  value: string;
  loading: boolean;
  children?: React.ReactNode;
}) {
  return (
    <Card className="gw-stat-card" role="group" aria-label={title}>
      <div className="gw-stat-title">{title}</div>
      <div className={`gw-stat-value ${loading ? Classes.SKELETON : ''}`}>{value}</div>
      {children}
    </Card>
  );
}

/** The account's balance, its spending so far and its request count (`GET /api/user/self`). */
export function AccountCards({ self }: { self: User | undefined }) {
  const t = useT();
  const display = useQuotaDisplay();
  return (
    <div className="gw-stat-cards">
      <StatCard
        title={t('dashboard.balance')}
        value={renderQuota(self?.quota ?? 0, display)}
        loading={!self}
      />
      <StatCard
        title={t('dashboard.used')}
        value={renderQuota(self?.used_quota ?? 0, display)}
        loading={!self}
      />
      <StatCard title={t('dashboard.requests')} value={String(self?.request_count ?? 0)} loading={!self} />
    </div>
  );
}

/** A 7-day line drawn as an SVG polyline: the cards stay free of the chart library. */
function Sparkline({ values, colour }: { values: readonly number[]; colour: string }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? 100 / (values.length - 1) : 0;
  const points = values.map((value, index) => `${index * step},${30 - (value / max) * 28}`).join(' ');
  return (
    <svg className="gw-sparkline" viewBox="0 0 100 32" preserveAspectRatio="none" aria-hidden>
      <polyline
        points={points}
        fill="none"
        stroke={colour}
        strokeWidth="2"
        vectorEffect="non-scaling-stroke"
      />
    </svg>
  );
}

function Trend({ figure }: { figure: KpiFigure }) {
  const t = useT();
  const direction = trendDirection(figure.trend);
  const sign = figure.trend > 0 ? '+' : '';
  return (
    <div className={`gw-trend gw-trend-${direction}`}>
      <Icon
        icon={direction === 'up' ? 'arrow-up' : direction === 'down' ? 'arrow-down' : 'minus'}
        size={12}
      />{' '}
      {t('dashboard.trend', { percent: `${sign}${figure.trend}%` })}
    </div>
  );
}

/** Today's requests, spend and tokens against yesterday, each with its last 7 days (spec §7). */
export function KpiCards() {
  const t = useT();
  const { client } = useApp();
  const display = useQuotaDisplay();
  const recent = useQuery({ queryKey: DASHBOARD_RECENT_KEY, queryFn: () => getDashboard(client) });
  // Today and the 7 days before it, so the first sparkline day still has a "yesterday".
  const days = daysOfRange(lastDaysRange(Date.now(), 8));
  const kpi = kpiFigures(dailyTotals(recent.data ?? [], days));
  const loading = !recent.data;
  const cards = [
    {
      key: 'requests',
      title: t('dashboard.today_requests'),
      figure: kpi.requests,
      text: renderNumber,
      colour: '#2d72d2',
    },
    {
      key: 'spend',
      title: t('dashboard.today_spend'),
      figure: kpi.quota,
      text: (points: number) => renderQuota(points, display, 6),
      colour: '#d1980b',
    },
    {
      key: 'tokens',
      title: t('dashboard.today_tokens'),
      figure: kpi.tokens,
      text: renderNumber,
      colour: '#cd4246',
    },
  ];
  return (
    <div className="gw-stat-cards gw-kpi-cards">
      {cards.map((card) => (
        <StatCard key={card.key} title={card.title} value={card.text(card.figure.today)} loading={loading}>
          <Trend figure={card.figure} />
          <Sparkline values={card.figure.week} colour={card.colour} />
        </StatCard>
      ))}
    </div>
  );
}

/** Requests in the last minute against the group's limit, and the tokens per minute (spec §7). */
export function RateCard() {
  const t = useT();
  const { client } = useApp();
  const rate = useQuery({ queryKey: ['dashboard', 'rate'], queryFn: () => getDashboardRate(client) });
  const data = rate.data;
  return (
    <Card className="gw-stat-card gw-rate-card" role="group" aria-label={t('dashboard.rpm')}>
      <div className="gw-stat-title">
        {t('dashboard.rpm')}
        <Button
          variant="minimal"
          size="small"
          icon="refresh"
          aria-label={t('common.refresh')}
          loading={rate.isFetching}
          onClick={() => void rate.refetch()}
        />
      </div>
      <div className={`gw-stat-value ${data ? '' : Classes.SKELETON}`}>
        {data && data.maxRPM > 0
          ? t('dashboard.rpm_value', { rpm: data.rpm, max: data.maxRPM })
          : t('dashboard.rpm_unlimited', { rpm: data?.rpm ?? 0 })}
      </div>
      <ProgressBar
        animate={false}
        stripes={false}
        intent={(data?.usageRpmRate ?? 0) >= 90 ? 'danger' : 'primary'}
        value={Math.min(100, data?.usageRpmRate ?? 0) / 100}
      />
      <div className="gw-stat-sub">{t('dashboard.tpm_value', { tpm: data?.tpm ?? 0 })}</div>
    </Card>
  );
}
