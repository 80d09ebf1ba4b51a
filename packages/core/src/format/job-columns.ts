import type { ColumnDef } from './columns.js';

/** The channel and user of a job (a task, a Midjourney job): admins' columns. */
export function jobOwnerColumns<Row extends { channel_id: number; user_id: number }>(): ColumnDef<Row>[] {
  return [
    {
      id: 'channel_id',
      titleKey: 'tasks.fields.channel_id',
      sortField: 'channel_id',
      priority: 4,
      adminOnly: true,
      value: (row) => String(row.channel_id),
    },
    {
      id: 'user_id',
      titleKey: 'tasks.fields.user_id',
      sortField: 'user_id',
      priority: 4,
      adminOnly: true,
      value: (row) => String(row.user_id),
    },
  ];
}
