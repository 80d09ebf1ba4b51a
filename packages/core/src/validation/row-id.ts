// Ids and integer filters that reach an `integer` column: PostgreSQL's int4 (`serial` ids) refuses a
// value past 2^31 - 1 with an error, so such inputs are refused as invalid before they reach a query.

/** The largest value an `integer` column holds (int4 on PostgreSQL, the ids' type on every dialect). */
export const MAX_INT_COLUMN = 2_147_483_647;
