// The relay's HTTP client to upstreams: one keep-alive pool per origin (undici Agent), one proxy agent
// per proxy URL (spec §5.1 `proxy`), the connect timeout and the whole-request timeout of the config.
import { Agent, type Dispatcher, ProxyAgent, request } from 'undici';
import type { UpstreamRequest } from '../providers/provider.js';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export interface UpstreamHttp {
  send(
    upstream: UpstreamRequest,
    options: { proxy: string; signal?: AbortSignal },
  ): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

export interface UpstreamHttpOptions {
  connectTimeoutSeconds: number;
  /** 0 = no limit. */
  relayTimeoutSeconds: number;
}

export function createUpstreamHttp(options: UpstreamHttpOptions): UpstreamHttp {
  const connect = { timeout: Math.round(options.connectTimeoutSeconds * 1000) };
  // A stream may pause for long between chunks (reasoning models); only RELAY_TIMEOUT bounds a request.
  const timeouts = { headersTimeout: 0, bodyTimeout: 0 };
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

  return {
    async send(upstream, { proxy, signal }) {
      const limit =
        options.relayTimeoutSeconds > 0 ? AbortSignal.timeout(options.relayTimeoutSeconds * 1000) : undefined;
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
      const response = await request(upstream.url, {
        method: upstream.method,
        headers,
        body: body as Dispatcher.DispatchOptions['body'],
        dispatcher: dispatcher(proxy),
        ...(combined ? { signal: combined } : {}),
      });
      return { status: response.statusCode, headers: response.headers, body: response.body };
    },
    async close() {
      await Promise.all([direct.close(), ...[...proxies.values()].map((agent) => agent.close())]);
    },
  };
}
