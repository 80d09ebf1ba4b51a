// Where a chat image's size comes from: the header bytes of a data: URL, or the first bytes of a remote
// image. Remote sizes are remembered per fetcher, because a conversation resends the same image URL on
// every turn and each fetch can take up to the 3 s timeout on the hot path.
import { type ImageSize, readImageSize } from './image-size.js';

/** Fetches a remote image's leading bytes; rejects on any failure. */
export type ImageFetcher = (url: string) => Promise<Uint8Array>;

/** Header parsing never needs more than this for remote images (spec §10.3: size only). */
export const REMOTE_IMAGE_BYTE_LIMIT = 64 * 1024;
export const REMOTE_IMAGE_TIMEOUT_MS = 3000;

/** base64 characters that decode to the remote byte limit: the same cap applied to data: URLs first. */
const DATA_URL_HEAD_CHARS = Math.ceil(REMOTE_IMAGE_BYTE_LIMIT / 3) * 4;
const SIZE_CACHE_LIMIT = 512;

/** The default fetcher: GET with a 3 s timeout, reading at most the first 64 KiB of the body. */
export async function fetchImageHead(url: string): Promise<Uint8Array> {
  const response = await fetch(url, {
    signal: AbortSignal.timeout(REMOTE_IMAGE_TIMEOUT_MS),
    // Servers that honour ranges send only the head; the rest stop being read after the limit anyway.
    headers: { range: `bytes=0-${REMOTE_IMAGE_BYTE_LIMIT - 1}` },
  });
  if (!response.ok || response.body === null) {
    await response.body?.cancel();
    throw new Error(`image fetch failed with HTTP ${response.status}`);
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    while (received < REMOTE_IMAGE_BYTE_LIMIT) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const head = new Uint8Array(Math.min(received, REMOTE_IMAGE_BYTE_LIMIT));
  let offset = 0;
  for (const chunk of chunks) {
    const take = chunk.subarray(0, head.length - offset);
    head.set(take, offset);
    offset += take.length;
    if (offset === head.length) break;
  }
  return head;
}

function sizeFromBytes(bytes: Uint8Array): ImageSize {
  const result = readImageSize(bytes);
  if (!result.ok) throw new Error(`image size unreadable: ${result.reason}`);
  return result.size;
}

function sizeFromDataUrl(url: string): ImageSize {
  const comma = url.indexOf(',');
  if (comma < 0 || !url.slice(0, comma).endsWith(';base64')) throw new Error('image data URL is not base64');
  // Decode the head first; only a JPEG whose frame header sits past it needs the whole payload.
  const head = Buffer.from(url.slice(comma + 1, comma + 1 + DATA_URL_HEAD_CHARS), 'base64');
  const result = readImageSize(head);
  if (result.ok) return result.size;
  if (result.reason === 'truncated' && url.length - comma - 1 > DATA_URL_HEAD_CHARS) {
    return sizeFromBytes(Buffer.from(url.slice(comma + 1), 'base64'));
  }
  throw new Error(`image size unreadable: ${result.reason}`);
}

const remoteSizeCaches = new WeakMap<ImageFetcher, Map<string, ImageSize>>();

async function sizeFromRemote(url: string, fetchImage: ImageFetcher): Promise<ImageSize> {
  let cache = remoteSizeCaches.get(fetchImage);
  if (cache === undefined) {
    cache = new Map();
    remoteSizeCaches.set(fetchImage, cache);
  }
  const cached = cache.get(url);
  if (cached !== undefined) return cached;
  const size = sizeFromBytes(await fetchImage(url));
  // Insertion order makes the oldest entry the first key: a cheap bounded cache.
  if (cache.size >= SIZE_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(url, size);
  return size;
}

/** The pixel size of a chat image URL (data: or http(s):); rejects when it cannot be read. */
export async function resolveImageSize(
  url: string,
  fetchImage: ImageFetcher = fetchImageHead,
): Promise<ImageSize> {
  if (url.startsWith('data:')) return sizeFromDataUrl(url);
  if (url.startsWith('http://') || url.startsWith('https://')) return sizeFromRemote(url, fetchImage);
  throw new Error('unsupported image URL scheme');
}
