import { Spinner } from '@blueprintjs/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/** The public pages' frame: top navigation, the page (a page loading on demand spins in place), the footer. */
export function PublicLayout() {
  return (
    <div className="gw-public">
      <TopNav />
      <main className="gw-public-main">
        <Suspense fallback={<Spinner className="gw-page-spinner" />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
