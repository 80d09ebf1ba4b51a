// The upstream side of a Realtime session (behaviour spec §11.5): the ws/wss form of the channel's base URL
// (Azure: `/openai/realtime?api-version=<other>&deployment=<model>`), its key in the headers, and the rule
// that a channel is used only once its first message arrived as text and was not an error.
import type { Agent } from 'node:http';
import { HttpsProxyAgent } from 'https-proxy-agent';
import WebSocket, { type RawData } from 'ws';
import { AZURE_DEFAULT_API_VERSION } from '../providers/azure/azure-provider.js';
import type { UpstreamChannel } from '../providers/provider.js';

const OPENAI_BASE_URL = 'https://api.openai.com';
const AZURE_TYPE = 3;

/** The upstream URL and headers of a Realtime session on a channel. */
export function realtimeUpstreamTarget(
  channel: UpstreamChannel,
  model: string,
  clientHeaders: Record<string, string | string[] | undefined>,
): { url: string; headers: Record<string, string> } {
  const base = (channel.baseUrl || OPENAI_BASE_URL).replace(/\/+$/, '').replace(/^http/i, 'ws');
  const headers: Record<string, string> = { ...channel.headers };
  if (channel.type === AZURE_TYPE) {
    const version = channel.other.trim() || AZURE_DEFAULT_API_VERSION;
    headers['api-key'] = channel.key;
    const query = `api-version=${encodeURIComponent(version)}&deployment=${encodeURIComponent(model)}`;
    return { url: `${base}/openai/realtime?${query}`, headers };
  }
  headers.authorization = `Bearer ${channel.key}`;
  // The beta protocol is asked for by the client's header; the GA protocol sends none.
  const beta = clientHeaders['openai-beta'];
  const betaText = Array.isArray(beta) ? beta[0] : beta;
  if (betaText) headers['openai-beta'] = betaText;
  return { url: `${base}/v1/realtime?model=${encodeURIComponent(model)}`, headers };
}

/** An upstream socket that passed the first-message rule, with that message still to be forwarded. */
export interface RealtimeUpstream {
  socket: WebSocket;
  first: string;
}

/** Why a channel was skipped. */
export interface RealtimeUpstreamFailure {
  /** The upstream's HTTP status when it refused the upgrade, else 0. */
  status: number;
  message: string;
}

const proxyAgents = new Map<string, Agent>();

/** The agent tunnelling through a channel's HTTP proxy (spec §5.1 `proxy`) with CONNECT, one per proxy URL. */
export function realtimeProxyAgent(proxy: string): Agent | undefined {
  if (!proxy) return undefined;
  let agent = proxyAgents.get(proxy);
  if (!agent) {
    agent = new HttpsProxyAgent(proxy);
    proxyAgents.set(proxy, agent);
  }
  return agent;
}

/**
 * Opens the upstream socket (through the channel's proxy when it has one) and waits for its first message,
 * all within `timeoutMs`; the socket is closed again when the rule is not met.
 */
export function connectRealtimeUpstream(
  target: { url: string; headers: Record<string, string> },
  timeoutMs: number,
  proxy = '',
): Promise<RealtimeUpstream | RealtimeUpstreamFailure> {
  return new Promise((resolve) => {
    let done = false;
    const socket = new WebSocket(target.url, {
      headers: target.headers,
      handshakeTimeout: timeoutMs,
      perMessageDeflate: false,
      followRedirects: false,
      maxPayload: REALTIME_MAX_PAYLOAD,
      ...(proxy ? { agent: realtimeProxyAgent(proxy) } : {}),
    });
    const finish = (outcome: RealtimeUpstream | RealtimeUpstreamFailure) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.off('message', onFirst);
      if (!('socket' in outcome)) {
        socket.removeAllListeners();
        socket.on('error', () => {});
        socket.terminate();
      }
      resolve(outcome);
    };
    const timer = setTimeout(
      () => finish({ status: 0, message: `no first message from the upstream within ${timeoutMs} ms` }),
      timeoutMs,
    );
    const onFirst = (data: RawData, isBinary: boolean) => {
      if (isBinary) return finish({ status: 0, message: 'the upstream sent binary data first' });
      const text = rawText(data);
      const refusal = firstMessageRefusal(text);
      if (refusal) return finish({ status: 0, message: refusal });
      finish({ socket, first: text });
    };
    socket.on('message', onFirst);
    socket.on('unexpected-response', (_request, response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        if (size < 4096) chunks.push(chunk);
        size += chunk.length;
      });
      response.on('end', () =>
        finish({
          status: response.statusCode ?? 0,
          message: `${response.statusCode}: ${Buffer.concat(chunks).toString('utf8').slice(0, 4096)}`,
        }),
      );
      response.on('error', () => finish({ status: response.statusCode ?? 0, message: 'upstream refused' }));
    });
    socket.on('error', (error) => finish({ status: 0, message: error.message }));
    socket.on('close', (code) => finish({ status: 0, message: `the upstream closed the socket (${code})` }));
  });
}

/** Largest message either side may send (base64 audio chunks are big; ws's default is 100 MiB). */
export const REALTIME_MAX_PAYLOAD = 32 * 1024 * 1024;

/** A first upstream message is accepted when it is a JSON event other than `error`. */
export function firstMessageRefusal(text: string): string | undefined {
  let event: unknown;
  try {
    event = JSON.parse(text);
  } catch {
    return 'the upstream sent a first message that is not JSON';
  }
  if (!event || typeof event !== 'object' || typeof (event as { type?: unknown }).type !== 'string') {
    return 'the upstream sent a first message that is not an event';
  }
  if ((event as { type: string }).type === 'error')
    return `the upstream refused the session: ${text.slice(0, 2000)}`;
  return undefined;
}

export function rawText(data: RawData): string {
  if (Buffer.isBuffer(data)) return data.toString('utf8');
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data).toString('utf8');
}
