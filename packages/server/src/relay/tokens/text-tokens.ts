// Text token counting (behaviour spec §10.1). The BPE tables are large (cl100k ≈ 60 ms, o200k ≈ 130 ms to
// load), so each encoding is loaded on first use and kept for the life of the process; counting itself is
// synchronous because it runs on every relayed request.
import { createRequire } from 'node:module';
import type * as Cl100kModule from 'gpt-tokenizer/encoding/cl100k_base';

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

const O200K_MODEL_PREFIXES = ['gpt-4o', 'o1', 'o3', 'o4', 'gpt-4.1', 'gpt-5'];

/** The BPE encoding used for a model name: the newer OpenAI families use o200k, everything else cl100k. */
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

/** Tokens of a text for a model (encoder per §10.1: gpt-4o, o1, o3, o4, gpt-4.1, gpt-5 prefixes → o200k, else cl100k). */
export function countTextTokens(model: string, text: string, options: CountOptions): number {
  if (text.length === 0) return 0;
  if (options.approximate) return approximateTokenCount(text);
  return loadEncoding(encodingForModel(model)).countTokens(text, SPECIAL_TOKENS_AS_TEXT);
}
