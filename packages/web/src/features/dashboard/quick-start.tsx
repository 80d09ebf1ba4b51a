import { Button, Card } from '@blueprintjs/core';
import { type ChatLink, chatLinksOf, fillChatLink, getPlaygroundTokenKey, isWebChatLink } from '@gw/core';
import { useRef } from 'react';
import { useApp } from '../../app/app-context';
import { showError } from '../../lib/toasts';
import { useT } from '../../lib/use-t';

/**
 * Quick start (spec §7): a button per chat link, web links in one row and app links in another; the
 * first click asks for the playground token (made on first use) and each opens its link filled with it.
 */
export function QuickStart() {
  const t = useT();
  const { client, site } = useApp();
  const key = useRef<string | undefined>(undefined);
  const links = chatLinksOf({ chat_links: site?.chat_links, chat_link: site?.chat_link });
  const server = (site?.server_address || window.location.origin).replace(/\/+$/, '');
  const open = async (link: ChatLink) => {
    // The tab is opened at once (a browser lets a click open one), then sent to the filled address.
    const tab = window.open('', '_blank');
    try {
      key.current ??= await getPlaygroundTokenKey(client);
      const url = fillChatLink(link.url, key.current, server);
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch (error) {
      tab?.close();
      showError(error, t);
    }
  };
  const row = (web: boolean) => (
    <div className="gw-quick-start-row">
      {links
        .filter((link) => isWebChatLink(link) === web)
        .map((link) => (
          <Button
            key={link.name}
            icon={web ? 'globe' : 'mobile-phone'}
            text={link.name}
            onClick={() => void open(link)}
          />
        ))}
    </div>
  );
  return (
    <Card className="gw-quick-start" role="region" aria-label={t('dashboard.quick_start')}>
      <div className="gw-chart-title">{t('dashboard.quick_start')}</div>
      {row(true)}
      {row(false)}
    </Card>
  );
}
