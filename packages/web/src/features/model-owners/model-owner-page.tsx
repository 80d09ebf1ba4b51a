import { MODEL_OWNER_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin model owner screen (console-screens §18), drawn by the kit from core's description. */
export function ModelOwnerPage() {
  return <ResourceScreen screen={MODEL_OWNER_SCREEN} />;
}
