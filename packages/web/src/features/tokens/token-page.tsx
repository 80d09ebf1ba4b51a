import { Callout } from '@blueprintjs/core';
import '../../kit/kit.css';
import { chatLinksOf, TOKEN_SCREEN, type Token } from '@gw/core';
import { useMemo } from 'react';
import { useApp } from '../../app/app-context';
import type { RowSlots } from '../../kit/resource-table';
import { ResourceScreen } from '../../kit/resource-screen';
import { useScreenSections } from '../../kit/use-screen-sections';
import { copyText } from '../../lib/clipboard';
import { useT } from '../../lib/use-t';
import { serverAddress } from './token-list';
import { TokenLinkMenus } from './token-link-menus';

/** The admin search's rows carry their owner's name (core's `fromAdminSearch`). */
const fromAdminSearch = (token: Token) => token.owner_name !== undefined;

/** Core's token screen with the key's copy drawn by the page, beside its chat-link menus. */
const TOKEN_PAGE_SCREEN: typeof TOKEN_SCREEN = {
  ...TOKEN_SCREEN,
  rowActions: TOKEN_SCREEN.rowActions?.filter((action) => action.id !== 'copy'),
};

/**
 * The token screen (console-screens §2), drawn by the kit from core's description: the search and, for
 * admins, the owner/token id search; the §2.1 editor; and the page's own replace-the-address hint and
 * Copy / Chat menus filled from the site's chat links.
 */
export function TokenPage() {
  const t = useT();
  const { site } = useApp();
  const ready = useScreenSections(['token_screen']);
  const server = serverAddress(site?.server_address);
  const links = useMemo(
    () => chatLinksOf({ chat_links: site?.chat_links, chat_link: site?.chat_link }),
    [site?.chat_links, site?.chat_link],
  );
  const slots: RowSlots<Token> = useMemo(
    () => ({
      // The dates and the group break onto lines, so the Expires column is not left under the sticky
      // actions column (Copy and Chat menus) at 1440 px.
      wrap: ['group', 'backup_group', 'created_time', 'expired_time', 'accessed_time'],
      actions: (token, kit) => (
        <span className="gw-token-actions">
          <TokenLinkMenus token={token} links={links} server={server} keyOnly={fromAdminSearch(token)} />
          {kit.defaults}
        </span>
      ),
    }),
    [links, server],
  );
  if (!ready) return null;
  return (
    <ResourceScreen
      screen={TOKEN_PAGE_SCREEN}
      slots={slots}
      banner={
        <Callout intent="primary" className="gw-replace-hint">
          <button type="button" className="gw-link-button" onClick={() => void copyText(server, server, t)}>
            {t('tokens.replace_hint', { server })}
          </button>
        </Callout>
      }
    />
  );
}
