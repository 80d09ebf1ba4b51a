import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { MEDIUM_UP, useMediaQuery } from '../../lib/media';
import { useConsoleOverlays } from '../palette/console-overlays';
import { AuthGuard } from './auth-guard';
import { PanelBreadcrumbs } from './panel-breadcrumbs';
import { PanelRoutes } from './panel-routes';
import { PanelTopBar } from './panel-top-bar';
import { Sidebar } from './sidebar';

// The public price page shares the console's screen code (the catalogue, its dialog), so it is reached
// through this chunk: that code then stays out of the first page's own files.
const UsagePublicPrice = lazy(() =>
  import('./usage-screens').then((module) => ({ default: module.PublicPricePage })),
);

/** The public price page (spec §12.6), loaded through the console chunk. */
export function PublicPricePage() {
  return (
    <Suspense fallback={null}>
      <UsagePublicPrice />
    </Suspense>
  );
}

// The overlay code loads only on narrow screens, the first time the menu opens there.
const SidebarDrawer = lazy(() =>
  import('./sidebar-drawer').then((module) => ({ default: module.SidebarDrawer })),
);

/**
 * The console frame: top bar, sidebar (pinned on md and up, an overlay below), breadcrumbs, page,
 * and the console-wide command palette and shortcut list.
 */
export function PanelLayout() {
  return (
    <AuthGuard>
      <PanelFrame />
    </AuthGuard>
  );
}

function PanelFrame() {
  const { pathname } = useLocation();
  const wide = useMediaQuery(MEDIUM_UP);
  const [open, setOpen] = useState(wide);
  // Once loaded, the drawer stays mounted so it can play its closing transition.
  const [drawerUsed, setDrawerUsed] = useState(false);
  useEffect(() => {
    if (open && !wide) setDrawerUsed(true);
  }, [open, wide]);
  useEffect(() => setOpen(wide), [wide]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: every page change scrolls to the top
  useEffect(() => {
    window.scrollTo?.({ top: 0, behavior: 'smooth' });
  }, [pathname]);
  const { openPalette, overlays } = useConsoleOverlays();
  const sidebar = <Sidebar onNavigate={() => !wide && setOpen(false)} />;
  return (
    <div className="gw-panel">
      <PanelTopBar onToggleMenu={() => setOpen(!open)} menuOpen={open} onOpenPalette={openPalette} />
      {wide
        ? open && <aside className="gw-sidebar">{sidebar}</aside>
        : (open || drawerUsed) && (
            <Suspense fallback={null}>
              <SidebarDrawer open={open} onClose={() => setOpen(false)}>
                {sidebar}
              </SidebarDrawer>
            </Suspense>
          )}
      <main className={wide && open ? 'gw-panel-main gw-with-sidebar' : 'gw-panel-main'}>
        <div className="gw-content">
          <PanelBreadcrumbs />
          <PanelRoutes />
        </div>
      </main>
      {overlays}
    </div>
  );
}
