import { describe, expect, it } from 'vitest';
import { normalizeServerUrl } from './server-url.js';

describe('reading a typed server address', () => {
  it('Given a host without a scheme, Then http is assumed', () => {
    expect(normalizeServerUrl('localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeServerUrl('127.0.0.1:8080')).toBe('http://127.0.0.1:8080');
  });

  it('Given spaces, trailing slashes, a base path, a query or a fragment, Then only origin and path stay', () => {
    expect(normalizeServerUrl(' https://gw.example.com/ ')).toBe('https://gw.example.com');
    expect(normalizeServerUrl('https://gw.example.com/base//')).toBe('https://gw.example.com/base');
    expect(normalizeServerUrl('HTTPS://GW.example.com:443/?x=1#top')).toBe('https://gw.example.com');
  });

  it('Given empty text, a bad URL or another scheme, Then undefined', () => {
    expect(normalizeServerUrl('')).toBeUndefined();
    expect(normalizeServerUrl('   ')).toBeUndefined();
    expect(normalizeServerUrl('ftp://x')).toBeUndefined();
    expect(normalizeServerUrl('http://exa mple.com')).toBeUndefined();
    expect(normalizeServerUrl('http://')).toBeUndefined();
    expect(normalizeServerUrl('htp:/bad')).toBeUndefined();
    expect(normalizeServerUrl('http:/gw.example.com')).toBeUndefined();
    expect(normalizeServerUrl('localhost:port')).toBeUndefined();
  });
});
