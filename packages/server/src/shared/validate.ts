// Request validation with core's schemas: strings trimmed first, every failing field reported at once.
import { fieldErrorsFromZod, trimStrings } from '@gw/core';
import type { z } from 'zod';
import { ApiFailure } from './api-failure.js';

/**
 * Validates one part of a request; a failure carries every field's error and changes nothing. `httpStatus`
 * overrides one-hub's HTTP 200 for the failure (path parameters: 400).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown, httpStatus?: number): z.output<S> {
  // reportInput lets the error tell a missing field from one of the wrong type (nothing echoes it back).
  const result = schema.safeParse(trimStrings(input), { reportInput: true });
  if (result.success) return result.data;
  const fields = fieldErrorsFromZod(result.error);
  throw new ApiFailure('VALIDATION_FAILED', 'errors.validation_failed', {
    params: { details: fields.map((field) => field.key).join('; ') },
    fields,
    ...(httpStatus === undefined ? {} : { httpStatus }),
  });
}
