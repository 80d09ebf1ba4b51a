import { Spinner } from '@blueprintjs/core';
import { DEFAULT_PANEL_PATH, type MenuItem, menuEntryAllowed, menuLeaves, NAVIGATION } from '@gw/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { NotAvailable, NotFoundPage } from '../../pages/simple-pages';
import { useApp, useUser } from '../app-context';
import { PlaygroundPage } from '../playground-route';

const TokenPage = lazy(() =>
  import('../../features/tokens/token-page').then((module) => ({ default: module.TokenPage })),
);

const DashboardPage = lazy(() =>
  import('../../features/dashboard/dashboard-page').then((module) => ({ default: module.DashboardPage })),
);

const UserPage = lazy(() =>
  import('../../features/users/user-page').then((module) => ({ default: module.UserPage })),
);

const SettingsPage = lazy(() =>
  import('../../features/settings/settings-page').then((module) => ({ default: module.SettingsPage })),
);

const AnalyticsPage = lazy(() =>
  import('../../features/analytics/analytics-page').then((module) => ({ default: module.AnalyticsPage })),
);
const MultiUserStatsPage = lazy(() =>
  import('../../features/analytics/multi-user-stats-page').then((module) => ({
    default: module.MultiUserStatsPage,
  })),
);
const SystemInfoPage = lazy(() =>
  import('../../features/system-info/system-info-page').then((module) => ({
    default: module.SystemInfoPage,
  })),
);

const UserGroupPage = lazy(() =>
  import('../../features/user-groups/user-group-page').then((module) => ({ default: module.UserGroupPage })),
);
const ModelOwnerPage = lazy(() =>
  import('../../features/model-owners/model-owner-page').then((module) => ({
    default: module.ModelOwnerPage,
  })),
);
const ModelInfoPage = lazy(() =>
  import('../../features/model-info/model-info-page').then((module) => ({ default: module.ModelInfoPage })),
);
const TelegramPage = lazy(() =>
  import('../../features/telegram/telegram-page').then((module) => ({ default: module.TelegramPage })),
);
const RedemptionPage = lazy(() =>
  import('../../features/redemptions/redemption-page').then((module) => ({ default: module.RedemptionPage })),
);
const PaymentPage = lazy(() =>
  import('../../features/payments/payment-page').then((module) => ({ default: module.PaymentPage })),
);
const PricingPage = lazy(() =>
  import('../../features/prices/pricing-page').then((module) => ({ default: module.PricingPage })),
);
const TopupPage = lazy(() =>
  import('../../features/topup/topup-page').then((module) => ({ default: module.TopupPage })),
);
const ProfilePage = lazy(() =>
  import('../../features/profile/profile-page').then((module) => ({ default: module.ProfilePage })),
);
const UsageScreen = lazy(() => import('./usage-screens').then((module) => ({ default: module.UsageScreen })));
const AuditPage = lazy(() =>
  import('../../features/audit/audit-page').then((module) => ({ default: module.AuditPage })),
);
const ChannelPage = lazy(() =>
  import('../../features/channels/channel-page').then((module) => ({ default: module.ChannelPage })),
);

/** Screens built in this version; every other menu item shows "not available yet". */
const BUILT: Record<string, React.ReactNode> = {
  dashboard: <DashboardPage />,
  token: <TokenPage />,
  user: <UserPage />,
  analytics: <AnalyticsPage />,
  multi_user_stats: <MultiUserStatsPage />,
  system_info: <SystemInfoPage />,
  setting: <SettingsPage />,
  user_group: <UserGroupPage />,
  model_ownedby: <ModelOwnerPage />,
  model_info: <ModelInfoPage />,
  telegram: <TelegramPage />,
  redemption: <RedemptionPage />,
  payment: <PaymentPage />,
  pricing: <PricingPage />,
  channel: <ChannelPage />,
  audit: <AuditPage />,
  topup: <TopupPage />,
  profile: <ProfilePage />,
  model_price: <UsageScreen id="model_price" />,
  log: <UsageScreen id="log" />,
  midjourney: <UsageScreen id="midjourney" />,
  task: <UsageScreen id="task" />,
  invoice: <UsageScreen id="invoice" />,
  playground: <PlaygroundPage />,
};

/** The console's child routes: one per menu item, admin (and root) items refused to other roles. */
export function PanelRoutes() {
  const user = useUser();
  const { site } = useApp();
  // A site feature that is off (the monthly bills) has no page either; the menu hides it. Until the
  // site information has loaded, such a page shows nothing instead of being refused.
  const guarded = (item: Pick<MenuItem, 'isAdmin' | 'isRoot' | 'siteFlag'>, page: React.ReactNode) =>
    item.siteFlag && !site ? null : menuEntryAllowed(item, user?.role, site) ? (
      page
    ) : (
      <Navigate to="/panel/404" replace />
    );
  return (
    <Suspense fallback={<Spinner className="gw-page-spinner" />}>
      <Routes>
        <Route index element={<Navigate to={DEFAULT_PANEL_PATH} replace />} />
        {menuLeaves(NAVIGATION).map((item) => (
          <Route key={item.id} path={item.id} element={guarded(item, BUILT[item.id] ?? <NotAvailable />)} />
        ))}
        <Route
          path="invoice/detail/:month"
          element={guarded({ siteFlag: 'UserInvoiceMonth' }, <UsageScreen id="invoice" />)}
        />
        <Route path="404" element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to="/panel/404" replace />} />
      </Routes>
    </Suspense>
  );
}
