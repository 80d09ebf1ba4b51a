// Integer query filters of list endpoints (contract §0.4): an empty string (the console sends
// `channel_id=''`) or an absent value means 0, i.e. "no filter"; anything else must be an integer.
import { z } from 'zod';

/** An integer filter where '' and absent are 0. */
export const intFilter = z.preprocess(
  (value) => (value === undefined || value === '' ? 0 : value),
  z.coerce.number({ message: 'validation.integer' }).int('validation.integer'),
);

/** A repeatable integer filter (`user_ids=1&user_ids=2`); '' entries are dropped. */
export const intListFilter = z.preprocess(
  (value) =>
    value === undefined ? [] : (Array.isArray(value) ? value : [value]).filter((item) => item !== ''),
  z
    .array(z.coerce.number({ message: 'validation.integer' }).int('validation.integer'))
    .max(1000, 'validation.too_long'),
);
