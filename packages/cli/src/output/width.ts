// Terminal cell width of text, so tables with Chinese or Japanese headers still line up.
// A small table of East Asian wide ranges is enough for the text gw prints.

const ANSI_PATTERN = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe30, 0xfe4f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f300, 0x1f64f],
  [0x1f900, 0x1f9ff],
  [0x20000, 0x3fffd],
];

/** Removes ANSI colour codes. */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

function cellWidth(codePoint: number): number {
  if (codePoint < 0x20 || (codePoint >= 0x300 && codePoint <= 0x36f) || codePoint === 0x200b) return 0;
  return WIDE_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 2 : 1;
}

/** How many terminal cells `text` takes (colour codes excluded). */
export function displayWidth(text: string): number {
  let width = 0;
  for (const char of stripAnsi(text)) width += cellWidth(char.codePointAt(0) ?? 0);
  return width;
}

/** Pads `text` with spaces on the right to `width` cells. */
export function padCells(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** Cuts `text` to at most `width` cells, ending in `…` when it was cut. */
export function truncateCells(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const char of stripAnsi(text)) {
    const next = cellWidth(char.codePointAt(0) ?? 0);
    if (used + next > width - 1) break;
    out += char;
    used += next;
  }
  return `${out}…`;
}
