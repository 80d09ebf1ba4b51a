import { z } from 'zod';

/** The one-hub reply envelope: `{success, message, data}`; gw adds an optional `code` and `errors`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.looseObject({
    success: z.boolean(),
    message: z.string().default(''),
    data: data.optional(),
    code: z.string().optional(),
    errors: z.array(z.object({ field: z.string(), key: z.string(), message: z.string() })).optional(),
  });
}

/** The envelope of any reply, with its data left unparsed. */
export const anyEnvelopeSchema = envelopeSchema(z.unknown());
export type AnyEnvelope = z.infer<typeof anyEnvelopeSchema>;

/** A paged list: `{data, page, size, total_count}`; one-hub sometimes sends `data: null`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.looseObject({
    data: z
      .array(item)
      .nullable()
      .transform((rows) => rows ?? []),
    page: z.number().int(),
    size: z.number().int(),
    total_count: z.number().int(),
  });
}

export interface Paged<T> {
  data: T[];
  page: number;
  size: number;
  total_count: number;
}

/** The query every paged list takes (contract §0.4). */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().catch(1).default(1),
  size: z.coerce.number().int().catch(10).default(10),
  order: z.string().default(''),
  keyword: z.string().default(''),
});
/** What a client sends to a paged list. */
export interface ListQuery {
  page?: number;
  size?: number;
  order?: string;
  keyword?: string;
}

/** Page sizes offered on every server-paged table (console-screens §0.1). */
export const PAGE_SIZES = [10, 30, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
