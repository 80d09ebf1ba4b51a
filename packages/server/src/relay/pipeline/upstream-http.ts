// The relay's HTTP client to upstreams: one keep-alive pool per origin (undici Agent), one proxy agent
// per proxy URL (spec §5.1 `proxy`), and the time limits of the config. No upstream call can wait for
// ever: the connect, the response headers (first byte) and every silence between two body chunks are
// bounded. A stream that keeps sending is never cut (reasoning models may stream for many minutes);
// only RELAY_TIMEOUT, when set, bounds a whole request, as in one-hub.
//
// Calls go through undici's dispatch with a handler of our own (upstream-body.ts) rather than its request():
// request() wraps every call in a RequestHandler (an AsyncResource), a Readable body and their promises,
// ~3–4 KB a call that the young-generation collector found still reachable and promoted to the old one —
// the scavenges of a busy relay then took ~10–25 ms each (bench/README.md, 2026-11-27).
import { Agent, type Dispatcher, ProxyAgent } from 'undici';
import type { UpstreamRequest } from '../providers/provider.js';
import { dispatchUpstream, type UpstreamBody } from './upstream-body.js';

export type { UpstreamBody } from './upstream-body.js';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: UpstreamBody;
}

export interface UpstreamSendOptions {
  proxy: string;
  signal?: AbortSignal;
  /** A whole-call limit in seconds, headers and body (channel tests); the smaller of it and RELAY_TIMEOUT wins. */
  timeoutSeconds?: number;
}

export interface UpstreamHttp {
  send(upstream: UpstreamRequest, options: UpstreamSendOptions): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

export interface UpstreamHttpOptions {
  connectTimeoutSeconds: number;
  /** Until the response headers have arrived (UPSTREAM_HEADERS_TIMEOUT). */
  upstreamHeadersTimeoutSeconds: number;
  /** The longest silence between two chunks of the body (UPSTREAM_IDLE_TIMEOUT). */
  upstreamIdleTimeoutSeconds: number;
  /** The whole request (RELAY_TIMEOUT); 0 = no limit. */
  relayTimeoutSeconds: number;
}

const millis = (seconds: number) => Math.round(seconds * 1000);

export function createUpstreamHttp(options: UpstreamHttpOptions): UpstreamHttp {
  const connect = { timeout: millis(options.connectTimeoutSeconds) };
  // undici fails the request with UND_ERR_HEADERS_TIMEOUT / UND_ERR_BODY_TIMEOUT; the attempt then counts
  // as a transport failure (500, retried on another channel).
  const timeouts = {
    headersTimeout: millis(options.upstreamHeadersTimeoutSeconds),
    bodyTimeout: millis(options.upstreamIdleTimeoutSeconds),
  };
  const direct = new Agent({ connect, keepAliveTimeout: 30_000, ...timeouts });
  const proxies = new Map<string, ProxyAgent>();

  function dispatcher(proxy: string): Dispatcher {
    if (!proxy) return direct;
    let agent = proxies.get(proxy);
    if (!agent) {
      agent = new ProxyAgent({ uri: proxy, connect, ...timeouts });
      proxies.set(proxy, agent);
    }
    return agent;
  }

  /** The whole-call limit: the smaller of the call's own and RELAY_TIMEOUT, undefined when neither is set. */
  function totalLimit(timeoutSeconds: number | undefined): AbortSignal | undefined {
    const limits = [timeoutSeconds ?? 0, options.relayTimeoutSeconds].filter((seconds) => seconds > 0);
    return limits.length > 0 ? AbortSignal.timeout(millis(Math.min(...limits))) : undefined;
  }

  return {
    async send(upstream, { proxy, signal, timeoutSeconds }) {
      const limit = totalLimit(timeoutSeconds);
      const combined = signal && limit ? AbortSignal.any([signal, limit]) : (signal ?? limit);
      let { body, headers } = upstream;
      if (body instanceof FormData) {
        // Encoded here: undici's request() takes only FormData made by its own copy of the class.
        const encoded = new Response(body);
        headers = {
          ...headers,
          'content-type': encoded.headers.get('content-type') ?? 'multipart/form-data',
        };
        body = new Uint8Array(await encoded.arrayBuffer());
      }
      return dispatchUpstream(dispatcher(proxy), {
        url: upstream.url,
        method: upstream.method,
        headers,
        body: body as Dispatcher.DispatchOptions['body'],
        signal: combined,
      });
    },
    async close() {
      await Promise.all([direct.close(), ...[...proxies.values()].map((agent) => agent.close())]);
    },
  };
}

/**
 * The same client with a whole-call limit on every call: channel tests, balance updates and model lists
 * are one small reply an admin waits for, so their calls end after CHANNEL_TEST_TIMEOUT however the
 * upstream behaves.
 */
export function withCallTimeout(http: UpstreamHttp, timeoutSeconds: number): UpstreamHttp {
  return {
    send: (upstream, options) => http.send(upstream, { ...options, timeoutSeconds }),
    // The pool is the relay's and closes with it.
    close: async () => {},
  };
}
