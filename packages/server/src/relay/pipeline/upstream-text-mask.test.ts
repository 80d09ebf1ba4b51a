// What of an upstream's error text a key holder may read (issue 8, item 9): addresses, the upstream's
// host and URL, the channel's secrets and anything shaped like a key are masked; the rest stays readable.
import { describe, expect, it } from 'vitest';
import type { RelayChannel } from './relay-channel.js';
import { maskRelayError, maskUpstreamText } from './upstream-text-mask.js';

function channel(fields: {
  key?: string;
  baseUrl?: string;
  proxy?: string;
  headers?: Record<string, string>;
}) {
  return {
    id: 1,
    type: 1,
    name: 'c',
    status: 1,
    upstream: {
      id: 1,
      type: 1,
      name: 'c',
      key: fields.key ?? 'channel-secret-key-value',
      baseUrl: fields.baseUrl ?? 'https://upstream.internal.example:8443',
      other: '',
      headers: fields.headers ?? {},
      plugin: {},
    },
    modelMapping: {},
    customParameter: undefined,
    proxy: fields.proxy ?? '',
    preCost: 1,
    testModel: '',
  } as unknown as RelayChannel;
}

const none: RelayChannel[] = [];

describe('maskUpstreamText', () => {
  it.each([
    ['connect ECONNREFUSED 127.0.0.1:9', 'connect ECONNREFUSED [address]'],
    ['connect ECONNREFUSED ::1:9', 'connect ECONNREFUSED [address]'],
    ['connect ETIMEDOUT [2001:db8::7]:443', 'connect ETIMEDOUT [address]'],
    ['getaddrinfo ENOTFOUND on fe80::1%eth0', 'getaddrinfo ENOTFOUND on [address]%eth0'],
    [
      'socket hang up talking to 2001:0db8:0000:0000:0000:ff00:0042:8329',
      'socket hang up talking to [address]',
    ],
    ['dial tcp gpu-7.cluster.local:8000: i/o timeout', 'dial tcp [address]: i/o timeout'],
    ['dial tcp localhost:11434: refused', 'dial tcp [address]: refused'],
    ['POST http://10.1.2.3/v1/chat failed', 'POST [address] failed'],
  ])('masks the address in %j', (message, masked) => {
    expect(maskUpstreamText(message, none)).toBe(masked);
  });

  it('masks key-like strings', () => {
    const masked = maskUpstreamText(
      'Incorrect API key provided: sk-proj-AbCdEf123456_xyz. Also AIzaSyA1234567890abcdefghijklmnopq, ' +
        'token 0123456789abcdef0123456789abcdef01, secret dGhpcyBpcyBhIHNlY3JldCB0b2tlbiAxMjM0NTY3OA==, ' +
        'Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc',
      none,
    );
    expect(masked).toBe(
      'Incorrect API key provided: ***. Also ***, token ***, secret ***, Authorization: Bearer ***',
    );
  });

  it("masks the channel's own key, its pieces, host, proxy and header values", () => {
    const masked = maskUpstreamText(
      'key plainchannelsecret rejected by upstream.internal.example:8443 ' +
        '(region part akid-part-1 of akid-part-1|secret-part-2|us-east-1) via socks5://user:pw@proxy.corp:1080 ' +
        'with header value tenant-8842',
      [
        channel({
          key: 'akid-part-1|secret-part-2|us-east-1',
          proxy: 'socks5://user:pw@proxy.corp:1080',
          headers: { 'x-tenant': 'tenant-8842' },
        }),
        channel({ key: 'plainchannelsecret' }),
      ],
    );
    for (const secret of [
      'plainchannelsecret',
      'akid-part-1',
      'secret-part-2',
      'proxy.corp',
      'tenant-8842',
    ]) {
      expect(masked).not.toContain(secret);
    }
    expect(masked).not.toContain('upstream.internal.example');
  });

  it('leaves ordinary messages, model names and public documentation links readable', () => {
    const text =
      'The model `Meta-Llama-3.1-70B-Instruct-Turbo` does not exist or you do not have access to it; ' +
      'max_tokens must be at most 4096 at 12:30. See https://platform.openai.com/docs/guides/error-codes.';
    expect(maskUpstreamText(text, [channel({})])).toBe(text);
  });

  it('keeps the gateway’s own (local) errors as they are', () => {
    const local = { local: true, message: 'model gpt-x at 127.0.0.1:9' };
    expect(maskRelayError(local, none)).toBe(local);
    expect(maskRelayError({ local: false, message: 'at 127.0.0.1:9' }, none).message).toBe('at [address]');
  });

  it("masks the error's param, type and code too: an upstream may echo its key there", () => {
    const secret = 'channel-secret-key-value';
    const masked = maskRelayError(
      {
        local: false,
        message: 'Incorrect API key provided',
        type: `invalid_request_error at 10.0.0.7:443`,
        code: `bad key ${secret}`,
        param: `Bearer ${secret}`,
      },
      [channel({ key: secret })],
    );
    expect(masked).toEqual({
      local: false,
      message: 'Incorrect API key provided',
      type: 'invalid_request_error at [address]',
      code: 'bad key ***',
      param: 'Bearer ***',
    });
    // A numeric code and a missing param stay as they are.
    expect(maskRelayError({ local: false, message: 'm', type: 't', code: 401 }, none)).toEqual({
      local: false,
      message: 'm',
      type: 't',
      code: 401,
    });
  });
});
