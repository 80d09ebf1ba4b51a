import { describe, expect, it } from 'vitest';
import { ipInWhitelist, normalizeClientIp } from './ip-match.js';

describe('ipInWhitelist (behaviour spec §3.3 step 4)', () => {
  it('Given an exact IPv4 entry, Then only that address matches', () => {
    expect(ipInWhitelist('203.0.113.5', ['203.0.113.5'])).toBe(true);
    expect(ipInWhitelist('203.0.113.6', ['203.0.113.5'])).toBe(false);
  });

  it('Given an IPv4 CIDR, Then addresses inside match and those outside do not', () => {
    expect(ipInWhitelist('10.1.255.254', ['10.1.0.0/16'])).toBe(true);
    expect(ipInWhitelist('10.2.0.1', ['10.1.0.0/16'])).toBe(false);
    expect(ipInWhitelist('192.168.1.77', ['192.168.1.64/27'])).toBe(true);
    expect(ipInWhitelist('192.168.1.96', ['192.168.1.64/27'])).toBe(false);
  });

  it('Given an IPv6 CIDR or address, Then matching ignores how the address is spelled', () => {
    expect(ipInWhitelist('2001:db8:0:0:0:0:0:1', ['2001:db8::/32'])).toBe(true);
    expect(ipInWhitelist('2001:db9::1', ['2001:db8::/32'])).toBe(false);
    expect(ipInWhitelist('2001:0db8::0001', ['2001:db8::1'])).toBe(true);
    expect(ipInWhitelist('2001:db8::2', ['2001:db8::1'])).toBe(false);
  });

  it('Given an IPv4-mapped IPv6 client address (as Node reports it), Then it matches IPv4 entries', () => {
    expect(normalizeClientIp('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(ipInWhitelist('::ffff:127.0.0.1', ['127.0.0.0/8'])).toBe(true);
  });

  it('Given invalid entries or an invalid client IP, Then nothing matches', () => {
    expect(ipInWhitelist('10.0.0.1', ['not-an-ip', '10.0.0.0/33'])).toBe(false);
    expect(ipInWhitelist('garbage', ['0.0.0.0/0'])).toBe(false);
    expect(ipInWhitelist('10.0.0.1', ['garbage', '0.0.0.0/0'])).toBe(true);
  });
});
