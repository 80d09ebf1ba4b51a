// Fastify makes a child logger for every request. A child with its own level (the relay's routes log at
// `warn`) makes pino rebuild every log method, on every request, although most requests never log a line.
// This factory hands out a stand-in that makes the real child only when a line at an enabled level is
// written (or the child is asked for), so a request that logs nothing costs one small object.
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions } from 'fastify/types/logger.js';

/** pino's standard level values; an unknown (custom) level counts as always enabled. */
const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Number.POSITIVE_INFINITY,
};

type LevelName = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** Whether a line at `method` is written by a logger at `level`. */
export function levelEnables(level: string, method: LevelName): boolean {
  const threshold = LEVEL_VALUES[level];
  return threshold === undefined || (LEVEL_VALUES[method] as number) >= threshold;
}

/** The stand-in: one object per request, its methods on the prototype. */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | undefined;
  #level: string;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
    this.#level = options.level ?? parent.level;
  }

  #real(): FastifyBaseLogger {
    if (this.#child === undefined) {
      this.#child = this.#parent.child(this.#bindings, this.#options);
      // A level set on the stand-in before the child existed.
      if (this.#child.level !== this.#level) this.#child.level = this.#level;
    }
    return this.#child;
  }

  #write(name: LevelName, args: unknown[]): void {
    if (this.#child === undefined && !levelEnables(this.#level, name)) return;
    (this.#real()[name] as (...line: unknown[]) => void)(...args);
  }

  get level(): string {
    return this.#child ? this.#child.level : this.#level;
  }

  set level(value: string) {
    this.#level = value;
    if (this.#child) this.#child.level = value;
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }
  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }
  info(...args: unknown[]): void {
    this.#write('info', args);
  }
  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }
  error(...args: unknown[]): void {
    this.#write('error', args);
  }
  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: `logger.child(bindings, options)`, made on first use. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
