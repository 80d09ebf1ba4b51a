// Width and height from the first bytes of a PNG, JPEG, GIF or WebP file. Only the header is read, so a
// remote image needs just its first few KiB (spec §10.3 sizes every high-detail image on the hot path).

export interface ImageSize {
  width: number;
  height: number;
}

export type ImageSizeResult =
  | { ok: true; size: ImageSize }
  /** The bytes end before the size could be read (a JPEG with a large EXIF block, a cut download). */
  | { ok: false; reason: 'truncated' }
  | { ok: false; reason: 'unsupported' };

const TRUNCATED: ImageSizeResult = { ok: false, reason: 'truncated' };
const UNSUPPORTED: ImageSizeResult = { ok: false, reason: 'unsupported' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function uint16be(bytes: Uint8Array, at: number): number {
  return (bytes[at]! << 8) | bytes[at + 1]!;
}

function uint16le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8);
}

function uint24le(bytes: Uint8Array, at: number): number {
  return bytes[at]! | (bytes[at + 1]! << 8) | (bytes[at + 2]! << 16);
}

function uint32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) >>> 0) + ((bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!);
}

function sized(width: number, height: number): ImageSizeResult {
  return width > 0 && height > 0 ? { ok: true, size: { width, height } } : UNSUPPORTED;
}

function readPngSize(bytes: Uint8Array): ImageSizeResult {
  // Signature (8), IHDR length (4), "IHDR" (4), width (4), height (4): IHDR is always the first chunk.
  if (bytes.length < 24) return TRUNCATED;
  if (ascii(bytes, 12, 4) !== 'IHDR') return UNSUPPORTED;
  return sized(uint32be(bytes, 16), uint32be(bytes, 20));
}

function readGifSize(bytes: Uint8Array): ImageSizeResult {
  if (bytes.length < 10) return TRUNCATED;
  return sized(uint16le(bytes, 6), uint16le(bytes, 8));
}

function readWebpSize(bytes: Uint8Array): ImageSizeResult {
  if (bytes.length < 16) return TRUNCATED;
  const chunk = ascii(bytes, 12, 4);
  // The first chunk's payload starts at 20; each variant stores the size within its first 10 bytes.
  if (bytes.length < (chunk === 'VP8L' ? 25 : 30)) return TRUNCATED;
  if (chunk === 'VP8 ') {
    // Lossy: 3-byte frame tag, start code 9d 01 2a, then 14-bit width and height (2 scale bits above).
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return UNSUPPORTED;
    return sized(uint16le(bytes, 26) & 0x3fff, uint16le(bytes, 28) & 0x3fff);
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2f, then width−1 and height−1 packed as two 14-bit fields.
    if (bytes[20] !== 0x2f) return UNSUPPORTED;
    const bits = bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24);
    return sized((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') {
    // Extended: flags (4), then canvas width−1 and height−1 as 24-bit little-endian.
    return sized(uint24le(bytes, 24) + 1, uint24le(bytes, 27) + 1);
  }
  return UNSUPPORTED;
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not. */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function readJpegSize(bytes: Uint8Array): ImageSizeResult {
  let at = 2;
  while (true) {
    while (at < bytes.length && bytes[at] !== 0xff) at++;
    while (at < bytes.length && bytes[at] === 0xff) at++; // fill bytes before a marker
    if (at >= bytes.length) return TRUNCATED;
    const marker = bytes[at]!;
    at++;
    // Markers without a length field: TEM, RST0–7, SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xd9 || marker === 0xda) return UNSUPPORTED; // end of image / scan data before any frame
    if (at + 2 > bytes.length) return TRUNCATED;
    const segmentLength = uint16be(bytes, at);
    if (segmentLength < 2) return UNSUPPORTED;
    if (isStartOfFrame(marker)) {
      // Length (2), precision (1), height (2), width (2).
      if (at + 7 > bytes.length) return TRUNCATED;
      return sized(uint16be(bytes, at + 5), uint16be(bytes, at + 3));
    }
    at += segmentLength;
  }
}

/** The pixel size stored in an image header, told apart by magic bytes rather than by any declared type. */
export function readImageSize(bytes: Uint8Array): ImageSizeResult {
  if (startsWith(bytes, PNG_SIGNATURE)) return readPngSize(bytes);
  if (startsWith(bytes, [0xff, 0xd8])) return readJpegSize(bytes);
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return readGifSize(bytes); // "GIF8"
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && bytes.length >= 12 && ascii(bytes, 8, 4) === 'WEBP') {
    return readWebpSize(bytes);
  }
  return bytes.length < 12 ? TRUNCATED : UNSUPPORTED;
}
