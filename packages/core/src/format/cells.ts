// Terminal cell width of text, so tables with Chinese or Japanese text still line up in every
// terminal face. Dependency-free: grapheme clusters come from Intl.Segmenter, emoji from Unicode
// properties, and a small table of East Asian Wide/Fullwidth ranges covers the rest.

const ESC = String.fromCharCode(27);
const BEL = String.fromCharCode(7);
/** CSI sequences (colours, cursor moves) and OSC sequences (hyperlinks, titles). */
const ANSI_PATTERN = new RegExp(
  `${ESC}\\[[0-?]*[ -/]*[@-~]|${ESC}\\][^${BEL}${ESC}]*(?:${BEL}|${ESC}\\\\)`,
  'g',
);
const PLAIN_ASCII = /^[\x20-\x7e]*$/;
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}]$/u;
const EMOJI_PRESENTATION = /^\p{Emoji_Presentation}$/u;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI_STYLE = '\ufe0f';

/** East Asian Wide and Fullwidth ranges that are not emoji (those are caught by their property). */
const WIDE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x1100, 0x115f],
  [0x2329, 0x232a],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1b000, 0x1b2ff],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x3fffd],
];

// Made on first use: creating a segmenter loads ICU's break rules, which a short command printing only
// ASCII never needs.
let segmenter: Intl.Segmenter | undefined;

/** Removes ANSI escape sequences (colours, hyperlinks). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI_PATTERN, '');
}

/** Cells one grapheme cluster takes: 0 for marks and controls, 2 for wide characters and emoji. */
function clusterWidth(cluster: string): number {
  const base = String.fromCodePoint(cluster.codePointAt(0) ?? 0);
  if (ZERO_WIDTH.test(base)) return 0;
  if (EMOJI_PRESENTATION.test(base)) return 2;
  if (PICTOGRAPHIC.test(base) && cluster.includes(EMOJI_STYLE)) return 2;
  const codePoint = base.codePointAt(0) ?? 0;
  return WIDE_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 2 : 1;
}

function* clusters(text: string): Generator<string> {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text)) yield segment;
}

/** How many terminal cells `text` takes (escape sequences excluded; CJK and emoji take two). */
export function displayWidth(text: string): number {
  if (PLAIN_ASCII.test(text)) return text.length;
  let width = 0;
  for (const cluster of clusters(stripAnsi(text))) width += clusterWidth(cluster);
  return width;
}

/** Pads `text` with spaces on the right to `width` cells (never cuts). */
export function padCells(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/**
 * Cuts `text` to at most `width` cells, ending in `ellipsis` when something was cut. A cut drops
 * escape sequences, so colour the result after cutting.
 */
export function truncateCells(text: string, width: number, ellipsis = '…'): string {
  if (width <= 0) return '';
  if (displayWidth(text) <= width) return text;
  const room = width - displayWidth(ellipsis);
  if (room <= 0) return truncateCells(ellipsis, width, '');
  let out = '';
  let used = 0;
  for (const cluster of clusters(stripAnsi(text))) {
    const next = clusterWidth(cluster);
    if (used + next > room) break;
    out += cluster;
    used += next;
  }
  return out + ellipsis;
}

/** Cuts or pads `text` to exactly `width` cells. */
export function fitCells(text: string, width: number, ellipsis = '…'): string {
  return padCells(truncateCells(text, width, ellipsis), width);
}
