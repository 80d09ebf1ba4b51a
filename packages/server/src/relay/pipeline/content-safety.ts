// Content safety (behaviour spec §6 step 6, options EnableSafe / SafeToolName / SafeKeyWords): the prompt
// text of a request is checked by the configured tool before anything goes upstream. The only tool is
// `Keyword`: a case-insensitive substring match against the keyword dictionary.
import type { RelayRequest } from './relay-request.js';

/** A tool's verdict on a prompt that must not be relayed. */
export interface SafetyHit {
  /** Relay message key of the reason (translated into the site language). */
  messageKey: string;
  params: Record<string, unknown>;
  /** The error code the client reads. */
  code: string;
}

/** A content-safety tool, named by SafeToolName. */
interface SafetyTool {
  check(texts: readonly string[], keywords: readonly string[]): SafetyHit | undefined;
}

const TOOLS: Record<string, SafetyTool> = {
  Keyword: {
    check(texts, keywords) {
      if (keywords.length === 0) return undefined;
      const lowered = keywords.map((word) => word.toLowerCase());
      for (const text of texts) {
        const haystack = text.toLowerCase();
        const found = lowered.findIndex((word) => haystack.includes(word));
        if (found !== -1) {
          return {
            messageKey: 'relay.safety.keyword',
            params: { word: keywords[found] },
            code: 'sensitive_words_detected',
          };
        }
      }
      return undefined;
    },
  },
};

/** The site's safety settings as the relay options carry them. */
export interface SafetyOptions {
  enabled: boolean;
  tool: string;
  keywords: readonly string[];
}

/**
 * The tool's verdict on the request's prompt text, undefined when it may be relayed (safety off, an
 * unknown tool — the option screen only offers known ones — or no hit).
 */
export function checkContentSafety(options: SafetyOptions, read: RelayRequest): SafetyHit | undefined {
  if (!options.enabled) return undefined;
  const tool = TOOLS[options.tool];
  if (!tool) return undefined;
  return tool.check(promptTexts(read.body), options.keywords);
}

/**
 * The fields that hold what the caller wrote, across the API shapes: chat `messages`, completions and
 * image `prompt`, Responses `input` and `instructions`, embeddings/moderations `input`, Claude `system`
 * + `messages`, Gemini `contents` + `systemInstruction`. Images, audio and file data are never read (a
 * base64 blob could contain a short keyword by chance).
 */
const PROMPT_FIELDS = [
  'messages',
  'prompt',
  'input',
  'instructions',
  'system',
  'contents',
  'systemInstruction',
  'system_instruction',
  'query',
  'documents',
] as const;

/** Inside those fields, where text sits: a message's `content`, a part's `text`, a Gemini turn's `parts`. */
const TEXT_KEYS = ['content', 'text', 'parts'] as const;

/** Nesting past this is not followed (the body parser already bounds depth; this bounds the walk). */
const MAX_DEPTH = 8;

/** The prompt texts of a JSON or multipart body. */
export function promptTexts(body: RelayRequest['body']): string[] {
  const out: string[] = [];
  if (body instanceof FormData) {
    const prompt = body.get('prompt');
    if (typeof prompt === 'string') out.push(prompt);
    return out;
  }
  for (const field of PROMPT_FIELDS) collect(body[field], 0, out);
  return out;
}

function collect(value: unknown, depth: number, out: string[]): void {
  if (typeof value === 'string') {
    out.push(value);
    return;
  }
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, depth + 1, out);
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of TEXT_KEYS) collect(record[key], depth + 1, out);
}
