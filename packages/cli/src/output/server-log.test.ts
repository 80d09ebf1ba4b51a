import { describe, expect, it } from 'vitest';
import { redactBody } from '../runtime/debug-fetch.js';
import { extractGlobalFlags } from '../runtime/global-flags.js';
import { createPainter } from './color.js';
import { humanLogLine } from './server-log.js';

const plain = createPainter(false);
const line = (record: object) =>
  JSON.stringify({ time: new Date(2026, 0, 1, 9, 5, 7).getTime(), level: 30, ...record });

describe('gw serve on a terminal', () => {
  it('shows a request as one readable line and the root password on its own, and leaves out the listen line', () => {
    const request = line({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/status' },
      res: { statusCode: 200 },
      responseTime: 3.4,
    });
    expect(humanLogLine(request, plain)).toBe('09:05:07 INFO  GET /api/status 200 3 ms');
    expect(humanLogLine(line({ level: 40, msg: 'Root\n\n    pw', gwRootPassword: true }), plain)).toBe(
      'Root\n\n    pw',
    );
    expect(humanLogLine(line({ msg: 'gw listening on http://x' }), plain)).toBeUndefined();
    expect(humanLogLine(line({ level: 50, msg: 'boom', err: { message: 'bad' } }), plain)).toBe(
      '09:05:07 ERROR boom bad',
    );
    expect(humanLogLine('not json', plain)).toBe('not json');
  });
});

describe('CLI plumbing', () => {
  it('masks secrets in debug bodies', () => {
    expect(redactBody('{"username":"root","password":"pw","data":{"key":"abc","access_token":"t"}}')).toBe(
      '{"username":"root","password":"***","data":{"key":"***","access_token":"***"}}',
    );
    expect(redactBody('plain text')).toBe('plain text');
  });

  it('takes --lang and --profile out wherever they stand, but not after --', () => {
    expect(extractGlobalFlags(['--lang', 'ja', 'tokens', 'ls', '--profile=work'])).toEqual({
      lang: 'ja',
      profile: 'work',
      args: ['tokens', 'ls'],
    });
    expect(extractGlobalFlags(['api', '--', '--lang', 'x']).args).toEqual(['api', '--', '--lang', 'x']);
    expect(() => extractGlobalFlags(['--profile'])).toThrow('cli.errors.flag_needs_value');
  });
});
