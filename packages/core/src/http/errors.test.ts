import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/i18n.js';
import { describeError, ERROR_CODES, errorCodeForStatus, GwApiError, isErrorCode } from './errors.js';

const text = (error: unknown) => {
  const notice = describeError(error);
  return { level: notice.level, text: translate('en_US', notice.key, notice.params) };
};

describe('the error catalogue of spec §8', () => {
  it('gives 429, 500 and 405 their fixed texts', () => {
    expect(text(new GwApiError('RATE_LIMITED', '', { status: 429 }))).toEqual({
      level: 'error',
      text: 'error: too many requests, please try again later',
    });
    expect(text(new GwApiError('INTERNAL', 'db down', { status: 500 })).text).toBe(
      'error: internal server error, contact the administrator',
    );
    expect(text(new GwApiError('DEMO_SITE', '', { status: 405 }))).toEqual({
      level: 'info',
      text: 'this site is for demo only, no server',
    });
  });

  it('names the request id of a server failure, so the operator can find it in the logs', () => {
    const logged = new GwApiError('INTERNAL', 'db down', { status: 500, requestId: 'r-1' });
    expect(text(logged).text).toBe('error: internal server error, contact the administrator (request r-1)');
    const upstream = new GwApiError('INTERNAL', 'bad gateway', { status: 502, requestId: 'r-2' });
    expect(text(upstream).text).toBe('error: bad gateway (request r-2)');
    const refused = new GwApiError('FAILED', 'quota too low', { status: 200, requestId: 'r-3' });
    expect(text(refused).text).toBe('error: quota too low');
  });

  it('prefixes other failures, plain errors and non-Error values with "error: "', () => {
    expect(text(new GwApiError('FAILED', 'quota too low')).text).toBe('error: quota too low');
    expect(text(new Error('boom')).text).toBe('error: boom');
    expect(text('plain words').text).toBe('error: plain words');
    expect(text(42).text).toBe('error: 42');
  });

  it('is shown in Chinese by default', () => {
    const notice = describeError(new GwApiError('RATE_LIMITED', '', { status: 429 }));
    expect(translate('zh_CN', notice.key)).toBe('错误：请求次数过多，请稍后再试！');
  });

  it('names the wait of a 429 when the server sent Retry-After', () => {
    const notice = describeError(new GwApiError('RATE_LIMITED', '', { status: 429, retryAfterSeconds: 42 }));
    expect(translate('en_US', notice.key, notice.params)).toBe('error: too many requests, retry in 42 s');
  });
});

describe('error codes', () => {
  it('map statuses and carry exit codes', () => {
    expect(errorCodeForStatus(401)).toBe('UNAUTHENTICATED');
    expect(errorCodeForStatus(503)).toBe('INTERNAL');
    expect(errorCodeForStatus(404)).toBe('NOT_FOUND');
    expect(new GwApiError('NOT_FOUND', 'x').exitCode).toBe(5);
    expect(new GwApiError('VALIDATION_FAILED', 'x').exitCode).toBe(2);
    expect(isErrorCode('FORBIDDEN')).toBe(true);
    expect(isErrorCode('toString')).toBe(false);
    expect(Object.keys(ERROR_CODES)).toContain('UNAUTHENTICATED');
  });
});
