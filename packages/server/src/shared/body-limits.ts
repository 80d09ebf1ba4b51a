// How large a request body each kind of /api route reads (issue 15). One limit for the whole app let
// a sign-in carry 10 MiB; each route now declares what it needs and anything over is a 413 in the
// envelope. The relay's uploads (images, audio) keep the app's own, larger limit.
const KIB = 1024;

export const BODY_LIMITS = {
  /** Sign-in, registration and password reset: a few short fields. */
  credentials: 16 * KIB,
  /** Every other /api route unless it says otherwise. */
  standard: 1024 * KIB,
  /** Bulk edits: many channels' keys at once, a whole price list. */
  bulk: 8 * 1024 * KIB,
} as const;

/** The app's limit, which the relay's routes use (uploads to /v1/images/edits, /v1/audio/…). */
export const RELAY_BODY_LIMIT = 10 * 1024 * KIB;
