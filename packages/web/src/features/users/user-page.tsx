import { USERS_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The last sign-in's IP under its time, so the list fits a 1440 px screen (CSV keeps them apart). */
const SIGN_IN_AND_IP = { last_login_ip: 'last_login_time' };

/** The admin Users screen (console-screens §5), drawn by the kit from core's description. */
export function UserPage() {
  return <ResourceScreen screen={USERS_SCREEN} merged={SIGN_IN_AND_IP} />;
}
