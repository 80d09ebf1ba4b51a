/**
 * The closed list of error codes gw speaks. Each code carries the HTTP status the server answers
 * with (where the transport needs one), the Blueprint intent a web toast uses and the exit code the
 * CLI returns, so every face maps a failure the same way (architecture §5).
 */
export const ERROR_CODES = {
  UNAUTHENTICATED: { http: 401, intent: 'danger', exit: 4 },
  INVALID_ACCESS_TOKEN: { http: 200, intent: 'danger', exit: 4 },
  USER_DISABLED: { http: 200, intent: 'danger', exit: 4 },
  FORBIDDEN: { http: 200, intent: 'danger', exit: 4 },
  NOT_FOUND: { http: 200, intent: 'warning', exit: 5 },
  VALIDATION_FAILED: { http: 200, intent: 'danger', exit: 2 },
  CONFLICT: { http: 200, intent: 'danger', exit: 1 },
  BAD_CREDENTIALS: { http: 200, intent: 'danger', exit: 4 },
  RATE_LIMITED: { http: 429, intent: 'danger', exit: 6 },
  DEMO_SITE: { http: 405, intent: 'primary', exit: 1 },
  INTERNAL: { http: 500, intent: 'danger', exit: 1 },
  NETWORK: { http: 0, intent: 'danger', exit: 1 },
  FAILED: { http: 200, intent: 'danger', exit: 1 },
} as const satisfies Record<string, { http: number; intent: ErrorIntent; exit: number }>;

export type ErrorIntent = 'danger' | 'warning' | 'primary';
export type ErrorCode = keyof typeof ERROR_CODES;

/** Tells whether a string is one of gw's error codes. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** One field that failed validation: the dotted path, an i18n key and the rendered message. */
export interface FieldError {
  field: string;
  key: string;
  message: string;
  params?: Record<string, unknown>;
}

/** A failure reported by the gw API (or by the transport beneath it). */
export class GwApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: FieldError[];
  /** Set when the failure arose in the client itself: the i18n key that describes it. */
  readonly messageKey: string | undefined;
  /** A 429's wait, from the reply's Retry-After, when the server said it. */
  readonly retryAfterSeconds: number | undefined;
  /** The id the server logged the failing request under (`x-request-id`), when it said one. */
  readonly requestId: string | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    options: {
      status?: number;
      fields?: FieldError[];
      messageKey?: string;
      retryAfterSeconds?: number;
      requestId?: string | undefined;
      /** What the transport threw (a refused connection's error, with its `code`). */
      cause?: unknown;
    } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'GwApiError';
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].http;
    this.fields = options.fields ?? [];
    this.messageKey = options.messageKey;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.requestId = options.requestId || undefined;
  }

  get exitCode(): number {
    return ERROR_CODES[this.code].exit;
  }

  get intent(): ErrorIntent {
    return ERROR_CODES[this.code].intent;
  }
}

/** Maps an HTTP status to the code the catalogue of spec §8 speaks of. */
export function errorCodeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 405) return 'DEMO_SITE';
  if (status === 404) return 'NOT_FOUND';
  if (status >= 500) return 'INTERNAL';
  return 'FAILED';
}

/** What a face shows for a failure: an i18n key, its parameters and the toast level. */
export interface ErrorNotice {
  key: string;
  params: Record<string, unknown>;
  level: 'error' | 'info';
}

/**
 * The error catalogue of spec §8: 429, 500 and 405 have fixed texts; any other failure shows
 * "error: " plus the server's message; a thrown value that is not an Error shows "error: " plus it.
 * A server failure (5xx) names the request id the server logged it under, for the operator to find.
 */
export function describeError(error: unknown): ErrorNotice {
  if (error instanceof GwApiError) {
    if (error.status === 429) {
      const seconds = error.retryAfterSeconds;
      if (seconds !== undefined)
        return { key: 'errors.too_many_requests_retry', params: { seconds }, level: 'error' };
      return { key: 'errors.too_many_requests', params: {}, level: 'error' };
    }
    if (error.status === 500) {
      if (error.requestId)
        return { key: 'errors.internal_request', params: { requestId: error.requestId }, level: 'error' };
      return { key: 'errors.internal', params: {}, level: 'error' };
    }
    if (error.status === 405) return { key: 'errors.demo_site', params: {}, level: 'info' };
    if (error.messageKey) return { key: error.messageKey, params: {}, level: 'error' };
    if (error.status > 500 && error.requestId) {
      const params = { message: error.message, requestId: error.requestId };
      return { key: 'errors.with_message_request', params, level: 'error' };
    }
    return { key: 'errors.with_message', params: { message: error.message }, level: 'error' };
  }
  if (error instanceof Error)
    return { key: 'errors.with_message', params: { message: error.message }, level: 'error' };
  return { key: 'errors.with_message', params: { message: String(error) }, level: 'error' };
}
