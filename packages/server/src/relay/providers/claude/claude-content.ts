// OpenAI message content → Anthropic content blocks: text parts, images (data: URLs become base64
// sources, http(s) URLs URL sources), PDF files, and `cache_control` carried over unchanged.
import { invalidFieldFailure } from './claude-request-error.js';
import type { ClaudeBlock } from './claude-wire.js';
import { fieldOf } from './claude-wire.js';

/** Anthropic block types a client may already send inside OpenAI content; they pass through as they are. */
const NATIVE_BLOCK_TYPES = new Set([
  'image',
  'document',
  'tool_use',
  'tool_result',
  'thinking',
  'redacted_thinking',
]);

const DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;

/** Splits a data: URL into its media type and base64 payload; undefined when it is not one. */
export function parseDataUrl(url: string): { mediaType: string; data: string } | undefined {
  const match = DATA_URL.exec(url);
  if (!match) return undefined;
  const mediaType = match[1] ?? '';
  const base64 = (match[2] ?? '').split(';').includes('base64');
  const payload = match[3] ?? '';
  if (mediaType === '') return undefined;
  return {
    mediaType,
    data: base64 ? payload : Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64'),
  };
}

/** An OpenAI `image_url` (object or bare string) → an Anthropic image block. */
export function imageBlock(imageUrl: unknown, field: string): ClaudeBlock {
  const url = typeof imageUrl === 'string' ? imageUrl : fieldOf(imageUrl, 'url');
  if (typeof url !== 'string') throw invalidFieldFailure(field);
  if (/^https?:\/\//i.test(url)) return { type: 'image', source: { type: 'url', url } };
  const parsed = parseDataUrl(url);
  if (!parsed) throw invalidFieldFailure(field);
  return { type: 'image', source: { type: 'base64', media_type: parsed.mediaType, data: parsed.data } };
}

/** An OpenAI `file` part with inline `file_data` → an Anthropic document block. */
function documentBlock(file: unknown, field: string): ClaudeBlock {
  const data = fieldOf(file, 'file_data');
  const parsed = typeof data === 'string' ? parseDataUrl(data) : undefined;
  if (!parsed) throw invalidFieldFailure(field);
  return { type: 'document', source: { type: 'base64', media_type: parsed.mediaType, data: parsed.data } };
}

function withCacheControl(block: ClaudeBlock, part: unknown): ClaudeBlock {
  const cacheControl = fieldOf(part, 'cache_control');
  return cacheControl === undefined ? block : { ...block, cache_control: cacheControl };
}

/** One OpenAI content part → its Anthropic block, or undefined for parts Anthropic has no use for. */
function partBlock(part: unknown, field: string): ClaudeBlock | undefined {
  if (typeof part === 'string') return part === '' ? undefined : { type: 'text', text: part };
  const type = fieldOf(part, 'type');
  if (type === 'text') {
    const text = fieldOf(part, 'text');
    // Anthropic refuses empty text blocks.
    return typeof text === 'string' && text !== ''
      ? withCacheControl({ type: 'text', text }, part)
      : undefined;
  }
  if (type === 'image_url') return withCacheControl(imageBlock(fieldOf(part, 'image_url'), field), part);
  if (type === 'file') return withCacheControl(documentBlock(fieldOf(part, 'file'), `${field}.file`), part);
  if (typeof type === 'string' && NATIVE_BLOCK_TYPES.has(type)) return part as ClaudeBlock;
  return undefined;
}

/** OpenAI `content` (a string, parts or null) → Anthropic blocks; `field` names it in errors. */
export function contentBlocks(content: unknown, field: string): ClaudeBlock[] {
  if (typeof content === 'string') return content === '' ? [] : [{ type: 'text', text: content }];
  if (!Array.isArray(content)) return [];
  const blocks: ClaudeBlock[] = [];
  content.forEach((part, index) => {
    const block = partBlock(part, `${field}[${index}]`);
    if (block) blocks.push(block);
  });
  return blocks;
}

/** The plain text of OpenAI `content`, for `system` and tool results sent as strings. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => (typeof part === 'string' ? part : fieldOf(part, 'text')))
    .filter((text): text is string => typeof text === 'string')
    .join('\n');
}
