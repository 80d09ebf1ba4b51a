import { Button, ButtonGroup, Spinner } from '@blueprintjs/core';
import '../../kit/kit.css';
import './dashboard.css';
import { dashboardDefaultRange } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useApp } from '../../app/app-context';
import { InviteCard } from '../../kit/invite-card';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { useSelf } from '../../kit/use-self';
import { useT } from '../../lib/use-t';
import { AccountCards, KpiCards, RateCard } from './dashboard-cards';
import { ModelsStrip } from './models-strip';
import { QuickStart } from './quick-start';
import { UsageHeatmap } from './usage-heatmap';

// The charts (Chart.js and their range form) come in their own chunk, after the numbers are drawn.
const DashboardCharts = lazy(() =>
  import('./dashboard-charts').then((module) => ({ default: module.DashboardCharts })),
);

// The Status tab's code comes only when someone opens it, on sites that turn it on.
const UptimeStatus = lazy(() =>
  import('./uptime-status').then((module) => ({ default: module.UptimeStatus })),
);

/** The self dashboard (console-screens §7): figures first, then the charts over a chosen range. */
export function DashboardPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <DashboardGate />
    </QueryClientProvider>
  );
}

function DashboardGate() {
  return useScreenSections(['dashboard', 'payments']) ? <DashboardBody /> : null;
}

function DashboardBody() {
  const t = useT();
  const self = useSelf();
  const { site } = useApp();
  const [view, setView] = useState<'dashboard' | 'status'>('dashboard');
  const initialRange = useMemo(() => dashboardDefaultRange(Date.now()), []);
  const status = site?.UptimeEnabled === true && view === 'status';
  return (
    <div className="gw-dashboard">
      <div className="gw-page-header">
        <h2>{t('nav.dashboard')}</h2>
        {site?.UptimeEnabled === true && (
          <ButtonGroup>
            {(['dashboard', 'status'] as const).map((name) => (
              <Button
                key={name}
                className="gw-pill"
                active={view === name}
                aria-pressed={view === name}
                text={t(`dashboard.uptime.tab_${name}`)}
                onClick={() => setView(name)}
              />
            ))}
          </ButtonGroup>
        )}
      </div>
      {status ? (
        <Suspense
          fallback={<Spinner className="gw-page-spinner" aria-label={t('dashboard.uptime.loading')} />}
        >
          <UptimeStatus />
        </Suspense>
      ) : (
        <DashboardContent self={self.data} initialRange={initialRange} />
      )}
    </div>
  );
}

function DashboardContent({
  self,
  initialRange,
}: {
  self: ReturnType<typeof useSelf>['data'];
  initialRange: ReturnType<typeof dashboardDefaultRange>;
}) {
  const t = useT();
  return (
    <>
      <ModelsStrip />
      <AccountCards self={self} />
      <div className="gw-dashboard-row">
        <KpiCards />
        <RateCard />
      </div>
      <Suspense fallback={<Spinner className="gw-page-spinner" aria-label={t('dashboard.charts_loading')} />}>
        <DashboardCharts initialRange={initialRange} />
      </Suspense>
      <UsageHeatmap today={initialRange.end} />
      <QuickStart />
      <InviteCard self={self} />
    </>
  );
}
