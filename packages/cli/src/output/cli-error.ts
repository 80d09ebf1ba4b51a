/** Why the CLI itself stopped (not the server): each kind maps to one exit code. */
export type CliErrorKind =
  | 'failure'
  | 'usage'
  | 'cancelled'
  | 'auth'
  | 'not_found'
  | 'rate_limited'
  | 'interrupted';

/** A failure the CLI raises itself, described by an i18n key so it is shown in the user's language. */
export class CliError extends Error {
  readonly kind: CliErrorKind;
  readonly messageKey: string;
  readonly params: Record<string, unknown>;
  /** Extra lines (already translated), e.g. one per invalid field. */
  readonly details: string[];

  constructor(
    kind: CliErrorKind,
    messageKey: string,
    params: Record<string, unknown> = {},
    details: string[] = [],
  ) {
    super(messageKey);
    this.name = 'CliError';
    this.kind = kind;
    this.messageKey = messageKey;
    this.params = params;
    this.details = details;
  }
}
