import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { TopNav } from './top-nav';

/** The public pages' frame: top navigation, the page, the footer. */
export function PublicLayout() {
  return (
    <div className="gw-public">
      <TopNav />
      <main className="gw-public-main">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
