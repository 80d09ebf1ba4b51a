// Remote images in chat are fetched (first 64 KiB) to count their tokens (spec §10.3). Any key holder can
// name any URL, so the fetch only connects to public addresses: loopback, private, link-local and other
// special ranges are refused at connect time (after DNS, so a name pointing inside is refused too).
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { ipInWhitelist, normalizeClientIp } from '../auth/ip-match.js';
import { REMOTE_IMAGE_BYTE_LIMIT, REMOTE_IMAGE_TIMEOUT_MS } from '../tokens/image-source.js';
import type { ImageFetcher } from '../tokens/index.js';

/** Address ranges a key holder must not reach through gw. */
const NON_PUBLIC_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/128',
  '::1/128',
  'fc00::/7',
  'fe80::/10',
  'ff00::/8',
];

/** Whether an address is outside every special range. */
export function isPublicAddress(address: string): boolean {
  const ip = normalizeClientIp(address);
  return isIP(ip) !== 0 && !ipInWhitelist(ip, NON_PUBLIC_RANGES);
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A DNS lookup for sockets that drops non-public answers and fails when none is left. */
function publicLookup(
  hostname: string,
  options: { all?: boolean; family?: number },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const usable = addresses.filter((entry) => isPublicAddress(entry.address));
    const first = usable[0];
    if (!first) {
      const refused = Object.assign(new Error(`${hostname} resolves to no public address`), {
        code: 'ENOTFOUND',
      });
      return callback(refused, []);
    }
    if (options.all) callback(null, usable);
    else callback(null, first.address, first.family);
  });
}

/** The fetcher the relay counts remote chat images with. */
export function createPublicImageFetcher(): { fetch: ImageFetcher; close: () => Promise<void> } {
  const agent = new Agent({
    connect: { timeout: REMOTE_IMAGE_TIMEOUT_MS, lookup: publicLookup as never },
    keepAliveTimeout: 10_000,
  });
  return {
    async fetch(url) {
      const target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error('not an http(s) URL');
      // Sockets skip DNS for address literals, so those are checked here.
      const host = target.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !isPublicAddress(host)) throw new Error(`${host} is not a public address`);
      const response = await request(target, {
        dispatcher: agent,
        headers: { range: `bytes=0-${REMOTE_IMAGE_BYTE_LIMIT - 1}` },
        signal: AbortSignal.timeout(REMOTE_IMAGE_TIMEOUT_MS),
      });
      if (response.statusCode < 200 || response.statusCode >= 300) {
        response.body.destroy();
        throw new Error(`image fetch failed with HTTP ${response.statusCode}`);
      }
      const chunks: Buffer[] = [];
      let received = 0;
      for await (const chunk of response.body) {
        chunks.push(chunk as Buffer);
        received += (chunk as Buffer).length;
        if (received >= REMOTE_IMAGE_BYTE_LIMIT) break;
      }
      response.body.destroy();
      return new Uint8Array(Buffer.concat(chunks).subarray(0, REMOTE_IMAGE_BYTE_LIMIT));
    },
    close: () => agent.close(),
  };
}
