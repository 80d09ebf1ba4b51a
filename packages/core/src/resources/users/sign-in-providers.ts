// Which third-party sign-ins a site offers. Apart from oauth.ts (and its schemas) because the sign-in
// page, on the console's first screen, needs only this.

/** A third-party sign-in the login page offers. */
export type SignInProvider = 'github' | 'wechat' | 'lark' | 'oidc';

/**
 * The third-party buttons of the login page, in one-hub's order (§13.1), each only when the site's
 * status turns it on. (Telegram has no sign-in call in the contract: its bot binds accounts instead.)
 */
export function signInProviders(
  status:
    | { github_oauth: boolean; wechat_login: boolean; lark_login: boolean; oidc_auth: boolean }
    | undefined,
): SignInProvider[] {
  if (!status) return [];
  const offered: [SignInProvider, boolean][] = [
    ['github', status.github_oauth],
    ['wechat', status.wechat_login],
    ['lark', status.lark_login],
    ['oidc', status.oidc_auth],
  ];
  return offered.filter(([, on]) => on).map(([provider]) => provider);
}
