// A price as one user group pays it (console-screens §16): the price's ratios times the group's ratio,
// with decimal maths, shown in dollars per 1K / 1M tokens or per call.
import type { ColumnContext } from '../../format/columns.js';
import { Money } from '../../money/decimal.js';
import { priceUnitText } from './prices.fields.js';
import type { Price } from './prices.schema.js';

/** A ratio in a group's share: the ratio times the group's ratio, exactly (a decimal string). */
export function groupShareOf(ratio: number | string, groupRatio: number): string {
  return new Money(ratio).times(groupRatio).toString();
}

/** What a group pays for a model: input and output (a per-call price has input only), in dollars. */
export interface GroupPriceText {
  input: string;
  output?: string;
}

/** A model's price in a group's share, per the K/M choice (per-call prices are not scaled). */
export function groupPriceText(
  price: Pick<Price, 'type' | 'input' | 'output'>,
  groupRatio: number,
  perMillion: boolean,
  t: ColumnContext['t'],
): GroupPriceText {
  const text = (ratio: number) => priceUnitText(groupShareOf(ratio, groupRatio), price.type, perMillion, t);
  return price.type === 'times'
    ? { input: text(price.input) }
    : { input: text(price.input), output: text(price.output) };
}

/** A group's rate as its chip shows it: `×1.5`, or undefined for a free group (ratio 0). */
export function groupRateText(groupRatio: number): string | undefined {
  return groupRatio === 0 ? undefined : `×${groupRatio}`;
}
