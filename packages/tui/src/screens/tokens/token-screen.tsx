import { TOKEN_SCREEN } from '@gw/core';
import { ResourceScreen } from '../../kit/resource-screen.js';
import type { ItemScreenProps } from '../../shell/screen-for-item.js';

const SCREENS = [TOKEN_SCREEN];

/** The caller's tokens through the kit: list, create, edit, copy the key, enable/disable, delete. */
export function TokenScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={SCREENS} saveDir={saveDir} />;
}
