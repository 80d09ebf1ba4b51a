import type { ColumnDef } from '../../format/columns.js';
import { formatPrice } from '../../format/price.js';
import type { Price } from './prices.schema.js';

const money = (ratio: number, t: (key: string) => string) =>
  formatPrice(ratio, 'USD', { free: t('prices.free') });

/** The price table's columns (console-screens §17.1): ratios and the dollars per 1K tokens they stand for. */
export const PRICE_COLUMNS: readonly ColumnDef<Price>[] = [
  { id: 'model', titleKey: 'prices.fields.model', priority: 1, value: (price) => price.model },
  {
    id: 'type',
    titleKey: 'prices.fields.type',
    priority: 2,
    value: (price, ctx) => ctx.t(price.type === 'times' ? 'prices.type.times' : 'prices.type.tokens'),
  },
  {
    id: 'channel_type',
    titleKey: 'prices.fields.channel_type',
    priority: 3,
    value: (price) => String(price.channel_type),
  },
  {
    id: 'input',
    titleKey: 'prices.fields.input',
    priority: 1,
    value: (price, ctx) => `${price.input} (${money(price.input, ctx.t)})`,
  },
  {
    id: 'output',
    titleKey: 'prices.fields.output',
    priority: 1,
    value: (price, ctx) => (price.type === 'times' ? '-' : `${price.output} (${money(price.output, ctx.t)})`),
  },
  {
    id: 'locked',
    titleKey: 'prices.fields.locked',
    priority: 4,
    value: (price, ctx) => ctx.t(price.locked ? 'prices.locked' : 'prices.unlocked'),
  },
];
