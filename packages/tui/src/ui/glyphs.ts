/** The symbols the TUI draws with; ASCII only when the terminal cannot show more (TERM=dumb). */
export interface Glyphs {
  pointer: string;
  rule: string;
  ellipsis: string;
  expanded: string;
  collapsed: string;
  separator: string;
  checked: string;
  unchecked: string;
  arrow: string;
  /** A test or check that passed, and one that failed. */
  passed: string;
  failed: string;
  /** The eight heights of a sparkline, lowest first, and the block a bar is drawn with. */
  spark: string;
  bar: string;
  /** Makes a translated or formatted string safe for the terminal (ASCII punctuation under TERM=dumb). */
  text: (value: string) => string;
}

const ASCII_PUNCTUATION: Record<string, string> = {
  '…': '...',
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '›': '>',
  '│': '|',
  '─': '-',
};

/** Replaces typographic punctuation with ASCII; letters of other scripts are left as they are. */
export function asciiPunctuation(value: string): string {
  return value.replace(/[…–—‘’“”›│─]/g, (char) => ASCII_PUNCTUATION[char] ?? char);
}

const UNICODE_GLYPHS: Glyphs = {
  pointer: '›',
  rule: '─',
  ellipsis: '…',
  expanded: '▾',
  collapsed: '▸',
  separator: '│',
  checked: '[x]',
  unchecked: '[ ]',
  arrow: '>',
  passed: '✓',
  failed: '✗',
  spark: '▁▂▃▄▅▆▇█',
  bar: '█',
  text: (value) => value,
};

const ASCII_GLYPHS: Glyphs = {
  pointer: '>',
  rule: '-',
  ellipsis: '~',
  expanded: '-',
  collapsed: '+',
  separator: '|',
  checked: '[x]',
  unchecked: '[ ]',
  arrow: '>',
  passed: '+',
  failed: 'x',
  spark: '_.,-=+*#',
  bar: '#',
  text: asciiPunctuation,
};

/** Whether the terminal only shows ASCII (TERM=dumb); emoji are never used either way. */
export function prefersAscii(env: Record<string, string | undefined>): boolean {
  return env.TERM === 'dumb';
}

/** The glyph set for a terminal. */
export function glyphsFor(ascii: boolean): Glyphs {
  return ascii ? ASCII_GLYPHS : UNICODE_GLYPHS;
}
