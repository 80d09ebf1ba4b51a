import { Button } from '@blueprintjs/core';
import { LOG_SCREEN, type Log } from '@gw/core';
import { useState } from 'react';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { useT } from '../../lib/use-t';
import { LogDetailDialog } from './log-detail-dialog';
import { LogStatLine } from './log-stat-line';
import './logs.css';

/**
 * The log screen (console-screens §3) from core's description: admins see every user's logs, users
 * their own; the stat line of the current filter above the table, each row's detail in a dialog, and
 * the server's CSV export of the filter in the toolbar.
 */
export function LogPage() {
  const t = useT();
  const [opened, setOpened] = useState<Log | undefined>();
  const slots: RowSlots<Log> = {
    actions: (log) => (
      <Button
        size="small"
        variant="minimal"
        icon="eye-open"
        aria-label={t('logs.detail.open', { id: log.id })}
        onClick={() => setOpened(log)}
      />
    ),
  };
  return (
    <ResourceScreen
      screen={LOG_SCREEN}
      banner={(list) => <LogStatLine query={list.query} listSettled={list.settled} />}
      slots={slots}
    >
      {opened && <LogDetailDialog log={opened} onClose={() => setOpened(undefined)} />}
    </ResourceScreen>
  );
}
