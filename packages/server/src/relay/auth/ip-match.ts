// IP whitelist matching for tokens (behaviour spec §3.3 step 4): exact addresses and CIDR blocks,
// IPv4 and IPv6, through node:net's BlockList (which normalises the many spellings of an IPv6 address).
import { BlockList, isIP } from 'node:net';
import { isIpOrCidr } from '@gw/core';

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** The client address as compared: an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) becomes IPv4. */
export function normalizeClientIp(ip: string): string {
  return IPV4_MAPPED.exec(ip)?.[1] ?? ip;
}

/** Whether the client IP equals an entry or falls inside a CIDR entry; invalid entries match nothing. */
export function ipInWhitelist(ip: string, whitelist: readonly string[]): boolean {
  const address = normalizeClientIp(ip.trim());
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const raw of whitelist) {
    const entry = raw.trim();
    if (!isIpOrCidr(entry)) continue;
    const [network = '', prefix] = entry.split('/');
    const entryAddress = normalizeClientIp(network);
    const entryFamily = isIP(entryAddress) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(entryAddress, entryFamily);
    else if (entryAddress === network) list.addSubnet(entryAddress, Number(prefix), entryFamily);
  }
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}
