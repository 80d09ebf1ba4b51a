import { Button, ButtonGroup } from '@blueprintjs/core';
import { type ChatLink, fillChatLink, type Token, tokenKeyForDisplay } from '@gw/core';
import { DropdownMenu } from '../../components/dropdown-menu';
import { copyText } from '../../lib/clipboard';
import { useT } from '../../lib/use-t';

interface TokenLinkMenusProps {
  token: Token;
  links: readonly ChatLink[];
  server: string;
  /** The admin search's rows (another owner's token) offer only the key (spec §2: "only Copy"). */
  keyOnly: boolean;
}

/**
 * A token's Copy and Chat split buttons (console-screens §2): Copy puts the `sk-` key on the clipboard
 * and its ▾ copies a chat link filled with it; Chat opens the first chat link, its ▾ any of them.
 */
export function TokenLinkMenus({ token, links, server, keyOnly }: TokenLinkMenusProps) {
  const t = useT();
  const key = tokenKeyForDisplay(token.key);
  const filled = (link: ChatLink) => fillChatLink(link.url, token.key, server);
  const open = (link: ChatLink) => window.open(filled(link), '_blank', 'noopener');
  const [first] = links;
  return (
    <ButtonGroup className="gw-token-links">
      <Button
        size="small"
        icon="duplicate"
        text={t('common.copy')}
        aria-label={t('web.copy_token', { name: token.name })}
        onClick={() => void copyText(key, t('tokens.key_label'), t)}
      />
      {!keyOnly && links.length > 0 && (
        <DropdownMenu
          label={t('web.tokens.copy_link_menu', { name: token.name })}
          icon="caret-down"
          floating
          items={links.map((link) => ({
            key: link.name,
            text: link.name,
            icon: 'link',
            onSelect: () => void copyText(filled(link), link.name, t),
          }))}
        />
      )}
      {!keyOnly && first && (
        <>
          <Button
            size="small"
            icon="chat"
            text={t('web.tokens.chat')}
            aria-label={t('web.tokens.chat_with', { name: token.name, link: first.name })}
            onClick={() => open(first)}
          />
          <DropdownMenu
            label={t('web.tokens.chat_menu', { name: token.name })}
            icon="caret-down"
            floating
            items={links.map((link) => ({
              key: link.name,
              text: link.name,
              icon: 'share',
              onSelect: () => open(link),
            }))}
          />
        </>
      )}
    </ButtonGroup>
  );
}
