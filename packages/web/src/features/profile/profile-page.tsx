import { Spinner, Tab, Tabs } from '@blueprintjs/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { NavTitle } from '../../kit/nav-title';
import { queryClient } from '../../kit/query-client';
import { useScreenSections } from '../../kit/use-screen-sections';
import { useSelf } from '../../kit/use-self';
import { useT } from '../../lib/use-t';
import { AccessTokenTab } from './access-token-tab';
import { BindingTab } from './binding-tab';
import { GeneralTab } from './general-tab';
import { PasskeysTab } from './passkeys-tab';
import './profile.css';

/** The tabs of §23, kept in the URL hash (`#token`). */
const PROFILE_TABS = ['general', 'binding', 'passkeys', 'token'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

/** The Profile screen (console-screens §23): general, account binding, passkeys and access token. */
export function ProfilePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <NavTitle id="profile" />
      <ProfileSections />
    </QueryClientProvider>
  );
}

function ProfileSections() {
  const ready = useScreenSections(['users', 'account']);
  if (!ready) return <Spinner className="gw-page-spinner" />;
  return <ProfileTabs />;
}

function ProfileTabs() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const self = useSelf();
  const named = location.hash.replace(/^#/, '');
  const tab = (PROFILE_TABS as readonly string[]).includes(named) ? (named as ProfileTab) : 'general';
  if (!self.data) return <Spinner className="gw-page-spinner" />;
  const user = self.data;
  const panels: Record<ProfileTab, React.JSX.Element> = {
    general: <GeneralTab user={user} />,
    binding: <BindingTab user={user} />,
    passkeys: <PasskeysTab />,
    token: <AccessTokenTab />,
  };
  return (
    <Tabs
      id="profile-tabs"
      className="gw-profile"
      selectedTabId={tab}
      onChange={(next) => navigate({ hash: String(next) }, { replace: true })}
      renderActiveTabPanelOnly
    >
      {PROFILE_TABS.map((name) => (
        <Tab key={name} id={name} title={t(`users.profile.tabs.${name}`)} panel={panels[name]} />
      ))}
    </Tabs>
  );
}
