import { describe, expect, it } from 'vitest';
import { parseGeminiError, redactChannelKey } from './gemini-error.js';
import { TEST_GEMINI_KEY, testGeminiChannel } from './gemini-test-call.js';

const channel = testGeminiChannel();

describe('parseGeminiError', () => {
  it('reads a Google error into gemini_error with the status name as param and the key redacted', () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: `API key not valid. Please pass a valid API key. (key ${TEST_GEMINI_KEY})`,
        status: 'INVALID_ARGUMENT',
      },
    });
    expect(parseGeminiError(400, body, channel)).toEqual({
      status: 400,
      message: 'API key not valid. Please pass a valid API key. (key xxxxx)',
      type: 'gemini_error',
      code: 400,
      param: 'INVALID_ARGUMENT',
    });
  });

  it('reads the error element of a JSON-array stream reply', () => {
    const body = JSON.stringify([
      { error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
    ]);
    expect(parseGeminiError(429, body, channel)).toMatchObject({
      status: 429,
      param: 'RESOURCE_EXHAUSTED',
      type: 'gemini_error',
    });
  });

  it('keeps a non-JSON body as the message, key redacted, in the default shape', () => {
    expect(parseGeminiError(502, `<html>bad gateway ${TEST_GEMINI_KEY}</html>`, channel)).toEqual({
      status: 502,
      message: '<html>bad gateway xxxxx</html>',
      type: 'upstream_error',
      code: 'bad_response_status_code',
      param: '502',
    });
  });

  it('uses the raw JSON when it carries no Google message, and the bad-status text when empty', () => {
    expect(parseGeminiError(500, '{"oops":true}', channel).message).toBe('{"oops":true}');
    expect(parseGeminiError(503, '', channel)).toEqual({
      status: 503,
      message: 'Provider API error: bad response status code 503',
      type: 'upstream_error',
      code: 'bad_response_status_code',
      param: '503',
    });
  });

  it('answers 429 when the upstream message starts with 当前分组', () => {
    const body = JSON.stringify({
      error: { code: 503, message: '当前分组上游负载已饱和', status: 'UNAVAILABLE' },
    });
    expect(parseGeminiError(503, body, channel).status).toBe(429);
  });
});

describe('redactChannelKey', () => {
  it('redacts every occurrence, and each key of a multi-line channel key', () => {
    expect(redactChannelKey('a KEY1234 b KEY1234', 'KEY1234')).toBe('a xxxxx b xxxxx');
    expect(redactChannelKey('used KEY-two', 'KEY-one\nKEY-two')).toBe('used xxxxx');
    expect(redactChannelKey('nothing here', '')).toBe('nothing here');
  });
});
