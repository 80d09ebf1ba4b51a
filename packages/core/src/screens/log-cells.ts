// The log table's cell extras (console-screens §3), as rules every face can draw: the duration's colour
// and the tokens-per-second chip, the special-token breakdown of the input cell, the billing breakdown of
// the quota cell, the price chips of the detail cell and the group → backup-group arrow. The figures are
// read from the consume log's metadata, which holds the very ratios the charge was computed from.
import type { ChipStyle, ChipTone } from '../format/chips.js';
import { formatPrice } from '../format/price.js';
import type { Translate } from '../i18n/i18n.js';
import { Money } from '../money/decimal.js';
import {
  EXTRA_USAGE_KIND_NAMES,
  EXTRA_USAGE_KINDS,
  type ExtraUsageKind,
} from '../resources/prices/extra-ratios.js';
import { LOG_TYPE } from '../resources/logs/log-types.js';
import type { Log } from '../resources/logs/logs.schema.js';

const numberOf = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;
const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A log type's chip (§3 "Type (coloured chip)"): top-up green, usage blue, management orange, system purple. */
export function logTypeChip(type: number): ChipStyle {
  switch (type) {
    case LOG_TYPE.topup:
      return { tone: 'success' };
    case LOG_TYPE.consume:
      return { tone: 'primary' };
    case LOG_TYPE.manage:
      return { tone: 'orange' };
    case LOG_TYPE.system:
      return { tone: 'secondary' };
    default:
      return { tone: 'default' };
  }
}

/** A duration's colour by total seconds (§3): ≤ 10 green, ≤ 50 primary, ≤ 100 secondary, else red. */
export function durationTone(seconds: number): ChipTone {
  if (seconds <= 10) return 'success';
  if (seconds <= 50) return 'primary';
  if (seconds <= 100) return 'secondary';
  return 'error';
}

/** A reply's speed colour (§3): ≤ 10 t/s red, ≤ 15 secondary, ≤ 20 primary, faster green. */
export function tokensPerSecondTone(rate: number): ChipTone {
  if (rate <= 10) return 'error';
  if (rate <= 15) return 'secondary';
  if (rate <= 20) return 'primary';
  return 'success';
}

