import type { MenuItem } from '@gw/core';
import { type ComponentType, lazy, type ReactElement, Suspense } from 'react';
import { ComingScreen } from '../screens/coming/coming-screen.js';
import { LoadingScreen } from '../screens/coming/loading-screen.js';

/** What every screen of the menu is given. */
export interface ItemScreenProps {
  /** Where a screen writes a file on request (created codes). */
  saveDir?: string;
}

type Loader = () => Promise<{ default: ComponentType<ItemScreenProps> }>;

/** React.lazy takes a module with a default export; screens export theirs by name. */
const screen = (component: ComponentType<ItemScreenProps>) => ({ default: component });

/**
 * The screens of the menu by item id, each loaded when first opened: the first frame (the menu) does
 * not wait for the kit or any screen.
 */
export const SCREEN_LOADERS: Record<string, Loader> = {
  token: () => import('../screens/tokens/token-screen.js').then((module) => screen(module.TokenScreen)),
  channel: () =>
    import('../screens/channels/channel-screen.js').then((module) => screen(module.ChannelScreen)),
  user: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.UsersScreen)),
  user_group: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.UserGroupsScreen)),
  redemption: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.RedemptionsScreen)),
  model_ownedby: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.ModelOwnersScreen)),
  model_info: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.ModelInfoScreen)),
  telegram: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.TelegramScreen)),
  payment: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.PaymentsScreen)),
  pricing: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.PricingScreen)),
  dashboard: () =>
    import('../screens/dashboard/dashboard-screen.js').then((module) => screen(module.DashboardScreen)),
  playground: () =>
    import('../screens/playground/playground-screen.js').then((module) => screen(module.PlaygroundScreen)),
  system_info: () =>
    import('../screens/system-info/system-info-screen.js').then((module) => screen(module.SystemInfoScreen)),
  analytics: () =>
    import('../screens/analytics/analytics-screen.js').then((module) => screen(module.AnalyticsScreen)),
  multi_user_stats: () =>
    import('../screens/multi-user/multi-user-screen.js').then((module) => screen(module.MultiUserScreen)),
  log: () => import('../screens/usage/log-screen.js').then((module) => screen(module.LogScreen)),
  task: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.TasksScreen)),
  midjourney: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.MidjourneyScreen)),
  invoice: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.InvoicesScreen)),
  model_price: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) =>
      screen(module.AvailableModelsScreen),
    ),
  audit: () =>
    import('../screens/resource-lists/resource-lists.js').then((module) => screen(module.AuditScreen)),
  setting: () =>
    import('../screens/settings/settings-screen.js').then((module) => screen(module.SettingsScreen)),
  profile: () =>
    import('../screens/profile/profile-screen.js').then((module) => screen(module.ProfileScreen)),
  topup: () => import('../screens/topup/topup-screen.js').then((module) => screen(module.TopupScreen)),
  notice: () => import('../screens/notice/notice-screen.js').then((module) => screen(module.NoticeScreen)),
};

/** The site notice, opened from the palette (`:notice`); it is not a menu item. */
export const NOTICE_ITEM: MenuItem = {
  id: 'notice',
  type: 'item',
  title: 'tui.notice.title',
  aliases: ['news'],
};

const loaded = new Map<string, ComponentType<ItemScreenProps>>();

/** The lazy component of an item, made once so React keeps it across renders. */
function lazyScreen(id: string, loader: Loader): ComponentType<ItemScreenProps> {
  let screen = loaded.get(id);
  if (!screen) {
    screen = lazy(loader);
    loaded.set(id, screen);
  }
  return screen;
}

/** The screen for a menu item; an item the terminal does not draw yet says it is coming. */
export function screenForItem(item: MenuItem, saveDir?: string): ReactElement {
  const loader = SCREEN_LOADERS[item.id];
  if (!loader) return <ComingScreen item={item} />;
  const Screen = lazyScreen(item.id, loader);
  return (
    <Suspense fallback={<LoadingScreen />}>
      <Screen saveDir={saveDir} />
    </Suspense>
  );
}
