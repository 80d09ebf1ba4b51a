// The menu's screens that core describes whole as ScreenDefs: the kit draws them as they are.
import {
  AUDIT_SCREEN,
  INVOICE_SCREEN,
  type InvoiceMonth,
  LOG_SCREEN,
  MIDJOURNEY_SCREEN,
  MODEL_CATALOGUE_SCREEN,
  MODEL_INFO_SCREEN,
  MODEL_OWNER_SCREEN,
  PAYMENT_SCREENS,
  PRICE_GROUP_SCREEN,
  PRICE_SCREEN,
  REDEMPTION_SCREEN,
  TASK_SCREEN,
  TELEGRAM_MENU_SCREEN,
  USER_GROUP_SCREEN,
  USERS_SCREEN,
} from '@gw/core';
import { type AnyScreen, listOnly, ResourceScreen } from '../../kit/resource-screen.js';
import type { ScreenExtras } from '../../kit/screen-extras.js';
import type { ItemScreenProps } from '../../shell/screen-for-item.js';
import { InvoiceSheetView } from './invoice-sheet.js';

/** The ScreenDefs of each menu item (several for a route with tabs). */
export const KIT_SCREENS: Record<string, readonly AnyScreen[]> = {
  user: [USERS_SCREEN],
  user_group: [USER_GROUP_SCREEN],
  redemption: [REDEMPTION_SCREEN],
  model_ownedby: [MODEL_OWNER_SCREEN],
  model_info: [MODEL_INFO_SCREEN],
  telegram: [TELEGRAM_MENU_SCREEN],
  // The order list has no form (its Values are `never`); the kit never opens one for it.
  payment: PAYMENT_SCREENS as unknown as readonly AnyScreen[],
  pricing: [PRICE_SCREEN, PRICE_GROUP_SCREEN],
  // The usage screens: read-only lists, each user's own rows below admin (screenForRole in the kit).
  log: [listOnly(LOG_SCREEN)],
  task: [listOnly(TASK_SCREEN)],
  midjourney: [listOnly(MIDJOURNEY_SCREEN)],
  invoice: [listOnly(INVOICE_SCREEN)],
  model_price: [listOnly(MODEL_CATALOGUE_SCREEN)],
  // The audit trail: read-only, admins only (the menu hides it below admin).
  audit: [listOnly(AUDIT_SCREEN)],
};

/** Users as core describes them. */
export function UsersScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.user ?? []} saveDir={saveDir} />;
}

/** User groups as core describes them. */
export function UserGroupsScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.user_group ?? []} saveDir={saveDir} />;
}

/** Redemption codes as core describes them. */
export function RedemptionsScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.redemption ?? []} saveDir={saveDir} />;
}

/** Model owners as core describes them. */
export function ModelOwnersScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.model_ownedby ?? []} saveDir={saveDir} />;
}

/** Model info as core describes them. */
export function ModelInfoScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.model_info ?? []} saveDir={saveDir} />;
}

/** Telegram menus as core describes them. */
export function TelegramScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.telegram ?? []} saveDir={saveDir} />;
}

/** Payment orders and gateways as core describes them. */
export function PaymentsScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.payment ?? []} saveDir={saveDir} />;
}

/** Model prices (single and grouped tabs) as core describes them. */
export function PricingScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.pricing ?? []} saveDir={saveDir} />;
}

/** Async tasks (Suno, Kling…) as core describes them. */
export function TasksScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.task ?? []} saveDir={saveDir} />;
}

/** Midjourney jobs as core describes them. */
export function MidjourneyScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.midjourney ?? []} saveDir={saveDir} />;
}

/** The monthly bills as core describes them; Enter opens a month's bill sheet. */
export function InvoicesScreen({ saveDir }: ItemScreenProps) {
  const extras: ScreenExtras<InvoiceMonth> = { detail: InvoiceSheetView };
  return <ResourceScreen screens={KIT_SCREENS.invoice ?? []} saveDir={saveDir} extras={extras} />;
}

/** The available models and their prices per group, as core describes them. */
export function AvailableModelsScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.model_price ?? []} saveDir={saveDir} />;
}

/** The audit trail of administrative changes as core describes it. */
export function AuditScreen({ saveDir }: ItemScreenProps) {
  return <ResourceScreen screens={KIT_SCREENS.audit ?? []} saveDir={saveDir} />;
}
