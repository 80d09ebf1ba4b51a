import { displayWidth, truncateCells } from '@gw/core';
import { GW_VERSION, roleLabelKey } from '@gw/core';
import { Text } from 'ink';
import { type RefreshState, useSession, useTuiEnv } from '../hooks/tui-context.js';

/** The console header (k9s): host, user, role, the current view and its refresh state. */
export function Header({ view, refresh }: { view: string; refresh?: RefreshState }) {
  const { t, glyphs, columns } = useTuiEnv();
  const { server, user, status } = useSession();
  const host = server.replace(/^https?:\/\//, '');
  const refreshText = refresh
    ? refresh.loading
      ? t('tui.header.loading')
      : refresh.updatedAt
        ? t('tui.header.updated', { time: new Date(refresh.updatedAt).toLocaleTimeString('en-GB') })
        : t('tui.header.idle')
    : '';
  const paused = refresh?.paused ? ` (${t('tui.header.paused')})` : '';
  const line = (labels: boolean, product: boolean) =>
    [
      product ? `${status.system_name || 'gw'} ${status.version || GW_VERSION}` : '',
      `${labels ? `${t('tui.header.host')} ` : ''}${host}`,
      `${labels ? `${t('tui.header.user')} ` : ''}${user.username} (${t(roleLabelKey(user.role))})`,
      view,
      refreshText && `${refreshText}${paused}`,
    ]
      .filter(Boolean)
      .join(` ${glyphs.separator} `);
  // Narrow terminals drop the field labels, then the product name, before anything is cut.
  const text =
    [line(true, true), line(false, true), line(false, false)].find((one) => displayWidth(one) <= columns) ??
    line(false, false);
  return <Text bold>{truncateCells(glyphs.text(text), columns, glyphs.ellipsis)}</Text>;
}
