// Integer query filters of list endpoints (contract §0.4): an empty string (the console sends
// `channel_id=''`) or an absent value means 0, i.e. "no filter"; anything else must be an integer.
// Id filters compare with `integer` columns, which PostgreSQL (int4) cannot compare with a value past
// 2^31 - 1 without an error: such a filter is refused as invalid (issue 8).
import { MAX_INT_COLUMN } from '@gw/core';
import { z } from 'zod';

const emptyIsZero = (value: unknown) => (value === undefined || value === '' ? 0 : value);
const integer = () => z.coerce.number({ message: 'validation.integer' }).int('validation.integer');

/** An id filter (or another `integer` column's) where '' and absent are 0. */
export const intFilter = z.preprocess(emptyIsZero, integer().max(MAX_INT_COLUMN, 'validation.max'));

/** A timestamp filter (a `bigint` column; any safe integer) where '' and absent are 0. */
export const timestampFilter = z.preprocess(emptyIsZero, integer());

/** A repeatable id filter (`user_ids=1&user_ids=2`); '' entries are dropped. */
export const intListFilter = z.preprocess(
  (value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((item) => item !== ''),
  z.array(integer().max(MAX_INT_COLUMN, 'validation.max')).max(1000, 'validation.too_long'),
);
