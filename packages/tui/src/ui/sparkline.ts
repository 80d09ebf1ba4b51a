// Figures drawn with characters: a sparkline of a few values and a bar against the largest value.

/** One character per value, its height against the largest (all lowest when every value is 0). */
export function sparkline(values: readonly number[], heights: string): string {
  const max = Math.max(0, ...values);
  const top = heights.length - 1;
  return values
    .map((value) => heights[max > 0 ? Math.round((Math.max(0, value) / max) * top) : 0] ?? '')
    .join('');
}

/** A bar `width` cells long at most, in proportion to `max`; a value above 0 shows at least one cell. */
export function bar(value: number, max: number, width: number, block: string): string {
  if (value <= 0 || max <= 0) return '';
  return block.repeat(Math.max(1, Math.round((value / max) * width)));
}
