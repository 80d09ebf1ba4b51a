import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicImageFetcher, isPublicAddress } from './public-image-fetch.js';

describe('remote chat images are fetched from public addresses only', () => {
  const fetcher = createPublicImageFetcher();
  let url = '';
  let hits = 0;
  const server = createServer((_request, response) => {
    hits += 1;
    response.end('GIF89a');
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/cat.gif`;
  });
  afterAll(async () => {
    await fetcher.close();
    server.close();
  });

  it('tells public from loopback, private, link-local and mapped addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a loopback address literal and a name that resolves to loopback, without connecting', async () => {
    await expect(fetcher.fetch(url)).rejects.toThrow(/not a public address/);
    const port = new URL(url).port;
    await expect(fetcher.fetch(`http://localhost:${port}/cat.gif`)).rejects.toThrow();
    await expect(fetcher.fetch('file:///etc/passwd')).rejects.toThrow(/http/);
    expect(hits).toBe(0);
  });
});
