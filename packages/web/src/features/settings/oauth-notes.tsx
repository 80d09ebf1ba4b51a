import { Callout } from '@blueprintjs/core';
import { useT } from '../../lib/use-t';

/** Where each sign-in provider's app is set up, and the callback path it must be given (§24.2). */
const PROVIDERS: Record<string, { consoleKey: string; href: string; callback?: string }> = {
  github: {
    consoleKey: 'console_github',
    href: 'https://github.com/settings/developers',
    callback: 'github',
  },
  lark: { consoleKey: 'console_lark', href: 'https://open.feishu.cn/app', callback: 'lark' },
  oidc: { consoleKey: '', href: '', callback: 'oidc' },
  turnstile: { consoleKey: 'console_turnstile', href: 'https://dash.cloudflare.com/' },
  wechat: { consoleKey: 'console_wechat', href: 'https://github.com/songquanpeng/wechat-server' },
};

/** True for the cards that carry a provider note. */
export const hasProviderNote = (card: string) => card in PROVIDERS;

/**
 * The provider note of a sign-in card: a link to its console and the homepage and callback URLs built
 * from the server address (this page's origin while none is set).
 */
export function ProviderNote({ card, serverAddress }: { card: string; serverAddress: string }) {
  const t = useT();
  const provider = PROVIDERS[card];
  if (!provider) return null;
  const home = (serverAddress || window.location.origin).replace(/\/+$/, '');
  return (
    <Callout intent="primary">
      {provider.consoleKey ? (
        <p>
          <a href={provider.href} target="_blank" rel="noreferrer">
            {t(`options.screen.${provider.consoleKey}`)}
          </a>
        </p>
      ) : null}
      {provider.callback ? (
        <p>{t('options.screen.oauth_urls', { home, callback: `${home}/oauth/${provider.callback}` })}</p>
      ) : null}
    </Callout>
  );
}
