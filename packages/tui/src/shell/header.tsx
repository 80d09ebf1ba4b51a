import { GW_VERSION, roleLabelKey } from '@gw/core';
import { Text } from 'ink';
import { type RefreshState, useSession, useTuiEnv } from '../hooks/tui-context.js';

/** The console header (k9s): host, user, role, the current view and its refresh state. */
export function Header({ view, refresh }: { view: string; refresh?: RefreshState }) {
  const { t, glyphs } = useTuiEnv();
  const { server, user, status } = useSession();
  const host = server.replace(/^https?:\/\//, '');
  const refreshText = refresh
    ? refresh.loading
      ? t('tui.header.loading')
      : refresh.updatedAt
        ? t('tui.header.updated', { time: new Date(refresh.updatedAt).toLocaleTimeString('en-GB') })
        : t('tui.header.idle')
    : '';
  const parts = [
    `${status.system_name || 'gw'} ${status.version || GW_VERSION}`,
    `${t('tui.header.host')} ${host}`,
    `${t('tui.header.user')} ${user.username} (${t(roleLabelKey(user.role))})`,
    view,
    refreshText,
  ].filter(Boolean);
  return (
    <Text bold wrap="truncate-end">
      {parts.join(` ${glyphs.separator} `)}
    </Text>
  );
}
