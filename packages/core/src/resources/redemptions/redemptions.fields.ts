import type { ColumnDef } from '../../format/columns.js';
import { renderQuota } from '../../format/quota.js';
import { REDEMPTION_STATUS, type Redemption, redemptionStatusKey } from './redemptions.schema.js';

/** The redemption table's columns (console-screens §4), shared by every face. */
export const REDEMPTION_COLUMNS: readonly ColumnDef<Redemption>[] = [
  {
    id: 'id',
    titleKey: 'redemptions.fields.id',
    sortField: 'id',
    priority: 2,
    value: (row) => String(row.id),
  },
  {
    id: 'name',
    titleKey: 'redemptions.fields.name',
    sortField: 'name',
    priority: 1,
    value: (row) => row.name,
  },
  {
    id: 'status',
    titleKey: 'redemptions.fields.status',
    sortField: 'status',
    priority: 1,
    // Shown where the row has no switch: a used code is a green "Used" chip (spec §4).
    chip: true,
    chipStyle: (row) => (row.status === REDEMPTION_STATUS.used ? { tone: 'success' } : { tone: 'default' }),
    value: (row, ctx) => ctx.t(redemptionStatusKey(row.status)),
  },
  {
    id: 'quota',
    titleKey: 'redemptions.fields.quota',
    sortField: 'quota',
    priority: 2,
    value: (row, ctx) => renderQuota(row.quota, ctx.quota),
  },
  {
    id: 'created_time',
    titleKey: 'redemptions.fields.created_time',
    sortField: 'created_time',
    priority: 4,
    value: (row, ctx) => ctx.time(row.created_time),
  },
  {
    id: 'redeemed_time',
    titleKey: 'redemptions.fields.redeemed_time',
    sortField: 'redeemed_time',
    priority: 3,
    value: (row, ctx) =>
      row.redeemed_time ? ctx.time(row.redeemed_time) : ctx.t('redemptions.not_redeemed'),
  },
  { id: 'key', titleKey: 'redemptions.fields.key', priority: 5, value: (row) => row.key },
];
