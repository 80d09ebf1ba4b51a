import { Drawer, DrawerSize } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/use-t';
import { useLocation } from 'react-router-dom';
import { MEDIUM_UP, useMediaQuery } from '../../lib/media';
import { AuthGuard } from './auth-guard';
import { PanelBreadcrumbs } from './panel-breadcrumbs';
import { PanelRoutes } from './panel-routes';
import { PanelTopBar } from './panel-top-bar';
import { Sidebar } from './sidebar';

/** The console frame: top bar, sidebar (pinned on md and up, an overlay below), breadcrumbs, page. */
export function PanelLayout() {
  return (
    <AuthGuard>
      <PanelFrame />
    </AuthGuard>
  );
}

function PanelFrame() {
  const t = useT();
  const { pathname } = useLocation();
  const wide = useMediaQuery(MEDIUM_UP);
  const [open, setOpen] = useState(wide);
  useEffect(() => setOpen(wide), [wide]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every page change scrolls to the top
  useEffect(() => {
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  const sidebar = <Sidebar onNavigate={() => !wide && setOpen(false)} />;
  return (
    <div className="gw-panel">
      <PanelTopBar onToggleMenu={() => setOpen(!open)} menuOpen={open} />
      {wide ? (
        open && <aside className="gw-sidebar">{sidebar}</aside>
      ) : (
        <Drawer
          isOpen={open}
          onClose={() => setOpen(false)}
          position="left"
          size={DrawerSize.SMALL}
          style={{ width: 260 }}
          title={t('common.menu')}
        >
          <div className="gw-sidebar-drawer">{sidebar}</div>
        </Drawer>
      )}
      <main className={wide && open ? 'gw-panel-main gw-with-sidebar' : 'gw-panel-main'}>
        <div className="gw-content">
          <PanelBreadcrumbs />
          <PanelRoutes />
        </div>
      </main>
    </div>
  );
}
