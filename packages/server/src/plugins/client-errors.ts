// Refusals Node's HTTP parser makes before Fastify sees a request (headers or a query over 16 KB,
// a request that took too long, bytes that are not HTTP): Fastify's default writes its own
// `{"error":…}` body; gw writes the envelope like every other /api refusal (issue 15). No route is
// known yet, so the language is read from the raw bytes that did arrive, when they hold it.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { languageFromHeader, translatorFor } from '../shared/language.js';
import { API_SECURITY_HEADERS } from './security-headers.js';

interface ClientError extends Error {
  code?: string;
  rawPacket?: Buffer;
}

function refusalOf(error: ClientError): { status: number; key: string } {
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, key: 'server.errors.request_timeout' };
  if (error.code === 'HPE_HEADER_OVERFLOW') return { status: 431, key: 'server.errors.headers_too_large' };
  return { status: 400, key: 'server.errors.bad_http' };
}

/** The Accept-Language of a partly received request, if its bytes got that far. */
function languageOf(raw: Buffer | undefined) {
  const match = raw ? /\r\naccept-language:([^\r\n]{1,200})\r\n/i.exec(raw.toString('latin1')) : null;
  return languageFromHeader(match?.[1]?.trim());
}

/** Fastify's `clientErrorHandler`: answers in the envelope, then closes the connection. */
export function envelopeClientErrorHandler(this: FastifyInstance, error: Error, socket: Socket): void {
  const refused = error as ClientError;
  // A reset connection is gone: there is nobody to answer.
  if (refused.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, key } = refusalOf(refused);
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    const t = translatorFor(languageOf(refused.rawPacket));
    const body = JSON.stringify({ success: false, message: t(key), code: 'VALIDATION_FAILED' });
    const headers = Object.entries({
      ...API_SECURITY_HEADERS,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headers}\r\n${body}`);
  }
  socket.destroy(error);
}
