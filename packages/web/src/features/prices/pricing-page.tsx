import { PRICE_GROUP_SCREEN, PRICE_SCREEN } from '@gw/core';
import { ResourceTabs } from '../../kit/resource-tabs';

const PRICE_TABS = [PRICE_SCREEN, PRICE_GROUP_SCREEN] as const;

/** The admin pricing screen (console-screens §17): single prices and price groups (`#single`, `#multiple`). */
export function PricingPage() {
  return <ResourceTabs screens={PRICE_TABS} titleKey="nav.pricing" />;
}
