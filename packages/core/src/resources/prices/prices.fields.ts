import type { ColumnContext, ColumnDef } from '../../format/columns.js';
import { formatPrice } from '../../format/price.js';
import { extraUsageKindKey } from './extra-ratios.js';
import type { PriceGroup } from './price-groups.js';
import type { Price } from './prices.schema.js';

/** How a price row is shown: its owner's name and the list's K/M choice (console-screens §17.1). */
export interface PriceShown {
  /** The owner's name ('' when the owner is unknown: the id shows). */
  owner_name: string;
  /** Prices per 1M tokens instead of per 1K. */
  per_million: boolean;
}

export type PriceRow = Price & PriceShown;
export type PriceGroupRow = PriceGroup & PriceShown;

type Priced = Pick<Price, 'type' | 'input' | 'output' | 'channel_type' | 'locked' | 'extra_ratios'> &
  PriceShown;

/**
 * A ratio as dollars in a price's unit: `$0.03 / 1K` (or per 1M) for a token price, `$0.02 / call` for a
 * per-call one, never scaled by K/M; 0 shows as Free. `ratio` may be a decimal string (a group's share).
 */
export function priceUnitText(
  ratio: number | string,
  type: string,
  perMillion: boolean,
  t: ColumnContext['t'],
): string {
  const perCall = type === 'times';
  const free = t('prices.free');
  const text = formatPrice(ratio, 'USD', { perMillion: perMillion && !perCall, free });
  if (text === free) return text;
  return `${text} ${t(perCall ? 'prices.units.per_call' : perMillion ? 'prices.units.per_m' : 'prices.units.per_k')}`;
}

const money = (ratio: number, row: Priced, ctx: ColumnContext) =>
  priceUnitText(ratio, row.type, row.per_million, ctx.t);

/** ↓ input ↑ output in dollars; a per-call price has one amount. */
export function priceText(row: Priced, ctx: ColumnContext): string {
  if (row.type === 'times') return money(row.input, row, ctx);
  return `↓ ${money(row.input, row, ctx)} · ↑ ${money(row.output, row, ctx)}`;
}

/** The extra ratios as "Cached tokens ×0.5, …", or "none". */
export function extraRatiosText(
  extra: Record<string, number> | null | undefined,
  ctx: ColumnContext,
): string {
  const entries = Object.entries(extra ?? {});
  if (entries.length === 0) return ctx.t('prices.extra_none');
  return entries.map(([kind, value]) => `${ctx.t(extraUsageKindKey(kind))} ×${value}`).join(', ');
}

const ownerText = (row: Priced) => row.owner_name || String(row.channel_type);
const typeText = (row: Priced, ctx: ColumnContext) =>
  ctx.t(row.type === 'times' ? 'prices.type.times' : 'prices.type.tokens');

/** The single tab's columns (§17.1): model, type and owner chips, the price, extra ratios, lock. */
export const PRICE_COLUMNS: readonly ColumnDef<PriceRow>[] = [
  { id: 'model', titleKey: 'prices.fields.model', priority: 1, value: (price) => price.model },
  { id: 'type', titleKey: 'prices.fields.type', priority: 2, chip: true, value: typeText },
  {
    id: 'channel_type',
    titleKey: 'prices.fields.channel_type',
    priority: 2,
    chip: true,
    value: ownerText,
  },
  { id: 'price', titleKey: 'prices.fields.price', priority: 1, value: priceText },
  {
    id: 'ratios',
    titleKey: 'prices.fields.ratios',
    priority: 3,
    value: (price) => (price.type === 'times' ? String(price.input) : `${price.input} / ${price.output}`),
  },
  {
    id: 'extra_ratios',
    titleKey: 'prices.fields.extra_ratios',
    priority: 3,
    value: (price, ctx) => extraRatiosText(price.extra_ratios, ctx),
  },
  {
    id: 'locked',
    titleKey: 'prices.fields.locked',
    priority: 3,
    chip: true,
    chipStyle: (price) => (price.locked ? { tone: 'warning' } : { tone: 'default' }),
    // Words, not a 🔒 emoji: a machine without an emoji font (Debian's Chromium, a bare terminal) drew a box.
    value: (price, ctx) => (price.locked ? ctx.t('prices.locked') : ctx.t('prices.unlocked')),
  },
];

/** The multiple tab's columns (§17.2): type/owner (+lock), price, the models, extra ratios. */
export const PRICE_GROUP_COLUMNS: readonly ColumnDef<PriceGroupRow>[] = [
  {
    id: 'type',
    titleKey: 'prices.fields.type_owner',
    priority: 1,
    value: (group, ctx) =>
      `${typeText(group, ctx)} · ${ownerText(group)}${group.locked ? ` · ${ctx.t('prices.locked')}` : ''}`,
  },
  { id: 'price', titleKey: 'prices.fields.price', priority: 1, value: priceText },
  {
    id: 'models',
    titleKey: 'prices.fields.models',
    priority: 1,
    chips: (group, ctx) => [
      { text: ctx.t('prices.model_count', { count: group.models.length }), tone: 'primary' },
      ...group.models.map((model) => ({ text: model, tone: 'default' as const })),
    ],
    value: (group, ctx) =>
      `${ctx.t('prices.model_count', { count: group.models.length })}: ${group.models.join(', ')}`,
  },
  {
    id: 'extra_ratios',
    titleKey: 'prices.fields.extra_ratios',
    priority: 3,
    value: (group, ctx) => extraRatiosText(group.extra_ratios, ctx),
  },
];
