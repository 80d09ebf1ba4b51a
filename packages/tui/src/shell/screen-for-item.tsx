import {
  CHANNEL_SCREEN,
  type MenuItem,
  MODEL_OWNER_SCREEN,
  PAYMENT_SCREENS,
  PRICE_GROUP_SCREEN,
  PRICE_SCREEN,
  REDEMPTION_SCREEN,
  TELEGRAM_MENU_SCREEN,
  USER_GROUP_SCREEN,
  USERS_SCREEN,
} from '@gw/core';
import type { ReactElement } from 'react';
import { type AnyScreen, ResourceScreen } from '../kit/resource-screen.js';
import { TokenScreen } from '../screens/tokens/token-screen.js';
import { UnavailableScreen } from '../screens/unavailable/unavailable-screen.js';

/** The menu items core describes as ScreenDefs (several for a route with tabs), drawn by the kit. */
export const RESOURCE_SCREENS: Record<string, readonly AnyScreen[]> = {
  user: [USERS_SCREEN],
  user_group: [USER_GROUP_SCREEN],
  redemption: [REDEMPTION_SCREEN],
  model_ownedby: [MODEL_OWNER_SCREEN],
  telegram: [TELEGRAM_MENU_SCREEN],
  channel: [CHANNEL_SCREEN],
  // The order list has no form (its Values are `never`); the kit never opens one for it.
  payment: PAYMENT_SCREENS as unknown as readonly AnyScreen[],
  pricing: [PRICE_SCREEN, PRICE_GROUP_SCREEN],
};

/** The screens the terminal draws with its own code, by menu item id. */
const SCREENS: Record<string, () => ReactElement> = {
  token: () => <TokenScreen />,
};

/** The screen for a menu item; an item with neither says it is not available yet. */
export function screenForItem(item: MenuItem, saveDir?: string): ReactElement {
  const custom = SCREENS[item.id];
  if (custom) return custom();
  const screens = RESOURCE_SCREENS[item.id];
  if (screens) return <ResourceScreen screens={screens} saveDir={saveDir} />;
  return <UnavailableScreen item={item} />;
}
