// The jump page (console-screens §12.4): desktop chat apps are opened through `/jump?url=…`, and only
// their own schemes are followed, so the page cannot be used to send people to an arbitrary site.

/** App schemes the jump page forwards to (the AMA and OpenCat desktop clients of the chat links). */
export const JUMP_SCHEMES = ['opencat://', 'ama://'] as const;

/** The URL to forward to, or undefined when it is missing or not one of the allowed app schemes. */
export function jumpTarget(url: string | null | undefined): string | undefined {
  const target = (url ?? '').trim();
  const lower = target.toLowerCase();
  return JUMP_SCHEMES.some((scheme) => lower.startsWith(scheme) && target.length > scheme.length)
    ? target
    : undefined;
}
