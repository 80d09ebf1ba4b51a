import { Button } from '@blueprintjs/core';
import { getOAuthState, getOidcAuthorizeUrl, oauthAuthorizeUrl, type SignInProvider } from '@gw/core';
import { lazy, Suspense, useState } from 'react';
import { useApp } from '../../app/app-context';
import { useScreenSections } from '../../kit/use-screen-sections';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';
import './auth.css';

const WechatLoginDialog = lazy(() =>
  import('./wechat-login-dialog').then((module) => ({ default: module.WechatLoginDialog })),
);

const ICONS: Record<SignInProvider, string> = {
  github: 'git-branch',
  wechat: 'chat',
  lark: 'send-message',
  oidc: 'key',
};

/**
 * The third-party buttons of the sign-in page (§13.1), then an "or" divider. GitHub, Lark and OIDC
 * leave for the provider with a fresh state and come back to `/oauth/<provider>`; WeChat asks for the
 * code its official account sends, in a dialog.
 */
export function ThirdPartySignIn({ providers }: { providers: readonly SignInProvider[] }) {
  const t = useT();
  const { client, site } = useApp();
  const [busy, setBusy] = useState<SignInProvider | undefined>();
  const [wechat, setWechat] = useState(false);
  // The buttons' words come with this chunk, not with the first screen.
  const ready = useScreenSections(['account']);

  const start = async (provider: SignInProvider) => {
    if (provider === 'wechat') {
      setWechat(true);
      return;
    }
    setBusy(provider);
    try {
      const url =
        provider === 'oidc'
          ? await getOidcAuthorizeUrl(client)
          : oauthAuthorizeUrl(provider, {
              clientId: (provider === 'github' ? site?.github_client_id : site?.lark_client_id) ?? '',
              state: await getOAuthState(client),
              origin: window.location.origin,
            });
      window.location.assign(url);
    } catch (error) {
      showError(error, t);
      setBusy(undefined);
    }
  };

  if (!ready) return null;
  return (
    <div className="gw-third-party">
      {providers.map((provider) => {
        const name = t(`account.providers.${provider}`);
        return (
          <Button
            key={provider}
            fill
            icon={ICONS[provider] as 'key'}
            loading={busy === provider}
            text={t('account.continue_with', { provider: name })}
            onClick={() => void start(provider)}
          />
        );
      })}
      <div className="gw-divider" aria-hidden="true">
        <span>{t('account.or')}</span>
      </div>
      {wechat && (
        <Suspense fallback={null}>
          <WechatLoginDialog onClose={() => setWechat(false)} />
        </Suspense>
      )}
    </div>
  );
}
