import { describe, expect, it } from 'vitest';
import { claudeProvider } from './claude-provider.js';
import { testClaudeChannel } from './test-support/claude-test-support.js';

const parse = (status: number, text: string) => claudeProvider.parseError(status, text, testClaudeChannel());

describe('claude upstream errors (spec §7.1)', () => {
  it("reads Anthropic's error object: its message, and its type as type and code", () => {
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'overloaded_error', message: 'Overloaded' },
    });
    expect(parse(529, body)).toEqual({
      status: 529,
      message: 'Overloaded',
      type: 'overloaded_error',
      code: 'overloaded_error',
      param: null,
    });
  });

  it('reads an OpenAI-shaped error from a proxy in front of Anthropic', () => {
    expect(parse(401, '{"error":{"message":"bad key","type":"invalid_request_error"}}')).toMatchObject({
      status: 401,
      message: 'bad key',
      type: 'invalid_request_error',
    });
  });

  it('forces 429 for a saturated-group message from a gateway upstream', () => {
    const body = JSON.stringify({
      type: 'error',
      error: { type: 'api_error', message: '当前分组上游负载已饱和' },
    });
    expect(parse(500, body).status).toBe(429);
  });

  it('uses the raw body when it is not JSON or has no message', () => {
    expect(parse(502, '<html>Bad gateway</html>')).toEqual({
      status: 502,
      message: '<html>Bad gateway</html>',
      type: 'upstream_error',
      code: 'bad_response_status_code',
      param: '502',
    });
    expect(parse(400, '{"detail":"nope"}').message).toBe('{"detail":"nope"}');
  });

  it('falls back to the bad-status message for an empty body', () => {
    expect(parse(503, '  ')).toEqual({
      status: 503,
      message: 'Provider API error: bad response status code 503',
      type: 'upstream_error',
      code: 'bad_response_status_code',
      param: '503',
    });
  });
});

describe('claude model list', () => {
  it('asks <base>/v1/models with the key and reads the ids', () => {
    const request = claudeProvider.modelsRequest?.(testClaudeChannel({ baseUrl: 'http://127.0.0.1:9' }));
    expect(request).toMatchObject({
      method: 'GET',
      url: 'http://127.0.0.1:9/v1/models',
      headers: { 'x-api-key': 'sk-ant-test', 'anthropic-version': '2023-06-01' },
    });
    const body = {
      data: [
        { type: 'model', id: 'claude-sonnet-4-20250514', display_name: 'Claude Sonnet 4' },
        { type: 'model', id: 'claude-3-5-haiku-20241022' },
        { type: 'model' },
      ],
      has_more: false,
    };
    expect(claudeProvider.parseModels?.(body)).toEqual([
      'claude-sonnet-4-20250514',
      'claude-3-5-haiku-20241022',
    ]);
    expect(claudeProvider.parseModels?.({})).toEqual([]);
  });

  it('serves chat and the native messages route for channel type 14', () => {
    expect(claudeProvider.name).toBe('claude');
    expect(claudeProvider.types).toEqual([14]);
    expect(Object.keys(claudeProvider.operations).sort()).toEqual(['chat', 'claude-messages']);
  });
});
