import { Navigate, Route, Routes } from 'react-router-dom';
import { ForgotPasswordPage } from '../../features/auth/forgot-password-page';
import { OAuthCallbackPage } from '../../features/auth/oauth-callback-page';
import { RegisterPage } from '../../features/auth/register-page';
import { ResetPasswordPage } from '../../features/auth/reset-password-page';
import { AboutPage } from '../../features/site-pages/about-page';
import { JumpPage } from '../../features/site-pages/jump-page';

/**
 * The public pages off the first screen, routed here in one chunk: sign-up, the password reset pair,
 * the OAuth callback, the jump page and about load together the first time any of them is opened; any
 * other path is not found.
 */
export function PublicPages() {
  return (
    <Routes>
      <Route path="about" element={<AboutPage />} />
      <Route path="register" element={<RegisterPage />} />
      <Route path="reset" element={<ForgotPasswordPage />} />
      <Route path="user/reset" element={<ResetPasswordPage />} />
      <Route path="oauth/:provider" element={<OAuthCallbackPage />} />
      <Route path="jump" element={<JumpPage />} />
      <Route path="*" element={<Navigate to="/404" replace />} />
    </Routes>
  );
}
