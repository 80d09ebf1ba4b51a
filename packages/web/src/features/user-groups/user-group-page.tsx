import { USER_GROUP_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin user group screen (console-screens §6), drawn by the kit from core's description. */
export function UserGroupPage() {
  return <ResourceScreen screen={USER_GROUP_SCREEN} />;
}
