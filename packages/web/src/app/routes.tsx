import { Spinner } from '@blueprintjs/core';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { HomePage } from '../features/site-pages/home-page';
import { NotFoundPage, PricePage } from '../pages/simple-pages';
import { PlaygroundPage } from './playground-route';
import { PublicLayout } from './public/public-layout';

// One import site per chunk: each `import()` carries its own list of files to preload.
const loadPublicPages = () => import('./public/public-pages');
type PublicPages = Awaited<ReturnType<typeof loadPublicPages>>;

/** A public page off the first screen (they share one chunk). */
function publicPage(name: keyof PublicPages) {
  return lazy(() => loadPublicPages().then((pages) => ({ default: pages[name] })));
}

// The console shell, and the pages off the first screen, load on demand.
const PanelLayout = lazy(() =>
  import('./panel/panel-layout').then((module) => ({ default: module.PanelLayout })),
);
const AboutPage = publicPage('AboutPage');
const RegisterPage = publicPage('RegisterPage');
const ForgotPasswordPage = publicPage('ForgotPasswordPage');
const ResetPasswordPage = publicPage('ResetPasswordPage');
const OAuthCallbackPage = publicPage('OAuthCallbackPage');
const JumpPage = publicPage('JumpPage');

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
          <Route path="register" element={<RegisterPage />} />
          <Route path="reset" element={<ForgotPasswordPage />} />
          <Route path="user/reset" element={<ResetPasswordPage />} />
          <Route path="oauth/:provider" element={<OAuthCallbackPage />} />
          <Route path="jump" element={<JumpPage />} />
          <Route path="playground" element={<PlaygroundPage />} />
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
        <Route path="panel/*" element={<PanelLayout />} />
      </Routes>
    </Suspense>
  );
}
