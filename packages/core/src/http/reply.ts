import { type AnyEnvelope, anyEnvelopeSchema } from './envelope.js';
import { errorCodeForStatus, GwApiError, isErrorCode } from './errors.js';

/** What a reply's headers add to its failure: the 429's wait and the server's request id. */
export interface ReplyExtras {
  retryAfter?: number | undefined;
  requestId?: string | undefined;
}

/**
 * Reads a `/api` reply the one way every face does: the envelope when `success` is true, else the
 * GwApiError its status or `success:false` means, carrying the request id the server logged it under
 * (the `x-request-id` header, or the envelope's `request_id`) so a user can quote it to the operator.
 */
export function readReply(status: number, text: string, extras: ReplyExtras = {}): AnyEnvelope {
  const envelope = parseEnvelopeText(text);
  const requestId = extras.requestId || envelope?.request_id;
  if (status === 401 || status === 429 || status === 405 || status >= 500) {
    throw new GwApiError(errorCodeForStatus(status), envelope?.message || `HTTP ${status}`, {
      status,
      retryAfterSeconds: status === 429 ? extras.retryAfter : undefined,
      requestId,
    });
  }
  if (!envelope) {
    throw new GwApiError(errorCodeForStatus(status), `HTTP ${status}`, {
      status,
      messageKey: 'errors.bad_reply',
      requestId,
    });
  }
  if (!envelope.success) {
    throw new GwApiError(isErrorCode(envelope.code) ? envelope.code : 'FAILED', envelope.message, {
      status,
      fields: envelope.errors ?? [],
      requestId,
    });
  }
  return envelope;
}

/** The envelope a reply text holds, or undefined when it is not one. */
export function parseEnvelopeText(text: string): (AnyEnvelope & { request_id?: string }) | undefined {
  if (!text) return undefined;
  try {
    const parsed = anyEnvelopeSchema.safeParse(JSON.parse(text));
    if (!parsed.success) return undefined;
    const id = (parsed.data as { request_id?: unknown }).request_id;
    return typeof id === 'string' ? { ...parsed.data, request_id: id } : parsed.data;
  } catch {
    return undefined;
  }
}

/** A Retry-After of whole seconds (the form gw sends); a date or anything else is ignored. */
export function parseRetryAfter(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,9}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}
