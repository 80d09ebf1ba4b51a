// Path and query schemas many routes share.
import { MAX_INT_COLUMN } from '@gw/core';
import { z } from 'zod';

/**
 * `/…/:id`: a positive integer id (path parameters arrive as text), at most an `integer` column's largest
 * value (past it PostgreSQL fails the query instead of finding nothing).
 */
export const idParamsSchema = z.object({
  id: z.coerce
    .number({ message: 'validation.integer' })
    .int('validation.integer')
    .min(1, 'validation.min')
    .max(MAX_INT_COLUMN, 'validation.max'),
});

/** `?status_only=…` on an edit route: any non-empty value applies only `{id, status}` (contract §5.6). */
export const statusOnlyQuerySchema = z.object({ status_only: z.string().optional() });
