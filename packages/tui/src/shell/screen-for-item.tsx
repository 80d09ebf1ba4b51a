import type { MenuItem } from '@gw/core';
import type { ReactElement } from 'react';
import { TokenScreen } from '../screens/tokens/token-screen.js';
import { UnavailableScreen } from '../screens/unavailable/unavailable-screen.js';

/** The screens the terminal draws, by menu item id; every other item says it is not available yet. */
const SCREENS: Record<string, () => ReactElement> = {
  token: () => <TokenScreen />,
};

/** The screen for a menu item. */
export function screenForItem(item: MenuItem): ReactElement {
  return SCREENS[item.id]?.() ?? <UnavailableScreen item={item} />;
}
