import { REDEMPTION_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin redemption code screen (console-screens §4), drawn by the kit from core's description. */
export function RedemptionPage() {
  return <ResourceScreen screen={REDEMPTION_SCREEN} />;
}
