// Money constants without the decimal maths, so modules that only need a number (the status
// schema) do not pull decimal.js into a browser's first bundle.

/** Default quota points per US dollar: one point is $0.000002 (spec §9). */
export const DEFAULT_QUOTA_PER_UNIT = 500_000;
/** The smallest charge, in points. */
export const MIN_CHARGE_POINTS = 1;
