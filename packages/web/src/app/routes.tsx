import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { AboutPage, HomePage } from '../features/site-pages/site-pages';
import { NotAvailable, NotFoundPage } from '../pages/simple-pages';
import { PublicLayout } from './public/public-layout';

// The console shell and each resource screen load on demand, keeping the first page small.
const PanelLayout = lazy(() =>
  import('./panel/panel-layout').then((module) => ({ default: module.PanelLayout })),
);

// The public price list (spec §12.6) is the available-models screen, reached through the console chunk.
const PricePage = lazy(() =>
  import('./panel/panel-layout').then((module) => ({ default: module.PublicPricePage })),
);

const PUBLIC_NOT_BUILT = [
  '/register',
  '/reset',
  '/user/reset',
  '/oauth/github',
  '/oauth/oidc',
  '/oauth/lark',
  '/jump',
  '/playground',
];

/** Every route of spec §2: the public layout under /, the console under /panel. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Spinner className="gw-page-spinner" />}>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="price" element={<PricePage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="404" element={<NotFoundPage />} />
          {PUBLIC_NOT_BUILT.map((path) => (
            <Route key={path} path={path} element={<NotAvailable />} />
          ))}
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
        <Route path="panel/*" element={<PanelLayout />} />
      </Routes>
    </Suspense>
  );
}
