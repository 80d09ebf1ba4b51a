// The public pages off the first screen, in one chunk: sign-up, the password reset pair, the OAuth
// callback, the jump page and about load together the first time any of them is opened.
export { ForgotPasswordPage } from '../../features/auth/forgot-password-page';
export { OAuthCallbackPage } from '../../features/auth/oauth-callback-page';
export { RegisterPage } from '../../features/auth/register-page';
export { ResetPasswordPage } from '../../features/auth/reset-password-page';
export { AboutPage } from '../../features/site-pages/about-page';
export { JumpPage } from '../../features/site-pages/jump-page';
