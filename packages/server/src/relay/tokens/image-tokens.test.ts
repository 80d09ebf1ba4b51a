import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGif, buildJpeg, buildPng, buildWebpLossy, toDataUrl } from './test-support/image-fixtures.js';
import { fetchImageHead } from './image-source.js';
import { countChatImageTokens, openAiHighDetailTiles } from './image-tokens.js';

const png = (width: number, height: number) => ({
  url: toDataUrl(buildPng(width, height), 'image/png'),
  detail: '',
});

describe('openAiHighDetailTiles (spec §10.3)', () => {
  it('Given small images, then each 512 px square started is a tile', () => {
    expect(openAiHighDetailTiles({ width: 100, height: 100 })).toBe(1);
    expect(openAiHighDetailTiles({ width: 513, height: 100 })).toBe(2);
  });

  it('Given both sides above 768, then the short side is scaled to 768', () => {
    // 1024² → 768² → 2·2
    expect(openAiHighDetailTiles({ width: 1024, height: 1024 })).toBe(4);
  });

  it('Given a side above 2048, then it is fitted to 2048 first, then the short side to 768', () => {
    // 4096×2048 → 2048×1024 → 1536×768 → 3·2
    expect(openAiHighDetailTiles({ width: 4096, height: 2048 })).toBe(6);
    // 3000×1000 → 2048×682 (short side ≤ 768, kept) → 4·2
    expect(openAiHighDetailTiles({ width: 3000, height: 1000 })).toBe(8);
  });
});

describe('countChatImageTokens', () => {
  it('Given gpt-* with detail low, then 85 (gpt-4o-mini: 2833), without looking at the image', async () => {
    const unreadable = { url: 'https://example.invalid/x.png', detail: 'low' };
    expect(await countChatImageTokens('gpt-4o', unreadable)).toBe(85);
    expect(await countChatImageTokens('gpt-4o-mini', unreadable)).toBe(2833);
  });

  it('Given gpt-* with high, auto or no detail, then tiles·170 + 85 from the image header', async () => {
    expect(await countChatImageTokens('gpt-4o', { ...png(1024, 1024), detail: 'high' })).toBe(4 * 170 + 85);
    expect(await countChatImageTokens('gpt-4o', { ...png(100, 100), detail: 'auto' })).toBe(255);
    expect(await countChatImageTokens('gpt-4-turbo', png(4096, 2048))).toBe(6 * 170 + 85);
  });

  it('Given gpt-4o-mini at high detail, then tiles·5667 + 2833', async () => {
    expect(await countChatImageTokens('gpt-4o-mini-2024-07-18', png(1024, 1024))).toBe(4 * 5667 + 2833);
  });

  it('Given each image format as a data URL, then its header sizes it', async () => {
    const jpeg = { url: toDataUrl(buildJpeg(1024, 1024), 'image/jpeg'), detail: 'high' };
    const gif = { url: toDataUrl(buildGif(600, 100), 'image/gif'), detail: 'high' };
    const webp = { url: toDataUrl(buildWebpLossy(100, 100), 'image/webp'), detail: 'high' };
    expect(await countChatImageTokens('gpt-4o', jpeg)).toBe(765);
    expect(await countChatImageTokens('gpt-4o', gif)).toBe(2 * 170 + 85);
    expect(await countChatImageTokens('gpt-4o', webp)).toBe(255);
  });

  it('Given a JPEG data URL whose frame header is past the first 64 KiB, then the whole payload is read', async () => {
    const jpeg = {
      url: toDataUrl(buildJpeg(1024, 1024, { paddingBytes: 120_000 }), 'image/jpeg'),
      detail: '',
    };
    expect(await countChatImageTokens('gpt-4o', jpeg)).toBe(765);
  });

  it('Given other families, then gemini 258, glm 1047, claude ceil(w·h/750) from the real size', async () => {
    expect(await countChatImageTokens('gemini-1.5-pro', png(4000, 4000))).toBe(258);
    expect(await countChatImageTokens('glm-4v', png(4000, 4000))).toBe(1047);
    // 200·300 / 750 = 80 exactly; 201·301 / 750 = 80.668 → 81
    expect(await countChatImageTokens('claude-3-5-sonnet', png(200, 300))).toBe(80);
    expect(await countChatImageTokens('claude-3-5-sonnet', png(201, 301))).toBe(81);
  });

  it('Given an unknown family, then the OpenAI rule applies', async () => {
    expect(await countChatImageTokens('qwen-vl-max', png(100, 100))).toBe(255);
  });

  it('Given an unreadable image or an invalid detail, then that image counts 0', async () => {
    expect(await countChatImageTokens('gpt-4o', { url: 'data:image/png;base64,AAAA', detail: '' })).toBe(0);
    expect(await countChatImageTokens('gpt-4o', { url: 'data:image/svg+xml,<svg/>', detail: '' })).toBe(0);
    expect(await countChatImageTokens('gpt-4o', { url: 'ftp://host/x.png', detail: '' })).toBe(0);
    expect(await countChatImageTokens('gpt-4o', { ...png(100, 100), detail: 'medium' })).toBe(0);
    expect(await countChatImageTokens('claude-3-opus', { url: 'data:image/png;base64,', detail: '' })).toBe(
      0,
    );
  });
});

describe('remote images', () => {
  let server: Server;
  let origin: string;
  const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  // A large PNG body: only its head should be read.
  const bigPng = Buffer.concat([buildPng(2048, 1024), Buffer.alloc(512 * 1024)]);

  beforeAll(async () => {
    server = createServer((request, response) => {
      requests.push({ path: request.url ?? '', headers: request.headers });
      if (request.url === '/wide.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(bigPng);
      } else if (request.url === '/photo.jpg') {
        response.writeHead(200, { 'content-type': 'image/jpeg' });
        response.end(buildJpeg(800, 600));
      } else {
        response.writeHead(404).end('not found');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('Given an http URL, then the default fetcher reads at most 64 KiB, asking for a range', async () => {
    const head = await fetchImageHead(`${origin}/wide.png`);
    expect(head.byteLength).toBe(64 * 1024);
    expect(requests.at(-1)?.headers.range).toBe('bytes=0-65535');
  });

  it('Given a remote image, then it is sized from the fetched header, and the size is reused for the same URL', async () => {
    const fetcher = (url: string) => fetchImageHead(url);
    const before = requests.length;
    // 2048×1024 → both sides above 768 → 1536×768 → 3·2 tiles
    expect(await countChatImageTokens('gpt-4o', { url: `${origin}/wide.png`, detail: 'high' }, fetcher)).toBe(
      1105,
    );
    expect(
      await countChatImageTokens('claude-3-haiku', { url: `${origin}/photo.jpg`, detail: '' }, fetcher),
    ).toBe(640);
    expect(await countChatImageTokens('gpt-4o', { url: `${origin}/wide.png`, detail: '' }, fetcher)).toBe(
      1105,
    );
    expect(requests.length - before).toBe(2);
  });

  it('Given a remote image that fails (HTTP 404, refused connection, rejecting fetcher), then it counts 0', async () => {
    expect(await countChatImageTokens('gpt-4o', { url: `${origin}/missing.png`, detail: '' })).toBe(0);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(
      await countChatImageTokens('gpt-4o', { url: `http://127.0.0.1:${closedPort}/x.png`, detail: '' }),
    ).toBe(0);
    const rejecting = () => Promise.reject(new Error('boom'));
    expect(
      await countChatImageTokens('claude-3-haiku', { url: `${origin}/photo.jpg`, detail: '' }, rejecting),
    ).toBe(0);
  });
});
