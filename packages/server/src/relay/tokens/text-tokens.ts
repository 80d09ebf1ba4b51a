// Text token counting (behaviour spec §10.1). The BPE tables are large (cl100k ≈ 60 ms, o200k ≈ 130 ms to
// load), so each encoding is loaded on first use and kept for the life of the process. Short texts are
// counted in line (a worker round trip costs ~20× more than counting a short prompt); long ones off the
// event loop, and every count is bounded (long runs cut, texts past a cap estimated: text-pieces.ts).
import { createRequire } from 'node:module';
import type * as Cl100kModule from 'gpt-tokenizer/encoding/cl100k_base';
import { COUNT_CAP_CHARS, splitLongRuns } from './text-pieces.js';
import { sharedTokenCountPool } from './token-count-pool.js';

export interface CountOptions {
  /** ApproximateTokenEnabled or disable_token_encoders: tokens = int(utf8 bytes · 0.38). */
  approximate: boolean;
}

export type TokenEncodingName = 'cl100k_base' | 'o200k_base';

type EncodingApi = Pick<typeof Cl100kModule, 'countTokens'>;

// createRequire gives a synchronous load of the package's CommonJS build, so the first request that needs
// an encoding does not have to be async.
const requireEncoding = createRequire(import.meta.url);
const loadedEncodings = new Map<TokenEncodingName, EncodingApi>();

/**
 * Client text is plain text: a literal "<|endoftext|>" in a prompt is counted as ordinary characters
 * (as tiktoken's Encode(text, nil, nil) does) instead of throwing, which the library does by default.
 */
const SPECIAL_TOKENS_AS_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * The model-name prefixes OpenAI's tiktoken maps to o200k (its MODEL_PREFIX_TO_ENCODING and
 * MODEL_TO_ENCODING tables, exact names folded into their prefixes). The one table of the server;
 * every other name is counted with cl100k.
 */
const O200K_MODEL_PREFIXES = [
  'gpt-4o',
  'chatgpt-4o-',
  'gpt-4.5-',
  'gpt-4.1',
  'o1',
  'o3',
  'o4',
  'ft:gpt-4o',
  'gpt-oss-',
  'gpt-5',
];

/** The BPE encoding used for a model name, by tiktoken's prefix table: o200k for the newer OpenAI families, else cl100k. */
export function encodingForModel(model: string): TokenEncodingName {
  return O200K_MODEL_PREFIXES.some((prefix) => model.startsWith(prefix)) ? 'o200k_base' : 'cl100k_base';
}

function loadEncoding(name: TokenEncodingName): EncodingApi {
  let api = loadedEncodings.get(name);
  if (api === undefined) {
    api = requireEncoding(`gpt-tokenizer/encoding/${name}`) as EncodingApi;
    loadedEncodings.set(name, api);
  }
  return api;
}

/** Loads the encodings ahead of the first request (spec §1.1 step 8 warms them at start-up). */
export function preloadTokenEncodings(): void {
  loadEncoding('cl100k_base');
  loadEncoding('o200k_base');
}

/** int(utf8 bytes · 0.38), in integers so no float rounding can move the result. */
export function approximateTokenCount(text: string): number {
  return Math.floor((Buffer.byteLength(text, 'utf8') * 38) / 100);
}

/**
 * Texts up to this many UTF-16 units are counted on the event loop: at most ~4 ms even for the costliest
 * text (random letters or CJK, ~2 ms per KiB), while a worker round trip costs ~0.06 ms against ~0.003 ms
 * for counting a 50-character prompt in line (measured on Node 24).
 */
export const INLINE_COUNT_MAX_CHARS = 2048;

/** How the texts were counted since start (tests and benchmarks check which path a prompt took). */
export interface TextCountActivity {
  /** Counted on the event loop. */
  inline: number;
  /** Sent to the worker pool (which may still answer with the estimate, see its stats). */
  offloaded: number;
  /** Estimated from length: approximate mode or past {@link COUNT_CAP_CHARS}. */
  estimated: number;
}

const activity: TextCountActivity = { inline: 0, offloaded: 0, estimated: 0 };

export function textCountActivity(): TextCountActivity {
  return { ...activity };
}

/**
 * Tokens of a text for a model (encoder by tiktoken's prefix table, see encodingForModel), on the calling thread. Runs longer than 1024 characters are counted in pieces and texts
 * past {@link COUNT_CAP_CHARS} estimated, so one call costs at most about half a second.
 */
export function countTextTokens(model: string, text: string, options: CountOptions): number {
  if (text.length === 0) return 0;
  if (estimatedTotal(text.length, options)) {
    activity.estimated += 1;
    return approximateTokenCount(text);
  }
  activity.inline += 1;
  const encoding = loadEncoding(encodingForModel(model));
  let tokens = 0;
  for (const piece of splitLongRuns(text)) tokens += encoding.countTokens(piece, SPECIAL_TOKENS_AS_TEXT);
  return tokens;
}

/** A text's tokens, and whether they were counted (false: estimated from its length). */
export interface ReportedCount {
  tokens: number;
  counted: boolean;
}

/**
 * {@link countTextTokens} for the request path: texts over {@link INLINE_COUNT_MAX_CHARS} are counted by
 * the worker pool, which answers with the length estimate if it is saturated or too slow.
 */
export async function countTextTokensOffLoop(
  model: string,
  text: string,
  options: CountOptions,
): Promise<number> {
  return (await reportTextTokensOffLoop(model, text, options)).tokens;
}

/** {@link countTextTokensOffLoop}, saying whether the figure is a count or the length estimate. */
export async function reportTextTokensOffLoop(
  model: string,
  text: string,
  options: CountOptions,
): Promise<ReportedCount> {
  const estimated = estimatedTotal(text.length, options);
  if (text.length <= INLINE_COUNT_MAX_CHARS || estimated) {
    return { tokens: countTextTokens(model, text, options), counted: !estimated };
  }
  return countOnPool(model, text);
}

/** Counts a text (under the length cap) on the worker pool; its length estimate when the pool cannot. */
export async function countOnPool(model: string, text: string): Promise<ReportedCount> {
  activity.offloaded += 1;
  // The pool never answers a negative count: -1 marks its estimate, replaced here by the real one.
  const tokens = await sharedTokenCountPool().count(encodingForModel(model), splitLongRuns(text), -1);
  return tokens < 0 ? { tokens: approximateTokenCount(text), counted: false } : { tokens, counted: true };
}

/** Whether a text (or texts) of this total length is estimated from it rather than counted. */
export function estimatedTotal(length: number, options: CountOptions): boolean {
  return length > 0 && (options.approximate || length > COUNT_CAP_CHARS);
}

/**
 * The length estimate of `pieces.join('')` without joining them: copying a 1 MiB prompt into one more
 * string cost as much as parsing it (issue 8 item 2). The byte lengths of the pieces add up to that of
 * the joined text, so the estimate is the same.
 */
export function estimatePieces(pieces: readonly string[]): number {
  activity.estimated += 1;
  let bytes = 0;
  for (const piece of pieces) bytes += Buffer.byteLength(piece, 'utf8');
  return Math.floor((bytes * 38) / 100);
}