/** The duration cell of a log: total seconds, the first token's when streamed, and their colour. */
export interface LogDuration {
  totalSeconds: number;
  firstTokenSeconds?: number;
  /** `12.3 s`, or `12.3 s / 0.8 s` with the first token's time. */
  text: string;
  tone: ChipTone;
  /** Output tokens per second after the first token; absent without output or time to count. */
  tokensPerSecond?: { rate: number; text: string; tone: ChipTone };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The duration cell (§3), or undefined for a log that took no time (a top-up, a system note). */
export function logDuration(log: Log): LogDuration | undefined {
  if (log.request_time <= 0) return undefined;
  const first = numberOf(log.metadata?.first_response);
  const firstMs = first !== undefined && first > 0 && first <= log.request_time ? first : undefined;
  const duration: LogDuration = {
    totalSeconds: log.request_time / 1000,
    text:
      firstMs === undefined
        ? seconds(log.request_time)
        : `${seconds(log.request_time)} / ${seconds(firstMs)}`,
    tone: durationTone(log.request_time / 1000),
  };
  if (firstMs !== undefined) duration.firstTokenSeconds = firstMs / 1000;
  // The speed of the reply itself: output over the time after the first token (all of it unstreamed).
  const generating = (log.request_time - (firstMs ?? 0)) / 1000;
  if (log.completion_tokens > 0 && generating > 0) {
    const rate = log.completion_tokens / generating;
    duration.tokensPerSecond = { rate, text: `${rate.toFixed(1)} t/s`, tone: tokensPerSecondTone(rate) };
  }
  return duration;
}

/** One special-token kind of a log: its count, its multiplier and the tokens it added (or took off). */
export interface SpecialTokenLine {
  kind: ExtraUsageKind;
  side: 'prompt' | 'completion';
  count: number;
  ratio: number;
  /** trunc(count × (ratio − 1)), as the charge counted it (behaviour spec §9.3 step 1). */
  extra: number;
}

/** The input cell's breakdown (§3): each special kind and the input and output totals it gave. */
export interface LogSpecialTokens {
  lines: SpecialTokenLine[];
  adjustedPrompt: number;
  adjustedCompletion: number;
}

/** The special-token kinds a log's metadata reports with their ratios; undefined when it has none. */
export function logSpecialTokens(log: Log): LogSpecialTokens | undefined {
  const lines: SpecialTokenLine[] = [];
  let prompt = log.prompt_tokens;
  let completion = log.completion_tokens;
  for (const kind of EXTRA_USAGE_KIND_NAMES) {
    const count = numberOf(log.metadata?.[kind]);
    const ratio = numberOf(log.metadata?.[`${kind}_ratio`]);
    if (!count || ratio === undefined) continue;
    // Decimal maths, as the charge: 100 × (0.1 − 1) is −90, not −90.00000000000001 truncated to −90.
    const extra = new Money(count).times(new Money(ratio).minus(1)).trunc().toNumber();
    const side = EXTRA_USAGE_KINDS[kind].side;
    lines.push({ kind, side, count, ratio, extra });
    if (side === 'prompt') prompt += extra;
    else completion += extra;
  }
  return lines.length === 0 ? undefined : { lines, adjustedPrompt: prompt, adjustedCompletion: completion };
}

/** A special-token line as the tooltip says it: `Cached tokens: 100 × (0.5 − 1) = -50`. */
export function specialTokenLineText(line: SpecialTokenLine, t: Translate): string {
  return t('logs.cells.special_line', {
    name: t(`prices.extra.${line.kind}`),
    count: line.count,
    ratio: line.ratio,
    extra: line.extra,
  });
}

/** One paid tool call family of a log's bill (`extra_billing`): its calls at a price in dollars. */
export interface LogExtraBillingItem {
  service: string;
  type: string;
  calls: number;
  /** US dollars per call before the group ratio. */
  price: number;
}

/** The quota cell's breakdown panel (§3). */
export interface LogBilling {
  priceType: 'tokens' | 'times';
  groupName: string;
  groupRatio: number;
  /** The price's own ratios, before the group ratio. */
  originalInputRatio: number;
  originalOutputRatio: number;
  /** The ratios charged (the price's times the group's). */
  inputRatio: number;
  outputRatio: number;
  /** Input and output tokens as billed (special kinds applied). */
  promptTokens: number;
  completionTokens: number;
  extraBilling: LogExtraBillingItem[];
  /** Points charged, and what the same call would have cost at group ratio 1. */
  quota: number;
  originalQuota: number;
  /** Whole percent saved by a group ratio below 1; 0 otherwise. */
  savedPercent: number;
}

/** The billing breakdown of a consume log whose metadata holds its ratios; undefined otherwise. */
export function logBilling(log: Log): LogBilling | undefined {
  if (log.type !== LOG_TYPE.consume || !log.metadata) return undefined;
  const metadata = log.metadata;
  const groupRatio = numberOf(metadata.group_ratio);
  const inputRatio = numberOf(metadata.input_ratio);
  if (groupRatio === undefined || inputRatio === undefined) return undefined;
  const outputRatio = numberOf(metadata.output_ratio) ?? 0;
  // The metadata's ratios already carry the group's: divided back out for the price list's own.
  const original = (ratio: number) =>
    groupRatio > 0 ? new Money(ratio).dividedBy(groupRatio).toSignificantDigits(10).toNumber() : ratio;
  const special = logSpecialTokens(log);
  const extraBilling: LogExtraBillingItem[] = [];
  const services = metadata.extra_billing;
  if (services && typeof services === 'object') {
    for (const [service, call] of Object.entries(services as Record<string, Record<string, unknown>>)) {
      extraBilling.push({
        service,
        type: textOf(call?.type),
        calls: numberOf(call?.call_count) ?? 0,
        price: numberOf(call?.price) ?? 0,
      });
    }
  }
  const discounted = groupRatio > 0 && groupRatio < 1;
  return {
    priceType: metadata.price_type === 'times' ? 'times' : 'tokens',
    groupName: textOf(metadata.group_name),
    groupRatio,
    originalInputRatio: original(inputRatio),
    originalOutputRatio: original(outputRatio),
    inputRatio,
    outputRatio,
    promptTokens: special?.adjustedPrompt ?? log.prompt_tokens,
    completionTokens: special?.adjustedCompletion ?? log.completion_tokens,
    extraBilling,
    quota: log.quota,
    originalQuota: discounted ? Math.round(log.quota / groupRatio) : log.quota,
    savedPercent: discounted ? Math.round((1 - groupRatio) * 100) : 0,
  };
}

/** A ratio as US dollars per million tokens (`$2.5`), or per call for a per-call price. */
export function logPriceText(ratio: number, priceType: 'tokens' | 'times', t: Translate): string {
  return formatPrice(ratio, 'USD', { perMillion: priceType === 'tokens', free: t('prices.free') });
}

/**
 * The charge's formula (§3): `(1200 / 1M × $2.5) + (300 / 1M × $10)`, a per-call price as `1 × $0.1`,
 * and each paid tool call family as `+ (2 × $0.025 × 0.8)` (its dollar price times the group ratio).
 */
export function logBillingFormula(billing: LogBilling, t: Translate): string {
  const price = (ratio: number) => logPriceText(ratio, billing.priceType, t);
  const base =
    billing.priceType === 'times'
      ? `1 × ${price(billing.inputRatio)}`
      : `(${billing.promptTokens} / 1M × ${price(billing.inputRatio)}) + (${billing.completionTokens} / 1M × ${price(billing.outputRatio)})`;
  const extras = billing.extraBilling.map(
    (item) => ` + (${item.calls} × $${new Money(item.price).toFixed()} × ${billing.groupRatio})`,
  );
  return base + extras.join('');
}

/** One chip of the detail cell (§3). */
export interface LogPriceChip {
  text: string;
  tone: ChipTone;
}

/**
 * The detail cell's chips (§3): "Free" for a consume log that cost nothing, else its prices (input and
 * output per million tokens, or per call); none for other logs, whose cell shows their text.
 */
export function logPriceChips(log: Log, t: Translate): LogPriceChip[] {
  if (log.type !== LOG_TYPE.consume) return [];
  if (log.quota === 0) return [{ text: t('prices.free'), tone: 'success' }];
  const billing = logBilling(log);
  if (!billing) return [];
  if (billing.priceType === 'times')
    return [
      {
        text: t('logs.cells.per_call', { price: logPriceText(billing.inputRatio, 'times', t) }),
        tone: 'primary',
      },
    ];
  return [
    {
      text: t('logs.cells.input_price', { price: logPriceText(billing.inputRatio, 'tokens', t) }),
      tone: 'primary',
    },
    {
      text: t('logs.cells.output_price', { price: logPriceText(billing.outputRatio, 'tokens', t) }),
      tone: 'secondary',
    },
  ];
}

/** The group cell's parts (§3): the caller's group, and the backup group when that one served. */
export interface LogGroupCell {
  group: string;
  backup?: string;
}

/** The group a log was billed in, with the backup group when it served the call (`vip → default`). */
export function logGroupCell(log: Log): LogGroupCell {
  const group = textOf(log.metadata?.group_name);
  const backup = textOf(log.metadata?.backup_group_name);
  return log.metadata?.is_backup_group === true && backup !== '' ? { group, backup } : { group };
}

/** The group cell as text: `vip → default` when the backup group served. */
export function logGroupText(log: Log): string {
  const cell = logGroupCell(log);
  return cell.backup === undefined ? cell.group : `${cell.group} → ${cell.backup}`;
}
