// Bounds on the work of counting one text (issue 8 item 2). The BPE merge of one pre-token grows with the
// square of its length, and the tokenizer's pre-split only breaks text between whitespace and
// non-whitespace: a 64 KiB run without whitespace (or of whitespace) took a second, 1 MiB minutes. Runs
// are therefore cut into pieces counted separately and summed, and a text past a cap is not counted at all.

/**
 * A run of whitespace, or of non-whitespace, longer than this is cut every this many characters: a
 * piece then costs at most a few milliseconds, and the count moves by at most about one token per cut.
 * Ordinary text has no such runs and is counted exactly as one piece.
 */
export const MAX_RUN_CHARS = 1024;

/**
 * Texts longer than this (UTF-16 units, ≈ 256 KiB of ASCII) are estimated from their length with the
 * approximate rule instead of counted: even cut into pieces, counting costs up to ~2 ms per KiB for
 * random letters or CJK, so an uncapped 1 MiB prompt would still hold a counting worker for seconds.
 */
export const COUNT_CAP_CHARS = 256 * 1024;

/** ECMAScript's `\s` (what the tokenizer's pre-split treats as whitespace). */
function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The text as pieces in which no run of whitespace or of non-whitespace exceeds {@link MAX_RUN_CHARS}
 * (a surrogate pair is never cut). One linear pass; a text without long runs is returned whole.
 */
export function splitLongRuns(text: string): string[] {
  if (text.length <= MAX_RUN_CHARS) return [text];
  const pieces: string[] = [];
  let pieceStart = 0;
  let runStart = 0;
  let runIsWhitespace = isWhitespace(text.charCodeAt(0));
  for (let index = 1; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const whitespace = isWhitespace(code);
    if (whitespace !== runIsWhitespace) {
      runStart = index;
      runIsWhitespace = whitespace;
    } else if (index - runStart >= MAX_RUN_CHARS && !isLowSurrogate(code)) {
      pieces.push(text.slice(pieceStart, index));
      pieceStart = index;
      runStart = index;
    }
  }
  pieces.push(text.slice(pieceStart));
  return pieces;
}
