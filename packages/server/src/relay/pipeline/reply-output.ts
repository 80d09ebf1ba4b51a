// Where a relay reply goes: through Fastify for JSON, or raw on the socket for streams and audio, and the
// heartbeat of behaviour spec §6 step 3 — when a token asks for it and no reply has started after its
// timeout, the status line goes out early and a ping every 5 s keeps proxies from closing the connection.
import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

export interface ReplyOutput {
  raw: ServerResponse;
  /** Starts a raw reply; after a heartbeat the head is already out and only the body follows. */
  head(status: number, headers: Record<string, string>): void;
  /** A whole JSON reply (an error after a heartbeat goes out with the 200 already sent). */
  json(status: number, body: unknown): void;
  /** A streamed error frame is needed instead of a JSON body (heartbeat on a stream already began). */
  streaming(): boolean;
  /** Stops the heartbeat timers (the request is over). */
  stop(): void;
}

export const HEARTBEAT_INTERVAL_MS = 5000;

const SSE_HEADERS = {
  'content-type': 'text/event-stream',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/** The headers of a raw SSE reply. */
export function sseHeaders(): Record<string, string> {
  return { ...SSE_HEADERS };
}

export function createReplyOutput(
  reply: FastifyReply,
  requestId: string,
  heartbeat: { stream: boolean; timeoutSeconds: number } | undefined,
): ReplyOutput {
  const raw = reply.raw;
  let rawHeadSent = false;
  let pingTimer: NodeJS.Timeout | undefined;
  let startTimer: NodeJS.Timeout | undefined;

  function takeOver(): Record<string, string> {
    reply.header('x-oneapi-request-id', requestId);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = String(value);
    }
    reply.hijack();
    return headers;
  }

  function stop(): void {
    if (startTimer) clearTimeout(startTimer);
    if (pingTimer) clearInterval(pingTimer);
    startTimer = undefined;
    pingTimer = undefined;
  }

  raw.once('close', stop);
  if (heartbeat) {
    startTimer = setTimeout(() => {
      startTimer = undefined;
      if (raw.destroyed || reply.sent) return;
      const ping = heartbeat.stream ? ': PING\n\n' : '\n';
      raw.writeHead(200, {
        ...takeOver(),
        ...(heartbeat.stream ? SSE_HEADERS : { 'content-type': 'application/json' }),
      });
      rawHeadSent = true;
      raw.write(ping);
      pingTimer = setInterval(() => {
        if (!raw.destroyed && !raw.writableEnded) raw.write(ping);
      }, HEARTBEAT_INTERVAL_MS);
    }, heartbeat.timeoutSeconds * 1000);
  }

  return {
    raw,
    head(status, headers) {
      stop();
      if (rawHeadSent) return;
      raw.writeHead(status, { ...takeOver(), ...headers });
      rawHeadSent = true;
    },
    json(status, body) {
      stop();
      if (rawHeadSent) {
        const text = JSON.stringify(body);
        if (heartbeat?.stream) raw.end(`data: ${text}\n\n`);
        else raw.end(text);
        return;
      }
      void reply.code(status).header('x-oneapi-request-id', requestId).send(body);
    },
    streaming: () => rawHeadSent && heartbeat?.stream === true,
    stop,
  };
}
