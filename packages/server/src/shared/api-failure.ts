// The one error type route code throws; the error handler turns it into the envelope (architecture §5).
import { ERROR_CODES, type ErrorCode, type FieldError } from '@gw/core';

/** A refusal with a gw error code, an i18n key for its message and optional per-field errors. */
export class ApiFailure extends Error {
  readonly code: ErrorCode;
  readonly messageKey: string;
  readonly params: Record<string, unknown>;
  readonly fields: FieldError[];
  readonly httpStatus: number;

  constructor(
    code: ErrorCode,
    messageKey: string,
    options: { params?: Record<string, unknown>; fields?: FieldError[]; httpStatus?: number } = {},
  ) {
    super(messageKey);
    this.name = 'ApiFailure';
    this.code = code;
    this.messageKey = messageKey;
    this.params = options.params ?? {};
    this.fields = options.fields ?? [];
    // one-hub answers nearly every failure with HTTP 200; only the codes core marks otherwise differ.
    this.httpStatus = options.httpStatus ?? (ERROR_CODES[code].http || 200);
  }
}

/** A record that does not exist or is not the caller's. */
export function notFound(messageKey = 'errors.not_found'): ApiFailure {
  return new ApiFailure('NOT_FOUND', messageKey);
}

/** A refusal tied to one field (the client highlights it). */
export function fieldFailure(field: string, key: string, params: Record<string, unknown> = {}): ApiFailure {
  return new ApiFailure('VALIDATION_FAILED', key, {
    params: { field, ...params },
    fields: [{ field, key, message: key, params: { field, ...params } }],
  });
}
