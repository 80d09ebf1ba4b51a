// The OpenAI account balance (behaviour spec §8.3): the subscription's hard limit minus the usage of
// this month — or of the last 100 days when the account has no payment method — in dollars.
import { ApiFailure } from '../../shared/api-failure.js';
import { channelBase, joinOpenAiPath, OPENAI_DEFAULT_BASE_URL } from '../providers/openai/openai-provider.js';
import { parseOpenAiError } from '../providers/openai/openai-error.js';
import type { RelayChannel } from '../pipeline/relay-channel.js';
import type { UpstreamHttp } from '../pipeline/upstream-http.js';

/** Channel types with OpenAI's billing endpoints: OpenAI and Custom (one-hub's "update all" set). */
export const OPENAI_BALANCE_TYPES: ReadonlySet<number> = new Set([1, 8]);

/** The window one-hub asks about when the account has no payment method. */
const NO_PAYMENT_WINDOW_DAYS = 100;

/** `YYYY-MM-DD` in the server's local time zone, as one-hub formats its dates. */
function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The usage window: the first of this month (or 100 days back) to today. */
export function billingUsageWindow(hasPaymentMethod: boolean, now: Date): { start: string; end: string } {
  const end = localDate(now);
  if (!hasPaymentMethod) {
    // Calendar days back, as Go's AddDate(0, 0, -100): a daylight-saving change does not shift the date.
    const start = new Date(now);
    start.setDate(start.getDate() - NO_PAYMENT_WINDOW_DAYS);
    return { start: localDate(start), end };
  }
  return { start: `${end.slice(0, 7)}-01`, end };
}

async function getJson(
  http: UpstreamHttp,
  channel: RelayChannel,
  path: string,
): Promise<Record<string, unknown>> {
  const upstream = channel.upstream;
  const url = joinOpenAiPath(channelBase(upstream, OPENAI_DEFAULT_BASE_URL), path);
  let response: Awaited<ReturnType<UpstreamHttp['send']>>;
  try {
    response = await http.send(
      { method: 'GET', url, headers: { authorization: `Bearer ${upstream.key}`, ...upstream.headers } },
      { proxy: channel.proxy },
    );
  } catch (error) {
    throw new ApiFailure('FAILED', 'errors.with_message', {
      params: { message: error instanceof Error ? error.message : String(error) },
    });
  }
  const text = await response.body.text().catch(() => '');
  if (response.status < 200 || response.status >= 300) {
    const parsed = parseOpenAiError(response.status, text);
    throw new ApiFailure('FAILED', 'errors.with_message', { params: { message: parsed.message } });
  }
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the refusal below
  }
  throw new ApiFailure('FAILED', 'relay.upstream.bad_reply');
}

const numberOr0 = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Reads the balance in USD (a reading of the upstream account, not gw money: a float is right here). */
export async function openAiBalance(
  http: UpstreamHttp,
  channel: RelayChannel,
  now = new Date(),
): Promise<number> {
  const subscription = await getJson(http, channel, '/v1/dashboard/billing/subscription');
  const { start, end } = billingUsageWindow(subscription.has_payment_method === true, now);
  const usage = await getJson(
    http,
    channel,
    `/v1/dashboard/billing/usage?start_date=${start}&end_date=${end}`,
  );
  return numberOr0(subscription.hard_limit_usd) - numberOr0(usage.total_usage) / 100;
}
