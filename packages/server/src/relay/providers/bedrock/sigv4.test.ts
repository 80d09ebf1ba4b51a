// SigV4 against AWS's published Signature Version 4 test suite (credentials AKIDEXAMPLE, region us-east-1,
// service "service", 2015-08-30T12:36:00Z) and, for a Bedrock-shaped request with a session token and a
// model id with ":", against the maintained @smithy/signature-v4 signer.
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { NodeSha256 } from '../../test-support/fake-upstream/bedrock-wire.js';
import { EMPTY_PAYLOAD_HASH, sha256Hex, signedHeaders, signingKey, signParts } from './sigv4.js';

const SUITE = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const suiteSign = (method: string, url: string, path?: string) =>
  signParts(
    {
      method,
      url: new URL(url),
      ...(path === undefined ? {} : { path }),
      headers: { 'X-Amz-Date': '20150830T123600Z' },
      payloadHash: EMPTY_PAYLOAD_HASH,
    },
    SUITE,
    'us-east-1',
    'service',
  );

describe('SigV4 against the AWS test suite', () => {
  it('derives the published signing key', () => {
    expect(signingKey(SUITE.secretAccessKey, '20150830', 'us-east-1', 'service').toString('hex')).toBe(
      '938127b5336810ddb6a5d6af445fcac9e371f9ed418ed386b022aed82901be75',
    );
  });

  it('get-vanilla', () => {
    const parts = suiteSign('GET', 'https://example.amazonaws.com/');
    expect(parts.canonicalRequest).toBe(
      `GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n${EMPTY_PAYLOAD_HASH}`,
    );
    expect(parts.stringToSign).toBe(
      'AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63',
    );
    expect(parts.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31',
    );
  });

  it('get-vanilla-query-order-key-case: the query is sorted', () => {
    expect(suiteSign('GET', 'https://example.amazonaws.com/?Param2=value2&Param1=value1').signature).toBe(
      'b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500',
    );
  });

  it('post-vanilla', () => {
    expect(suiteSign('POST', 'https://example.amazonaws.com/').signature).toBe(
      '5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b',
    );
  });

  it('get-utf8: a non-ASCII path (as the suite writes it, unescaped) is encoded', () => {
    expect(suiteSign('GET', 'https://example.amazonaws.com/', '/ሴ').signature).toBe(
      '8318018e0b0f223aa2bbf98705b62bb787dc9c0e678f255a891fd03141be5d85',
    );
  });

  it('a changed body or header changes the signature', () => {
    const base = signParts(
      {
        method: 'POST',
        url: new URL('https://x.amazonaws.com/a'),
        headers: { 'x-amz-date': '20150830T123600Z' },
        payloadHash: sha256Hex('a'),
      },
      SUITE,
      'us-east-1',
      'bedrock',
    );
    const other = signParts(
      {
        method: 'POST',
        url: new URL('https://x.amazonaws.com/a'),
        headers: { 'x-amz-date': '20150830T123600Z' },
        payloadHash: sha256Hex('b'),
      },
      SUITE,
      'us-east-1',
      'bedrock',
    );
    expect(other.signature).not.toBe(base.signature);
  });
});

describe('SigV4 against @smithy/signature-v4', () => {
  it('signs a Bedrock InvokeModel request with a session token exactly as the SDK signer does', async () => {
    const credentials = {
      accessKeyId: 'AKIAFAKE',
      secretAccessKey: 'fake/secret+key',
      sessionToken: 'session-token-1',
    };
    const url =
      'https://bedrock-runtime.us-west-2.amazonaws.com/model/anthropic.claude-3-haiku-20240307-v1%3A0/invoke';
    const body = '{"anthropic_version":"bedrock-2023-05-31","max_tokens":5,"messages":[]}';
    const now = new Date('2026-11-26T12:00:00Z');
    const ours = signedHeaders(
      'POST',
      url,
      { 'content-type': 'application/json', accept: 'application/json' },
      body,
      credentials,
      'us-west-2',
      'bedrock',
      now,
    );
    const signer = new SignatureV4({
      credentials,
      region: 'us-west-2',
      service: 'bedrock',
      sha256: NodeSha256,
    });
    const parsed = new URL(url);
    const signed = await signer.sign(
      {
        method: 'POST',
        protocol: 'https:',
        hostname: parsed.hostname,
        path: parsed.pathname,
        query: {},
        headers: { host: parsed.host, 'content-type': 'application/json', accept: 'application/json' },
        body,
      },
      { signingDate: now },
    );
    expect(ours.authorization).toBe(signed.headers.authorization);
    expect(ours['x-amz-security-token']).toBe('session-token-1');
    expect(ours.authorization).toContain(
      'SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token',
    );
  });
});
