import { Button } from '@blueprintjs/core';
import {
  formatTimestamp,
  LOG_COLUMNS,
  LOG_CONTENT_SECTIONS,
  LOG_SCREEN,
  type Log,
  logBilling,
} from '@gw/core';
import { useState } from 'react';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { useScreenSections } from '../../kit/use-screen-sections';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { useT } from '../../lib/use-t';
import { BillingBreakdown, logCell } from './log-cells';
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
  const quota = useQuotaDisplay();
  // The special tokens' names and the Free / price words are the price list's; the re-worded log texts'
  // keys are in their own sections.
  const ready = useScreenSections(['prices', ...LOG_CONTENT_SECTIONS]);
  const columnText = (log: Log, id: string) =>
    LOG_COLUMNS.find((column) => column.id === id)?.value(log, { t, quota, time: formatTimestamp }) ?? '';
  const slots: RowSlots<Log> = {
    // The widest cells break onto lines, so the 14 columns fit a 1440 px screen and the Detail column
    // is not left under the sticky actions column.
    wrap: ['created_at', 'channel', 'content'],
    cell: (log, columnId) => logCell(log, columnId, t, quota, columnText),
    // A consume row with its ratios opens on its billing breakdown.
    expand: (log) => {
      const billing = logBilling(log);
      return billing ? () => <BillingBreakdown billing={billing} quota={quota} t={t} /> : undefined;
    },
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
  if (!ready) return null;
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
