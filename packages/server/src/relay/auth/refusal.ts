// A relay request refused before it reaches a channel: the HTTP status and the i18n key of the
// message (core `relay.*` section), translated by the route that writes the OpenAI-shaped error.

/** Why a relay request was refused: HTTP status, message key and its parameters. */
export interface RelayRefusal {
  ok: false;
  status: number;
  messageKey: string;
  params?: Record<string, unknown>;
}

/** A relay auth step's outcome: its value, or the refusal. */
export type RelayAuthResult<T> = ({ ok: true } & T) | RelayRefusal;

/** Builds a refusal. */
export function relayRefusal(
  status: number,
  messageKey: string,
  params?: Record<string, unknown>,
): RelayRefusal {
  return params ? { ok: false, status, messageKey, params } : { ok: false, status, messageKey };
}
