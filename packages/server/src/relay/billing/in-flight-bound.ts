// The completion limit a request declares (hardening of spec §9.4): the in-flight check counts the hold plus
// the completion it may still produce priced at the output ratio (see completion-budget). Counting only the
// hold let 200 concurrent requests of a user holding 3,000 points each pass and settle at 5,012 points apiece.

/** The completion tokens a request declares it may produce (max_tokens and its aliases), if any. */
export function requestedCompletionTokens(body: unknown): number | undefined {
  if (!body || typeof body !== 'object' || body instanceof FormData) return undefined;
  const record = body as Record<string, unknown>;
  for (const field of ['max_completion_tokens', 'max_tokens', 'max_output_tokens']) {
    const value = record[field];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/**
 * The most completion tokens a reply to `body` can hold: its limit once per choice (`n`), or undefined
 * when it sets none. A length estimate of a reply without usage is billed no higher: the upstream stopped
 * at the limit, and an estimate above it would charge for tokens that were never produced.
 */
export function completionCeiling(body: unknown): number | undefined {
  const limit = requestedCompletionTokens(body);
  if (limit === undefined) return undefined;
  const n = (body as Record<string, unknown>).n;
  return limit * (typeof n === 'number' && Number.isSafeInteger(n) && n > 1 ? n : 1);
}
