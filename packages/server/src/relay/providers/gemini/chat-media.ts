// OpenAI message content parts → Gemini parts. Media never triggers a fetch: data: URLs are inlined,
// http(s) URLs are passed as fileData with a MIME type guessed from the file extension.
import type { GeminiPart } from './gemini-wire.js';
import { asRecord } from './gemini-wire.js';

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  txt: 'text/plain',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mpeg: 'video/mpeg',
  mov: 'video/mov',
  webm: 'video/webm',
};

/** Used when a URL has no known extension: chat images are the usual case. */
const DEFAULT_URL_MIME = 'image/jpeg';

/** The MIME type of a file URL from its extension (query and fragment ignored). */
export function mimeTypeFromUrl(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    path = url.split(/[?#]/)[0] ?? url;
  }
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && MIME_BY_EXTENSION[extension]) || DEFAULT_URL_MIME;
}

const DATA_URL = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s;

/** A media URL → an inline_data part (data: URL) or a fileData part (any other URL). */
export function mediaPart(url: string): GeminiPart {
  const data = DATA_URL.exec(url);
  if (data) return { inline_data: { mime_type: data[1] || DEFAULT_URL_MIME, data: data[2] ?? '' } };
  return { fileData: { mimeType: mimeTypeFromUrl(url), fileUri: url } };
}

/** One OpenAI content part → a Gemini part, or undefined for a kind Gemini cannot take. */
function contentPart(part: unknown): GeminiPart | undefined {
  const record = asRecord(part);
  if (!record) return undefined;
  switch (record.type) {
    case 'text':
      return typeof record.text === 'string' ? { text: record.text } : undefined;
    case 'image_url': {
      const image = record.image_url;
      const url = typeof image === 'string' ? image : asRecord(image)?.url;
      return typeof url === 'string' && url !== '' ? mediaPart(url) : undefined;
    }
    case 'input_audio': {
      const audio = asRecord(record.input_audio);
      if (typeof audio?.data !== 'string') return undefined;
      const format = typeof audio.format === 'string' ? audio.format : 'wav';
      return { inline_data: { mime_type: `audio/${format}`, data: audio.data } };
    }
    case 'file': {
      const fileData = asRecord(record.file)?.file_data;
      return typeof fileData === 'string' && fileData !== '' ? mediaPart(fileData) : undefined;
    }
    default:
      return undefined;
  }
}

/** An OpenAI message `content` (string or parts) → Gemini parts; empty text yields no part. */
export function contentParts(content: unknown): GeminiPart[] {
  if (typeof content === 'string') return content === '' ? [] : [{ text: content }];
  if (!Array.isArray(content)) return [];
  return content.map(contentPart).filter((part): part is GeminiPart => part !== undefined);
}

/** The plain text of an OpenAI content (string, or the text parts joined). */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part) => {
      const text = asRecord(part)?.text;
      return typeof text === 'string' ? text : '';
    })
    .join('');
}
