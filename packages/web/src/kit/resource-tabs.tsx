import { Tab, Tabs } from '@blueprintjs/core';
import type { ScreenDef } from '@gw/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '../lib/use-t';
import { ResourceScreen } from './resource-screen';
import { useScreenSections } from './use-screen-sections';

/** A tab's screen: the tabs list different rows (and a read-only tab has no form); each is drawn alone. */
// biome-ignore lint/suspicious/noExplicitAny: see above
type TabScreen = ScreenDef<any, any, any> | ScreenDef<any, never, never>;

interface ResourceTabsProps {
  /** The tabs in order, each a screen with its `tab`; the first is shown when the hash names none. */
  screens: readonly TabScreen[];
  /** The page's title (its menu item's name). */
  titleKey: string;
  /** Buttons beside the title that act on the whole page (pricing's "check for updates"). */
  actions?: ReactNode;
  /** Shown above the tabs (pricing's warnings). */
  banner?: ReactNode;
}

/**
 * A route whose screens are tabs (payments: orders and gateways), the tab kept in the URL hash
 * (`#gateway`), so a link or a reload opens the same one. A new tab starts from its own filters.
 */
export function ResourceTabs({ screens, titleKey, actions, banner }: ResourceTabsProps) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  // The tab labels are in the screens' own sections, loaded with the route.
  const ready = useScreenSections([...new Set(screens.map((screen) => screen.titleKey.split('.')[0] ?? ''))]);
  const hash = location.hash.replace(/^#/, '');
  const current = screens.find((screen) => screen.tab?.id === hash) ?? screens[0];
  if (!current || !ready) return null;
  return (
    <div className="gw-resource-tabs">
      <div className="gw-page-header">
        <h2>{t(titleKey)}</h2>
        {actions}
      </div>
      {banner}
      <Tabs
        id={`${current.id}-tabs`}
        selectedTabId={current.tab?.id}
        onChange={(id) => navigate({ pathname: location.pathname, search: '', hash: `#${String(id)}` })}
      >
        {screens.map((screen) => (
          <Tab
            key={screen.tab?.id}
            id={screen.tab?.id ?? screen.id}
            title={t(screen.tab?.labelKey ?? screen.titleKey)}
          />
        ))}
      </Tabs>
      <ResourceScreen
        key={current.tab?.id}
        screen={current as ScreenDef<unknown, unknown, unknown>}
        embedded
      />
    </div>
  );
}
