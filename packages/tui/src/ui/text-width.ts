import stringWidth from 'string-width';

/** The number of terminal cells a string takes (CJK characters take two). */
export function textWidth(text: string): number {
  return stringWidth(text);
}

/** Cuts `text` to at most `width` cells, ending with `ellipsis` when something was cut. */
export function truncateToWidth(text: string, width: number, ellipsis: string): string {
  if (width <= 0) return '';
  if (textWidth(text) <= width) return text;
  const room = width - textWidth(ellipsis);
  if (room <= 0) return ellipsis.slice(0, width);
  let out = '';
  let used = 0;
  for (const char of text) {
    const charWidth = textWidth(char);
    if (used + charWidth > room) break;
    out += char;
    used += charWidth;
  }
  return out + ellipsis;
}

/** Pads (or cuts) `text` to exactly `width` cells. */
export function fitToWidth(text: string, width: number, ellipsis: string): string {
  const cut = truncateToWidth(text, width, ellipsis);
  return cut + ' '.repeat(Math.max(0, width - textWidth(cut)));
}
