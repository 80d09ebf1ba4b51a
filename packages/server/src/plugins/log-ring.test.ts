// The in-memory log ring behind /api/system_info/log.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSystemLogRing, systemLogEntryFromLine } from './log-ring.js';

const line = (fields: Record<string, unknown>) =>
  `${JSON.stringify({ time: 1_700_000_000_000, level: 30, ...fields })}\n`;

describe('system log ring', () => {
  it('forwards every line and keeps the newest ones, oldest first', () => {
    const out = new PassThrough();
    let forwarded = '';
    out.on('data', (chunk) => {
      forwarded += String(chunk);
    });
    const ring = createSystemLogRing(out, 3);
    for (const n of [1, 2, 3, 4, 5]) ring.write(line({ msg: `line ${n}` }));
    expect(forwarded.split('\n').filter(Boolean)).toHaveLength(5);
    expect(ring.newest(10).map((entry) => entry.Message)).toEqual(['line 3', 'line 4', 'line 5']);
    expect(ring.newest(1).map((entry) => entry.Message)).toEqual(['line 5']);
  });

  it('answers RFC 3339 times, level names and a request summary without the query string', () => {
    expect(
      systemLogEntryFromLine(
        line({ level: 40, msg: 'incoming request', req: { method: 'GET', url: '/api/x?turnstile=t' } }),
      ),
    ).toEqual({
      Timestamp: '2023-11-14T22:13:20.000Z',
      Level: 'WARN',
      Message: 'incoming request GET /api/x',
    });
    expect(
      systemLogEntryFromLine(
        line({ level: 50, msg: 'request completed', res: { statusCode: 500 }, responseTime: 12.4 }),
      ),
    ).toMatchObject({ Level: 'ERROR', Message: 'request completed 500 12ms' });
  });

  it('never keeps a private line (the generated root password) nor a line that is not JSON', () => {
    const ring = createSystemLogRing(new PassThrough(), 10);
    ring.write(line({ gwPrivate: true, msg: 'root password: hunter2' }));
    ring.write('not json\n');
    expect(ring.newest(10)).toEqual([]);
  });
});
