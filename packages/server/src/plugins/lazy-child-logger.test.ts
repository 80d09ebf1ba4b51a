import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, levelEnables } from './lazy-child-logger.js';

/** A pino logger at `level` whose lines land in `lines`, and a count of the children made from it. */
function capturedLogger(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const logger = pino({ level }, stream);
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((...args: Parameters<typeof child>) => {
    children += 1;
    return child(...args);
  }) as typeof logger.child;
  return { logger, lines, children: () => children };
}

describe('lazy request child logger', () => {
  it('Given a request that logs below its level, Then no child logger is made and nothing is written', () => {
    const { logger, lines, children } = capturedLogger('info');
    const log = lazyChildLogger(logger, { reqId: 'r1' }, { level: 'warn' });
    log.info('not written');
    log.debug('not written either');
    expect(children()).toBe(0);
    expect(lines).toHaveLength(0);
    expect(log.level).toBe('warn');
  });

  it('Given a line at an enabled level, Then it is written once with the request binding and the child level', async () => {
    const { logger, lines, children } = capturedLogger('info');
    const log = lazyChildLogger(logger, { reqId: 'r2' }, { level: 'warn' });
    log.warn({ detail: 1 }, 'upstream slow');
    log.error('failed');
    log.info('still below warn');
    await new Promise((resolve) => setImmediate(resolve));
    expect(children()).toBe(1);
    expect(lines.map((line) => [line.msg, line.reqId, line.level])).toEqual([
      ['upstream slow', 'r2', 40],
      ['failed', 'r2', 50],
    ]);
  });

  it('Given no level of its own, Then the child follows the parent level, and setting the level moves it', async () => {
    const { logger, lines } = capturedLogger('info');
    const log = lazyChildLogger(logger, { reqId: 'r3' }, {});
    expect(log.level).toBe('info');
    log.level = 'error';
    log.warn('dropped');
    expect(lines).toHaveLength(0);
    log.level = 'debug';
    log.debug('kept');
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines.map((line) => line.msg)).toEqual(['kept']);
  });

  it('levelEnables follows pino order; silent enables nothing; an unknown level enables everything', () => {
    expect(levelEnables('warn', 'error')).toBe(true);
    expect(levelEnables('warn', 'info')).toBe(false);
    expect(levelEnables('silent', 'fatal')).toBe(false);
    expect(levelEnables('custom', 'trace')).toBe(true);
  });
});
