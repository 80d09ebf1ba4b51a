import { type ColumnContext, formatTimestamp, TASK_SCREEN, type Task } from '@gw/core';
import { useState } from 'react';
import { useQuotaDisplay } from '../../app/use-quota-display';
import { LabelChip } from '../../kit/label-chip';
import { ResourceScreen } from '../../kit/resource-screen';
import type { RowSlots } from '../../kit/resource-table';
import { useT } from '../../lib/use-t';
import { TaskDetailDialog } from './task-detail-dialog';

// The status is a chip that acts as a button (drawn without a button's own look).
const STATUS_BUTTON = { padding: 0, border: 0, background: 'none', cursor: 'pointer' };

const statusColumn = TASK_SCREEN.columns.find((column) => column.id === 'status');

/** The async task screen (console-screens §21): admins see every task, users their own; a status opens the result. */
export function TaskPage() {
  const t = useT();
  const quota = useQuotaDisplay();
  const [opened, setOpened] = useState<Task | undefined>();
  const ctx: ColumnContext = { t, quota, time: formatTimestamp };
  const slots: RowSlots<Task> = {
    cell: (task, column) =>
      column === 'status' && statusColumn
        ? {
            content: (
              <button
                type="button"
                style={STATUS_BUTTON}
                aria-label={t('tasks.detail.open', { name: task.task_id || String(task.id) })}
                onClick={() => setOpened(task)}
              >
                <LabelChip text={statusColumn.value(task, ctx)} {...statusColumn.chipStyle?.(task)} />
              </button>
            ),
          }
        : undefined,
  };
  return (
    <ResourceScreen screen={TASK_SCREEN} slots={slots}>
      {opened && <TaskDetailDialog task={opened} onClose={() => setOpened(undefined)} />}
    </ResourceScreen>
  );
}
