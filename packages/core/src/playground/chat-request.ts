// The playground's conversation (console-screens §12.3, gw's own take): a token and a model chosen by
// the user, an optional system prompt, the turns so far; each message goes to the relay as a streamed
// chat completion through that token, so the call is billed and logged like any client's.
import { z } from 'zod';
import { moneyFromQuota } from '../money/decimal.js';
import type { QuotaDisplay } from '../format/quota.js';
import { renderNumber } from '../format/quota.js';
import { PLAYGROUND_TOKEN_NAME, TOKEN_STATUS } from '../resources/tokens/tokens.schema.js';
import type { FormFieldDef } from '../screens/screen-model.js';

/** The relay path the playground calls. */
export const CHAT_COMPLETIONS_PATH = '/v1/chat/completions';

/** One turn of the conversation. */
export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** What the playground's form holds. */
export interface PlaygroundValues {
  /** The chosen token's id, as the select holds it. */
  token_id: string;
  model: string;
  system: string;
  message: string;
}

/** The form's checks: a token and a model chosen, a message written; the system prompt is optional. */
export const playgroundSchema = z.object({
  token_id: z
    .string({ message: 'validation.required' })
    .regex(/^[1-9]\d{0,9}$/, 'validation.required')
    .transform(Number),
  model: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'validation.max_length'),
  system: z
    .string({ message: 'validation.invalid_type' })
    .trim()
    .max(8000, 'validation.max_length')
    .default(''),
  message: z
    .string({ message: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(32_000, 'validation.max_length'),
});
export type PlaygroundInput = z.output<typeof playgroundSchema>;

/** The form's fields; the face fills the token and model choices from the caller's tokens and `/v1/models`. */
export const PLAYGROUND_FIELDS: readonly FormFieldDef<PlaygroundValues>[] = [
  { name: 'token_id', kind: 'select', labelKey: 'playground.token', required: true },
  { name: 'model', kind: 'select', labelKey: 'playground.model', required: true },
  {
    name: 'system',
    kind: 'textarea',
    labelKey: 'playground.system',
    placeholderKey: 'playground.system_hint',
    rows: 2,
  },
  {
    name: 'message',
    kind: 'textarea',
    labelKey: 'playground.message',
    placeholderKey: 'playground.message_hint',
    rows: 3,
  },
];

/** The body of a streamed chat completion: system prompt, the turns so far, the new message. */
export interface ChatRequest {
  model: string;
  messages: ChatTurn[];
  stream: true;
  stream_options: { include_usage: true };
}

/** Builds the request for the next message; usage is asked for so the reply reports its tokens. */
export function buildChatRequest(input: PlaygroundInput, history: readonly ChatTurn[]): ChatRequest {
  const system: ChatTurn[] = input.system ? [{ role: 'system', content: input.system }] : [];
  return {
    model: input.model,
    messages: [
      ...system,
      ...history.filter((turn) => turn.role !== 'system'),
      { role: 'user', content: input.message },
    ],
    stream: true,
    stream_options: { include_usage: true },
  };
}

/** The request as the playground shows it: the method and path, then the JSON body. */
export function describeChatRequest(body: ChatRequest): string {
  return `POST ${CHAT_COMPLETIONS_PATH}\n${JSON.stringify(body, null, 2)}`;
}

/** Decimals of a single call's cost: calls cost fractions of a cent, two decimals would read $0.00. */
export const CALL_COST_DIGITS = 6;

/** A call's cost as the site shows money: `$0.000123` in currency mode, else the points shortened. */
export function formatCallCost(quota: number, display: QuotaDisplay): string {
  if (!display.displayInCurrency) return renderNumber(quota);
  return `$${moneyFromQuota(quota, display.quotaPerUnit, CALL_COST_DIGITS)}`;
}

/** The tokens the playground offers: the enabled ones, the caller's playground token first (the default). */
export function playgroundTokens<T extends { name: string; status: number }>(tokens: readonly T[]): T[] {
  const enabled = tokens.filter((token) => token.status === TOKEN_STATUS.enabled);
  return [
    ...enabled.filter((token) => token.name === PLAYGROUND_TOKEN_NAME),
    ...enabled.filter((token) => token.name !== PLAYGROUND_TOKEN_NAME),
  ];
}
