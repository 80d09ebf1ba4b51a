import { bodyField, type FakeReply, type FakeReplyOptions, type RecordedRequest } from './fake-reply.js';
import { textOfContent } from './reply-text.js';

/** A moderation input containing this word (any case) is flagged for violence; nothing else is flagged. */
export const FAKE_MODERATION_TRIGGER = 'kill';

const MODERATION_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
] as const;

let sequence = 0;

/** The texts a moderation `input` holds: a string, strings, or multimodal parts (text parts only). */
function moderationTexts(input: unknown): string[] {
  if (typeof input === 'string') return [input];
  if (!Array.isArray(input)) return [''];
  if (input.every((item) => typeof item === 'string')) return input as string[];
  return [textOfContent(input)];
}

/** `POST /v1/moderations`: one result per input text (OpenAI reports no usage here). */
export function openAiModerationReply(request: RecordedRequest, model: string): FakeReply {
  const trigger = new RegExp(`\\b${FAKE_MODERATION_TRIGGER}\\b`, 'i');
  const results = moderationTexts(bodyField(request.body, 'input')).map((text) => {
    const flagged = trigger.test(text);
    const categories: Record<string, boolean> = {};
    const scores: Record<string, number> = {};
    for (const name of MODERATION_CATEGORIES) {
      const hit = flagged && name === 'violence';
      categories[name] = hit;
      scores[name] = hit ? 0.9 : 0.0001;
    }
    const applied = Object.fromEntries(MODERATION_CATEGORIES.map((name) => [name, ['text']]));
    return { flagged, categories, category_scores: scores, category_applied_input_types: applied };
  });
  return { kind: 'json', status: 200, body: { id: `modr-fake-${++sequence}`, model, results } };
}

/** `GET /v1/dashboard/billing/subscription`: limits from the configured balance. */
export function openAiBillingSubscriptionReply(
  _request: RecordedRequest,
  options: FakeReplyOptions,
): FakeReply {
  const { hardLimitUsd, hasPaymentMethod = true, accessUntil = 0 } = options.balance;
  const body = {
    object: 'billing_subscription',
    has_payment_method: hasPaymentMethod,
    soft_limit_usd: hardLimitUsd,
    hard_limit_usd: hardLimitUsd,
    system_hard_limit_usd: hardLimitUsd,
    access_until: accessUntil,
  };
  return { kind: 'json', status: 200, body };
}

/** `GET /v1/dashboard/billing/usage?start_date=…&end_date=…`: total usage in cents (the dates are recorded, not used). */
export function openAiBillingUsageReply(_request: RecordedRequest, options: FakeReplyOptions): FakeReply {
  return {
    kind: 'json',
    status: 200,
    body: { object: 'list', total_usage: options.balance.totalUsageCents },
  };
}
