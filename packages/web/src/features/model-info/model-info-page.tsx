import { MODEL_INFO_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen';

/** The admin model info screen (console-screens §19), drawn by the kit from core's description. */
export function ModelInfoPage() {
  return <ResourceScreen screen={MODEL_INFO_SCREEN} />;
}
