// OpenRouter (type 20), spec §19 OA variants: OpenAI's format at openrouter.ai/api, stream usage asked
// for on every stream (as one-hub does), the `reasoning` field of replies and chunks renamed to
// `reasoning_content`, the provider-routing preferences of the `provider` plugin (JSON keyed by the
// model's vendor prefix, e.g. {"anthropic": {"order": ["Anthropic"]}}) sent as `provider`, and the
// credit balance read from /api/v1/credits (total credits − total usage, in dollars).
import type { OperationAdapter, ProviderCall, SseEvent, StreamTranslator } from '../provider.js';
import { numberField, oaVariantProvider } from '../shared/oa-variant.js';

export const OPENROUTER_DEFAULT_BASE_URL = 'https://openrouter.ai/api';

/** OpenRouter's provider-routing fields: a plugin JSON holding one of them is a single routing object. */
const ROUTING_FIELDS = [
  'order',
  'ignore',
  'only',
  'allow_fallbacks',
  'sort',
  'require_parameters',
  'data_collection',
];

/** The routing preferences for the call's model, from the channel's `provider` plugin. */
export function withProviderRouting(
  body: Record<string, unknown>,
  call: ProviderCall,
): Record<string, unknown> {
  // The console stores it as plugin.provider.provider; one-hub's own rows as plugin.other.provider.
  const configured = call.channel.plugin.provider?.provider ?? call.channel.plugin.other?.provider;
  if (typeof configured !== 'string' || configured.trim() === '' || body.provider !== undefined) return body;
  let table: unknown;
  try {
    table = JSON.parse(configured);
  } catch {
    return body;
  }
  if (!table || typeof table !== 'object' || Array.isArray(table)) return body;
  const record = table as Record<string, unknown>;
  // One routing object for every model (`{"order": […], "allow_fallbacks": false}`), or one per model
  // vendor as one-hub reads it (`{"anthropic": {"order": […]}}`, the model's prefix before `/`).
  if (ROUTING_FIELDS.some((field) => field in record)) return { ...body, provider: record };
  const preference = record[call.model.split('/')[0] ?? ''];
  return preference && typeof preference === 'object' ? { ...body, provider: preference } : body;
}

/** Moves `reasoning` to `reasoning_content` in each choice's message or delta; true when anything moved. */
function renameReasoning(value: { choices?: unknown }): boolean {
  let moved = false;
  if (!Array.isArray(value.choices)) return false;
  for (const choice of value.choices as Array<Record<string, Record<string, unknown> | undefined>>) {
    for (const part of [choice.message, choice.delta]) {
      if (!part || typeof part.reasoning !== 'string') continue;
      if (!part.reasoning_content) part.reasoning_content = part.reasoning;
      delete part.reasoning;
      moved = true;
    }
  }
  return moved;
}

function reasoningStream(inner: StreamTranslator): StreamTranslator {
  return {
    ...inner,
    push(event: SseEvent) {
      if (!event.data.includes('"reasoning"')) return inner.push(event);
      try {
        const chunk = JSON.parse(event.data) as { choices?: unknown };
        if (renameReasoning(chunk)) return inner.push({ ...event, data: JSON.stringify(chunk) });
      } catch {
        // not JSON: passed on as it came
      }
      return inner.push(event);
    },
  };
}

function withReasoningContent(operation: string, adapter: OperationAdapter): OperationAdapter {
  if (operation !== 'chat') return adapter;
  const stream = adapter.stream;
  return {
    ...adapter,
    reply(body, call) {
      // A copy: the pipeline sends an unchanged reply as the upstream's own bytes.
      const copy =
        body && typeof body === 'object' ? (structuredClone(body) as { choices?: unknown }) : undefined;
      return adapter.reply(copy && renameReasoning(copy) ? copy : body, call);
    },
    ...(stream ? { stream: (call: ProviderCall) => reasoningStream(stream(call)) } : {}),
  };
}

/** `{data: {total_credits, total_usage}}` → the credits left in dollars. */
export function readOpenRouterBalance(body: unknown): number | undefined {
  const data = (body as { data?: { total_credits?: unknown; total_usage?: unknown } } | null)?.data;
  const credits = numberField(data?.total_credits);
  const usage = numberField(data?.total_usage);
  return credits === undefined || usage === undefined ? undefined : credits - usage;
}

export const openRouterProvider = oaVariantProvider({
  name: 'openrouter',
  types: [20],
  baseUrl: OPENROUTER_DEFAULT_BASE_URL,
  forceStreamUsage: true,
  adjustBody: withProviderRouting,
  adjustAdapter: withReasoningContent,
  balance: { path: '/v1/credits', read: readOpenRouterBalance },
});
