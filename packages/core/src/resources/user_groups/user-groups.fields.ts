import { yesNoChip } from '../../format/chips.js';
import type { ColumnDef } from '../../format/columns.js';
import type { UserGroup } from './user-groups.schema.js';

const yesNo = (value: boolean, t: (key: string) => string) => t(value ? 'common.yes' : 'common.no');

/** The user group table's columns (console-screens §6), shared by every face. */
export const USER_GROUP_COLUMNS: readonly ColumnDef<UserGroup>[] = [
  { id: 'id', titleKey: 'user_groups.fields.id', sortField: 'id', priority: 2, value: (g) => String(g.id) },
  {
    id: 'symbol',
    titleKey: 'user_groups.fields.symbol',
    sortField: 'symbol',
    priority: 1,
    chip: true,
    chipStyle: () => ({ tone: 'primary', variant: 'outlined' }),
    value: (g) => g.symbol,
  },
  { id: 'name', titleKey: 'user_groups.fields.name', sortField: 'name', priority: 1, value: (g) => g.name },
  {
    id: 'ratio',
    titleKey: 'user_groups.fields.ratio',
    sortField: 'ratio',
    priority: 2,
    value: (g) => String(g.ratio),
  },
  {
    id: 'api_rate',
    titleKey: 'user_groups.fields.api_rate',
    sortField: 'api_rate',
    priority: 3,
    value: (g) => String(g.api_rate),
  },
  {
    id: 'public',
    titleKey: 'user_groups.fields.public',
    sortField: 'public',
    priority: 3,
    chip: true,
    chipStyle: (g) => yesNoChip(g.public),
    value: (g, ctx) => yesNo(g.public, ctx.t),
  },
  {
    id: 'promotion',
    titleKey: 'user_groups.fields.promotion',
    sortField: 'promotion',
    priority: 4,
    chip: true,
    chipStyle: (g) => yesNoChip(g.promotion),
    value: (g, ctx) => yesNo(g.promotion, ctx.t),
  },
  { id: 'min', titleKey: 'user_groups.fields.min', sortField: 'min', priority: 5, value: (g) => `$${g.min}` },
  { id: 'max', titleKey: 'user_groups.fields.max', sortField: 'max', priority: 5, value: (g) => `$${g.max}` },
  {
    id: 'enable',
    titleKey: 'user_groups.fields.enable',
    sortField: 'enable',
    priority: 1,
    value: (g, ctx) => ctx.t(g.enable ? 'user_groups.enabled' : 'user_groups.disabled'),
  },
];
