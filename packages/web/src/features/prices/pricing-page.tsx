import { Button } from '@blueprintjs/core';
import { PRICE_GROUP_SCREEN, PRICE_SCREEN } from '@gw/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { queryClient } from '../../kit/query-client';
import { ResourceTabs } from '../../kit/resource-tabs';
import { useT } from '../../lib/use-t';
import { CheckUpdatesDialog } from './check-updates-dialog';
import { PriceWarnings } from './price-warnings';
import './prices.css';

const PRICE_TABS = [PRICE_SCREEN, PRICE_GROUP_SCREEN] as const;

/**
 * The admin pricing screen (console-screens §17): single prices and price groups (`#single`,
 * `#multiple`), the warnings about unpriced models, and the check-for-updates dialog.
 */
export function PricingPage() {
  const [checking, setChecking] = useState(false);
  return (
    <QueryClientProvider client={queryClient}>
      <ResourceTabs
        screens={PRICE_TABS}
        titleKey="nav.pricing"
        actions={<CheckUpdatesButton onClick={() => setChecking(true)} />}
        banner={<PriceWarnings />}
      />
      {checking && <CheckUpdatesDialog onClose={() => setChecking(false)} />}
    </QueryClientProvider>
  );
}

/** Drawn inside the tabs once the prices strings are loaded. */
function CheckUpdatesButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return <Button icon="cloud-download" text={t('prices.updates.title')} onClick={onClick} />;
}
