// The text tokens of a chat's messages (behaviour spec §10.2: all message text joined and encoded once),
// with each message's count remembered. A chat sends its whole history every turn and most requests share
// a system prompt, so nearly every message has been counted before; counting it again was the largest
// per-request cost of a long chat (~2 ms per KiB of CJK).
//
// The sum of the messages' counts equals the count of the joined text only where no pre-token (the
// tokenizer's regex split; BPE merges never cross one) spans two messages. Every message's text ends with
// "\n"; no alternative of the cl100k or o200k split that takes a "\n" continues into a letter or a digit
// (`\s*[\r\n]+` and ` ?[^\s\p{L}\p{N}]+[\r\n/]*` stop at the newlines, the letter and number alternatives
// cannot start with "\n"), and the long-run cuts of text-pieces.ts fall inside the runs either way. So a
// message that starts with a letter or a digit starts a unit of its own; any other is counted together
// with the message before it, as one text.
import {
  type CountOptions,
  countOnPool,
  countTextTokens,
  encodingForModel,
  estimatePieces,
  estimatedTotal,
  INLINE_COUNT_MAX_CHARS,
  type TokenEncodingName,
} from './text-tokens.js';

/** Units longer than this are not remembered (they are counted by the worker pool each time). */
const MAX_REMEMBERED_CHARS = 64 * 1024;
/** The remembered texts' total length; past it the memory starts over (~2 × this in bytes). */
const MEMORY_CHARS = 4 * 1024 * 1024;
/**
 * Unknown units the pool counts one by one (so each can be remembered); the rest go as one text: the pool's
 * queue is bounded, and a request used to be one task.
 */
const MAX_POOL_UNITS = 4;

/** Counts by encoding, then by the unit's text. */
let remembered = new Map<TokenEncodingName, Map<string, number>>();
let rememberedChars = 0;

function rememberedOf(encoding: TokenEncodingName): Map<string, number> {
  let counts = remembered.get(encoding);
  if (!counts) {
    counts = new Map();
    remembered.set(encoding, counts);
  }
  return counts;
}

function remember(encoding: TokenEncodingName, unit: string, tokens: number): void {
  if (rememberedChars + unit.length > MEMORY_CHARS) {
    remembered = new Map();
    rememberedChars = 0;
  }
  rememberedOf(encoding).set(unit, tokens);
  rememberedChars += unit.length;
}

const STARTS_A_UNIT = /^[\p{L}\p{N}]/u;

/** The messages' texts joined into units no pre-token crosses (see the file's comment). */
export function messageUnits(messages: ReadonlyArray<readonly string[]>): string[] {
  const units: string[] = [];
  for (const pieces of messages) {
    const text = pieces.join('');
    if (text === '') continue;
    const last = units.length - 1;
    if (last >= 0 && !((units[last] as string).endsWith('\n') && STARTS_A_UNIT.test(text))) {
      units[last] += text;
    } else units.push(text);
  }
  return units;
}

/** Tokens of all the messages' text as if joined: remembered units free, the rest counted (and remembered). */
export async function countMessageTexts(
  model: string,
  messages: ReadonlyArray<readonly string[]>,
  options: CountOptions,
): Promise<number> {
  let length = 0;
  for (const pieces of messages) for (const piece of pieces) length += piece.length;
  if (length === 0) return 0;
  if (estimatedTotal(length, options)) return estimatePieces(messages.flat());
  const encoding = encodingForModel(model);
  const known = rememberedOf(encoding);
  let tokens = 0;
  const unknown: string[] = [];
  for (const unit of messageUnits(messages)) {
    const count = known.get(unit);
    if (count === undefined) unknown.push(unit);
    else tokens += count;
  }
  // Unknown units are counted on the event loop up to the inline bound of one text, the rest by the pool
  // (each in a task of its own, so it can be remembered, up to a few; past those, one task for the rest).
  let inlineBudget = INLINE_COUNT_MAX_CHARS;
  const counts: Array<number | Promise<number>> = [];
  const leftover: string[] = [];
  let pooledUnits = 0;
  for (const unit of unknown) {
    if (unit.length <= inlineBudget) {
      inlineBudget -= unit.length;
      const count = countTextTokens(model, unit, options);
      remember(encoding, unit, count);
      counts.push(count);
    } else if (pooledUnits < MAX_POOL_UNITS) {
      pooledUnits += 1;
      counts.push(
        countOnPool(model, unit).then(({ tokens: count, counted }) => {
          if (counted && unit.length <= MAX_REMEMBERED_CHARS) remember(encoding, unit, count);
          return count;
        }),
      );
    } else leftover.push(unit);
  }
  if (leftover.length > 0)
    counts.push(countOnPool(model, leftover.join('')).then(({ tokens: count }) => count));
  for (const count of await Promise.all(counts)) tokens += count;
  return tokens;
}
