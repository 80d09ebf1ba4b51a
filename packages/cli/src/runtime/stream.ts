import { GwApiError, readReply } from '@gw/core';
import type { ResolvedCredentials } from '../config/credentials.js';
import type { CliContext } from './context.js';
import { debugsApi } from './debug-fetch.js';
import { requestOf, transportError } from '@gw/core/node';

/** A reply read as it arrives (server-sent events, a CSV of any size): chunks go to `onText`. */
export interface StreamCall {
  method: 'GET' | 'POST';
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Chunks as text, unless `sink` is given. */
  onText?(text: string): void;
  /**
   * Where the reply's bytes are piped as they arrive, untouched (a CSV export to stdout or a file):
   * the reply waits while the sink is full, so memory stays flat however big the reply. Not ended here.
   */
  sink?: NodeJS.WritableStream;
}

/** A failure reply (an envelope) as the error the API client would have thrown. */
function replyError(status: number, text: string, requestId: string | undefined): GwApiError {
  try {
    readReply(status, text, { requestId });
  } catch (error) {
    if (error instanceof GwApiError) return error;
    throw error;
  }
  // A success envelope where a stream was asked for: not a reply this command can use.
  return new GwApiError('FAILED', `HTTP ${status}`, { status, messageKey: 'errors.bad_reply', requestId });
}

/**
 * Calls the server with the signed-in credentials and hands the reply's text to `onText` chunk by chunk,
 * so nothing bigger than a chunk is held. A JSON envelope in place of the stream is a failure, thrown
 * as the API client throws it.
 */
export function streamCall(
  ctx: CliContext,
  credentials: ResolvedCredentials,
  call: StreamCall,
): Promise<void> {
  const url = new URL(`${credentials.server}${call.path}`);
  for (const [name, value] of Object.entries(call.query ?? {})) {
    if (value !== '' && value !== undefined) url.searchParams.set(name, String(value));
  }
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  const headers: Record<string, string> = { 'accept-language': ctx.language.replace('_', '-') };
  if (credentials.accessToken) headers.authorization = `Bearer ${credentials.accessToken}`;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = String(Buffer.byteLength(body));
  }
  ctx.lastRequest = { method: call.method, url: url.toString() };
  if (debugsApi(ctx.env)) ctx.note(ctx.paintErr('dim', `> ${call.method} ${url} (streamed)`));
  return new Promise((resolve, reject) => {
    const request = requestOf(url.protocol)(url, { method: call.method, headers }, (response) => {
      const status = response.statusCode ?? 0;
      const isEnvelope = String(response.headers['content-type'] ?? '').includes('application/json');
      if (status >= 400 || isEnvelope) {
        response.setEncoding('utf8');
        let text = '';
        response.on('data', (chunk: string) => {
          text += chunk;
        });
        response.on('end', () =>
          reject(replyError(status, text, headerText(response.headers['x-request-id']))),
        );
        return;
      }
      const sink = call.sink;
      if (sink) {
        sink.once('error', (error: Error) => {
          response.destroy();
          reject(error);
        });
        response.pipe(sink, { end: false });
      } else {
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => call.onText?.(chunk));
      }
      response.on('error', (error) =>
        reject(new GwApiError('NETWORK', error.message, { cause: transportError(error) })),
      );
      response.on('end', () => resolve());
    });
    request.on('error', (error) =>
      reject(
        new GwApiError('NETWORK', error.message, {
          messageKey: 'errors.network',
          cause: transportError(error),
        }),
      ),
    );
    request.end(body);
  });
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
