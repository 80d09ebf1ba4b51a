import { USERS_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin Users screen (console-screens §5), drawn by the kit from core's description. */
export function UserPage() {
  return <ResourceScreen screen={USERS_SCREEN} />;
}
