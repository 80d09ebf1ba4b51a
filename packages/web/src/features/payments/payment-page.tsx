import { PAYMENT_SCREENS } from '@gw/core';
import { ResourceTabs } from '../../kit/resource-tabs';

/** The admin payment screen (console-screens §15): orders and gateways as tabs (`#order`, `#gateway`). */
export function PaymentPage() {
  return <ResourceTabs screens={PAYMENT_SCREENS} titleKey="nav.payment" />;
}
