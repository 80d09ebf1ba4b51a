import { Callout, Card, H4, Spinner } from '@blueprintjs/core';
import { renderQuota } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { InviteCard } from '../../kit/invite-card';
import { NavTitle } from '../../kit/nav-title';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { useSelf } from '../../kit/use-self';
import { useT } from '../../lib/use-t';
import { OnlineTopupCard } from './online-topup-card';
import { RedeemCard } from './redeem-card';
import './topup.css';

/** The Top-up screen (console-screens §14): balance, online payment, redemption codes and invitations. */
export function TopupPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <NavTitle id="topup" />
      <TopupSections />
    </QueryClientProvider>
  );
}

function TopupSections() {
  const ready = useScreenSections(['payments', 'users']);
  if (!ready) return <Spinner className="gw-page-spinner" />;
  return <TopupScreen />;
}

function TopupScreen() {
  const t = useT();
  const display = useQuotaDisplay();
  const self = useSelf();
  return (
    <div className="gw-topup">
      <Callout intent="warning" icon="info-sign">
        {t('payments.topup.notice')}
      </Callout>
      <Card className="gw-topup-balance">
        <H4>{t('payments.topup.balance')}</H4>
        <output aria-label={t('payments.topup.balance')} className="gw-topup-balance-value">
          {self.data ? renderQuota(self.data.quota, display) : <Spinner size={20} />}
        </output>
      </Card>
      <div className="gw-topup-cards">
        <OnlineTopupCard />
        <div className="gw-topup-side">
          <RedeemCard />
          <InviteCard self={self.data} />
        </div>
      </div>
    </div>
  );
}
