import { AUDIT_SCREEN, type AuditEntry, type ColumnContext, formatTimestamp, truncateText } from '@gw/core';
import { useState } from 'react';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { useT } from '../../lib/use-t';
import { AuditChangesDialog } from './audit-changes-dialog';

// The changes cell acts as a button (drawn without a button's own look).
const CHANGES_BUTTON = {
  padding: 0,
  border: 0,
  background: 'none',
  cursor: 'pointer',
  textAlign: 'left',
} as const;

const changesColumn = AUDIT_SCREEN.columns.find((column) => column.id === 'changes');

/**
 * The admin audit trail (issue 15), drawn by the kit from core's description: read-only and filterable; an
 * entry's changes open in full, field by field, before and after.
 */
export function AuditPage() {
  const t = useT();
  const quota = useQuotaDisplay();
  const [opened, setOpened] = useState<AuditEntry | undefined>();
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const slots: RowSlots<AuditEntry> = {
    // The time, the changes and the path break onto lines: the trail fits a 1440 px screen instead of
    // cutting its changes at the edge.
    wrap: ['created_at', 'changes', 'path'],
    cell: (entry, column) =>
      column === 'changes' && changesColumn
        ? {
            content: (
              <button
                type="button"
                style={CHANGES_BUTTON}
                aria-label={t('audit.detail.open', { name: `${entry.action} ${entry.resource_id}`.trim() })}
                onClick={() => setOpened(entry)}
              >
                {truncateText(changesColumn.value(entry, ctx), changesColumn.truncate ?? 60)}
              </button>
            ),
          }
        : undefined,
  };
  return (
    <ResourceScreen screen={AUDIT_SCREEN} slots={slots}>
      {opened && <AuditChangesDialog entry={opened} onClose={() => setOpened(undefined)} />}
    </ResourceScreen>
  );
}
