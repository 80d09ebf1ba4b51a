import { describe, expect, it } from 'vitest';
import {
  buildGif,
  buildJpeg,
  buildPng,
  buildWebpExtended,
  buildWebpLossless,
  buildWebpLossy,
} from './test-support/image-fixtures.js';
import { readImageSize } from './image-size.js';

describe('readImageSize', () => {
  it('Given a PNG, then the IHDR width and height are read', () => {
    expect(readImageSize(buildPng(640, 480))).toEqual({ ok: true, size: { width: 640, height: 480 } });
    expect(readImageSize(buildPng(70_000, 3))).toEqual({ ok: true, size: { width: 70_000, height: 3 } });
  });

  it('Given a baseline or progressive JPEG, then the size comes from the start-of-frame segment', () => {
    expect(readImageSize(buildJpeg(1920, 1080))).toEqual({ ok: true, size: { width: 1920, height: 1080 } });
    expect(readImageSize(buildJpeg(300, 200, { progressive: true }))).toEqual({
      ok: true,
      size: { width: 300, height: 200 },
    });
  });

  it('Given a JPEG whose frame header sits after large APP segments, then the segments are skipped', () => {
    expect(readImageSize(buildJpeg(123, 45, { paddingBytes: 100_000 }))).toEqual({
      ok: true,
      size: { width: 123, height: 45 },
    });
  });

  it('Given a GIF, then the logical screen size is read (little-endian)', () => {
    expect(readImageSize(buildGif(258, 513))).toEqual({ ok: true, size: { width: 258, height: 513 } });
  });

  it('Given each WebP flavour, then its own size encoding is decoded', () => {
    expect(readImageSize(buildWebpLossy(1000, 700))).toEqual({
      ok: true,
      size: { width: 1000, height: 700 },
    });
    expect(readImageSize(buildWebpLossless(16_384, 1))).toEqual({
      ok: true,
      size: { width: 16_384, height: 1 },
    });
    expect(readImageSize(buildWebpExtended(5000, 3000))).toEqual({
      ok: true,
      size: { width: 5000, height: 3000 },
    });
  });

  it('Given headers cut short, then the result says truncated', () => {
    expect(readImageSize(buildPng(10, 10).subarray(0, 20))).toEqual({ ok: false, reason: 'truncated' });
    expect(readImageSize(buildJpeg(10, 10, { paddingBytes: 70_000 }).subarray(0, 65_536))).toEqual({
      ok: false,
      reason: 'truncated',
    });
    expect(readImageSize(buildWebpLossy(10, 10).subarray(0, 26))).toEqual({ ok: false, reason: 'truncated' });
    expect(readImageSize(new Uint8Array())).toEqual({ ok: false, reason: 'truncated' });
  });

  it('Given other bytes, then the result says unsupported', () => {
    expect(readImageSize(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual({
      ok: false,
      reason: 'unsupported',
    });
    expect(readImageSize(buildPng(0, 10))).toEqual({ ok: false, reason: 'unsupported' });
    // A JPEG that reaches its scan data with no frame header.
    expect(readImageSize(Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0x00]))).toEqual({
      ok: false,
      reason: 'unsupported',
    });
  });
});
