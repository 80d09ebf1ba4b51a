// One upstream call over undici's dispatch, and its reply body: read whole (`text`), chunk by chunk
// (`for await`, with backpressure: the socket is paused while more than HIGH_WATER_BYTES wait unread), or
// dropped (`destroy`, which aborts the call). An AbortSignal ends the call at any point, headers or body.
import type { Dispatcher } from 'undici';

/** Unread bytes past which an iterated body pauses its socket. */
const HIGH_WATER_BYTES = 64 * 1024;
const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** An upstream reply's body. */
export interface UpstreamBody extends AsyncIterable<Buffer> {
  /** The whole body as UTF-8 text (a byte order mark dropped, as fetch and undici do). */
  text(): Promise<string>;
  /** Stops the call; a reader waiting for more gets an error. */
  destroy(): void;
}

export interface UpstreamDispatch {
  url: string;
  method: Dispatcher.HttpMethod;
  headers: Record<string, string>;
  body?: Dispatcher.DispatchOptions['body'];
  signal?: AbortSignal | undefined;
}

export interface DispatchedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: UpstreamBody;
}

class DispatchBody implements UpstreamBody {
  #chunks: Buffer[] = [];
  #unread = 0;
  #ended = false;
  #error: Error | undefined;
  /** Set while a reader waits for the next chunk or the end. */
  #wake: (() => void) | undefined;
  /** Read whole: never paused. */
  #whole = false;
  #controller: Dispatcher.DispatchController | undefined;
  readonly #onDone: () => void;

  constructor(onDone: () => void) {
    this.#onDone = onDone;
  }

  attach(controller: Dispatcher.DispatchController): void {
    this.#controller = controller;
  }

  push(chunk: Buffer): void {
    this.#chunks.push(chunk);
    this.#unread += chunk.length;
    if (!this.#whole && this.#unread > HIGH_WATER_BYTES) this.#controller?.pause();
    this.#notify();
  }

  end(): void {
    this.#ended = true;
    this.#onDone();
    this.#notify();
  }

  fail(error: Error): void {
    if (this.#ended) return;
    this.#error = error;
    this.#ended = true;
    this.#onDone();
    this.#notify();
  }

  async text(): Promise<string> {
    this.#whole = true;
    if (this.#controller?.paused) this.#controller.resume();
    while (!this.#ended) await this.#next();
    if (this.#error) throw this.#error;
    const bytes = this.#chunks.length === 1 ? (this.#chunks[0] as Buffer) : Buffer.concat(this.#chunks);
    this.#chunks = [];
    this.#unread = 0;
    const bom = bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2];
    return bytes.toString('utf8', bom ? 3 : 0);
  }

  destroy(): void {
    if (this.#ended) return;
    this.#controller?.abort(new Error('the upstream reply was dropped'));
    this.fail(new Error('the upstream reply was dropped'));
  }

  async *[Symbol.asyncIterator](): AsyncIterator<Buffer> {
    try {
      for (;;) {
        if (this.#chunks.length > 0) {
          const chunk = this.#chunks.shift() as Buffer;
          this.#unread -= chunk.length;
          if (this.#controller?.paused && this.#unread <= HIGH_WATER_BYTES / 2) this.#controller.resume();
          yield chunk;
          continue;
        }
        if (this.#error) throw this.#error;
        if (this.#ended) return;
        await this.#next();
      }
    } finally {
      // A reader that leaves early (break, throw) ends the call: the upstream stops sending.
      if (!this.#ended) this.destroy();
    }
  }

  #next(): Promise<void> {
    return new Promise((resolve) => {
      this.#wake = resolve;
    });
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }
}

/** Sends one call; resolves once the reply's head is in, rejects when it fails before that. */
export function dispatchUpstream(
  dispatcher: Dispatcher,
  call: UpstreamDispatch,
): Promise<DispatchedResponse> {
  const url = new URL(call.url);
  const { signal } = call;
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let started = false;
    const abort = () => {
      const reason = signal?.reason;
      controller?.abort(reason instanceof Error ? reason : new Error('the upstream call was aborted'));
    };
    const done = () => signal?.removeEventListener('abort', abort);
    const body = new DispatchBody(done);
    if (signal?.aborted) {
      reject(signal.reason instanceof Error ? signal.reason : new Error('the upstream call was aborted'));
      return;
    }
    signal?.addEventListener('abort', abort, { once: true });
    const fail = (error: Error) => {
      done();
      reject(error);
    };
    try {
      dispatcher.dispatch(
        {
          origin: url.origin,
          path: `${url.pathname}${url.search}`,
          method: call.method,
          headers: call.headers,
          body: call.body ?? null,
        },
        {
          onRequestStart(dispatchController) {
            controller = dispatchController;
            body.attach(dispatchController);
            if (signal?.aborted) abort();
          },
          onResponseStart(_controller, statusCode, headers) {
            started = true;
            resolve({ status: statusCode, headers, body });
          },
          onResponseData(_controller, chunk) {
            body.push(chunk);
          },
          onResponseEnd() {
            body.end();
          },
          onResponseError(_controller, error) {
            if (started) body.fail(error);
            else fail(error);
          },
        },
      );
    } catch (error) {
      // Options undici refuses at once (a header value with a line break): the call never started.
      fail(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
