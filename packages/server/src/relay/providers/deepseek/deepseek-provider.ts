// DeepSeek (type 28), spec §19 OA variants: OpenAI's format at api.deepseek.com. DeepSeek requires a
// `reasoning_content` field on every assistant message of a conversation (one-hub adds an empty one),
// and reports the account balance at /user/balance (the first currency's total, in its own unit).
import type { ProviderCall } from '../provider.js';
import { numberField, oaVariantProvider } from '../shared/oa-variant.js';

export const DEEPSEEK_DEFAULT_BASE_URL = 'https://api.deepseek.com';

/** Adds `reasoning_content: ""` to assistant messages that have none. */
export function withAssistantReasoning(
  body: Record<string, unknown>,
  call: ProviderCall,
): Record<string, unknown> {
  if (call.operation !== 'chat' || !Array.isArray(body.messages)) return body;
  return {
    ...body,
    messages: body.messages.map((message: unknown) => {
      if (!message || typeof message !== 'object') return message;
      const record = message as Record<string, unknown>;
      return record.role === 'assistant' && !('reasoning_content' in record)
        ? { ...record, reasoning_content: '' }
        : record;
    }),
  };
}

/** `{is_available, balance_infos: [{currency, total_balance: "110.00", …}]}` → the first total. */
export function readDeepSeekBalance(body: unknown): number | undefined {
  const infos = (body as { balance_infos?: unknown } | null)?.balance_infos;
  if (!Array.isArray(infos) || infos.length === 0) return undefined;
  return numberField((infos[0] as { total_balance?: unknown } | null)?.total_balance);
}

export const deepSeekProvider = oaVariantProvider({
  name: 'deepseek',
  types: [28],
  baseUrl: DEEPSEEK_DEFAULT_BASE_URL,
  adjustBody: withAssistantReasoning,
  balance: { path: '/user/balance', read: readDeepSeekBalance },
});
