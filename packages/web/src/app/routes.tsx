import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/site-pages/home-page';
import { NotFoundPage } from '../pages/simple-pages';
import { PlaygroundPage } from './playground-route';
import { PublicLayout } from './public/public-layout';

// The console shell, and the public pages off the first screen (one chunk that routes them), load on demand.
const PanelLayout = lazy(() =>
  import('./panel/panel-layout').then((module) => ({ default: module.PanelLayout })),
);

// The public price list (spec §12.6) is the available-models screen, reached through the console chunk.
const PricePage = lazy(() =>
  import('./panel/panel-layout').then((module) => ({ default: module.PublicPricePage })),
);
const PublicPages = lazy(() =>
  import('./public/public-pages').then((module) => ({ default: module.PublicPages })),
);

/** Every route of spec §2: the public layout under /, the console under /panel. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner className="gw-page-spinner" />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="price" element={<PricePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="404" element={<NotFoundPage />} />
          <Route path="playground" element={<PlaygroundPage />} />
          <Route path="*" element={<PublicPages />} />
        </Route>
        <Route path="panel/*" element={<PanelLayout />} />
      </Routes>
    </Suspense>
  );
}
