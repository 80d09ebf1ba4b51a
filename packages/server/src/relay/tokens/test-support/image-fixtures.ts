// Tiny images with real headers, built byte by byte for the token-counting tests.
import { crc32, deflateSync } from 'node:zlib';

function uint32be(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

function uint16be(value: number): number[] {
  return [(value >> 8) & 0xff, value & 0xff];
}

function uint16le(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff];
}

function uint24le(value: number): number[] {
  return [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff];
}

function pngChunk(type: string, data: Uint8Array): Buffer {
  const typeBytes = Buffer.from(type, 'latin1');
  const crc = crc32(Buffer.concat([typeBytes, data]));
  return Buffer.concat([uint32be(data.length), typeBytes, data, uint32be(crc)]);
}

/** A complete grayscale PNG: signature, IHDR, one IDAT of black rows, IEND. */
export function buildPng(width: number, height: number): Uint8Array {
  const header = Buffer.concat([uint32be(width), uint32be(height), Buffer.from([8, 0, 0, 0, 0])]);
  const rows = Buffer.alloc((width + 1) * Math.min(height, 4)); // a few filter-0 rows are enough for a header test
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows)),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

function jpegSegment(marker: number, payload: number[] | Uint8Array): Buffer {
  return Buffer.concat([Buffer.from([0xff, marker, ...uint16be(payload.length + 2)]), Buffer.from(payload)]);
}

/**
 * A baseline (or progressive) JPEG header: SOI, JFIF APP0, optional padding APP1 segments (EXIF-like
 * blobs that push the frame header further in), SOF with the size, then the start of scan.
 */
export function buildJpeg(
  width: number,
  height: number,
  options: { paddingBytes?: number; progressive?: boolean } = {},
): Uint8Array {
  const parts: Buffer[] = [Buffer.from([0xff, 0xd8])];
  parts.push(
    jpegSegment(0xe0, [...Buffer.from('JFIF\0', 'latin1'), 1, 1, 0, ...uint16be(1), ...uint16be(1), 0, 0]),
  );
  let padding = options.paddingBytes ?? 0;
  while (padding > 0) {
    const chunk = Math.min(padding, 60_000);
    parts.push(jpegSegment(0xe1, new Uint8Array(chunk).fill(0x45)));
    padding -= chunk;
  }
  parts.push(Buffer.from([0xff])); // a fill byte before the next marker is legal
  const frame = [8, ...uint16be(height), ...uint16be(width), 1, 1, 0x11, 0];
  parts.push(jpegSegment(options.progressive ? 0xc2 : 0xc0, frame));
  parts.push(jpegSegment(0xda, [1, 1, 0, 0, 0x3f, 0]), Buffer.from([0x00, 0xff, 0xd9]));
  return Buffer.concat(parts);
}

/** A GIF89a header with its logical screen descriptor and trailer. */
export function buildGif(width: number, height: number): Uint8Array {
  return Buffer.from([
    ...Buffer.from('GIF89a', 'latin1'),
    ...uint16le(width),
    ...uint16le(height),
    0,
    0,
    0,
    0x3b,
  ]);
}

function riff(chunkType: string, chunkData: number[]): Uint8Array {
  const chunk = [...Buffer.from(chunkType, 'latin1'), ...uint24le(chunkData.length), 0, ...chunkData];
  const size = 4 + chunk.length;
  return Buffer.from([
    ...Buffer.from('RIFF', 'latin1'),
    ...uint24le(size),
    0,
    ...Buffer.from('WEBP', 'latin1'),
    ...chunk,
  ]);
}

/** Lossy WebP ("VP8 "): key-frame tag, start code, 14-bit sizes. */
export function buildWebpLossy(width: number, height: number): Uint8Array {
  return riff('VP8 ', [0x50, 0x02, 0x00, 0x9d, 0x01, 0x2a, ...uint16le(width), ...uint16le(height), 0, 0]);
}

/** Lossless WebP ("VP8L"): signature 0x2f, then width−1 and height−1 in 14 bits each. */
export function buildWebpLossless(width: number, height: number): Uint8Array {
  const bits = ((width - 1) & 0x3fff) | (((height - 1) & 0x3fff) << 14);
  return riff('VP8L', [
    0x2f,
    bits & 0xff,
    (bits >>> 8) & 0xff,
    (bits >>> 16) & 0xff,
    (bits >>> 24) & 0xff,
    0,
    0,
    0,
  ]);
}

/** Extended WebP ("VP8X"): flags, then the canvas width−1 and height−1 in 24 bits each. */
export function buildWebpExtended(width: number, height: number): Uint8Array {
  return riff('VP8X', [0x10, 0, 0, 0, ...uint24le(width - 1), ...uint24le(height - 1)]);
}

export function toDataUrl(bytes: Uint8Array, mime: string): string {
  return `data:${mime};base64,${Buffer.from(bytes).toString('base64')}`;
}
