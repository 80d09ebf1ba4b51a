import type { ColumnDef } from '../../format/columns.js';
import { renderQuota } from '../../format/quota.js';
import { isTagRow } from './channel-list.rules.js';
import { channelTypeNameKey } from './channel-types.js';
import { type Channel, channelStatusKey } from './channels.schema.js';

/** Latency in seconds with two decimals, or a dash for a channel never tested. */
export function channelResponseTime(channel: Channel): string {
  return channel.test_time > 0 ? `${(channel.response_time / 1000).toFixed(2)} s` : '-';
}

/**
 * The channel table's columns, shared by the web table, the TUI table and `gw channels list`.
 * Priority 1 columns always show; higher numbers drop first on narrow screens.
 */
export const CHANNEL_COLUMNS: readonly ColumnDef<Channel>[] = [
  // A row standing for a whole tag (the list's one row per tag) says so and goes by the tag's name.
  {
    id: 'id',
    titleKey: 'channels.fields.id',
    sortField: 'id',
    priority: 2,
    value: (c, ctx) => (isTagRow(c) ? ctx.t('channels.list.tag_chip') : String(c.id)),
  },
  {
    id: 'name',
    titleKey: 'channels.fields.name',
    sortField: 'name',
    priority: 1,
    value: (c) => (isTagRow(c) ? c.tag : c.name),
  },
  {
    id: 'group',
    titleKey: 'channels.fields.group',
    sortField: 'group',
    priority: 4,
    value: (c) => c.group,
  },
  { id: 'tag', titleKey: 'channels.fields.tag', priority: 5, value: (c) => c.tag },
  {
    id: 'type',
    titleKey: 'channels.fields.type',
    sortField: 'type',
    priority: 2,
    value: (c, ctx) => ctx.t(channelTypeNameKey(c.type)),
  },
  {
    id: 'status',
    titleKey: 'channels.fields.status',
    sortField: 'status',
    priority: 1,
    value: (c, ctx) => ctx.t(channelStatusKey(c.status)),
  },
  {
    id: 'response_time',
    titleKey: 'channels.fields.response_time',
    sortField: 'response_time',
    priority: 3,
    value: channelResponseTime,
  },
  {
    id: 'used_quota',
    titleKey: 'channels.fields.used_quota',
    priority: 4,
    value: (c, ctx) => renderQuota(c.used_quota, ctx.quota),
  },
  {
    id: 'balance',
    titleKey: 'channels.fields.balance',
    sortField: 'balance',
    priority: 5,
    value: (c) => `$${c.balance.toFixed(2)}`,
  },
  {
    id: 'priority',
    titleKey: 'channels.fields.priority',
    sortField: 'priority',
    priority: 3,
    value: (c) => String(c.priority),
  },
  {
    id: 'weight',
    titleKey: 'channels.fields.weight',
    sortField: 'weight',
    priority: 4,
    value: (c) => String(c.weight),
  },
];
