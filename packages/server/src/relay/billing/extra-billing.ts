// Per-call prices of the paid tools a reply may use (behaviour spec §9.3 step 3), in US dollars.
import { DEFAULT_QUOTA_PER_UNIT, Money, type MoneyValue } from '@gw/core';
import type { ExtraBillingCall } from './extra-usage.js';

/** Image generation dollars per call by quality, then size. */
const IMAGE_GENERATION_USD: Record<string, Record<string, string>> = {
  low: { '1024x1024': '0.011', '1024x1536': '0.016', '1536x1024': '0.016' },
  medium: { '1024x1024': '0.042', '1024x1536': '0.063', '1536x1024': '0.063' },
  high: { '1024x1024': '0.167', '1024x1536': '0.25', '1536x1024': '0.25' },
};

/** The dollar price of one call of `service` (variant `type`) on `model`; 0 when the service is unknown. */
export function extraBillingPriceUsd(model: string, service: string, type: string): MoneyValue {
  switch (service) {
    case 'web_search_preview':
      return new Money(model.startsWith('gpt-4.1') || model.startsWith('gpt-4o') ? '0.025' : '0.01');
    case 'file_search':
      return new Money('0.0025');
    case 'code_interpreter':
      return new Money('0.03');
    case 'image_generation': {
      const [quality = '', size = ''] = type.split('-');
      return new Money(IMAGE_GENERATION_USD[quality]?.[size] ?? 0);
    }
    default:
      return new Money(0);
  }
}

/**
 * The `usage.extra_billing` of a chat model whose name holds `search-preview`: one web search call of the
 * request's `web_search_options.search_context_size` (default medium). Undefined for other models.
 */
export function searchPreviewExtraBilling(
  model: string,
  searchContextSize?: string,
): Record<string, ExtraBillingCall> | undefined {
  if (!model.includes('search-preview')) return undefined;
  return { web_search_preview: { type: searchContextSize || 'medium', call_count: 1 } };
}

/** Σ ceil(priceUSD · QuotaPerUnit) · call_count over the services, in points, before the group ratio. */
export function extraBillingPoints(
  model: string,
  extraBilling: Record<string, ExtraBillingCall> | undefined,
  quotaPerUnit: number = DEFAULT_QUOTA_PER_UNIT,
): MoneyValue {
  let total = new Money(0);
  for (const [service, call] of Object.entries(extraBilling ?? {})) {
    const count = Math.max(0, Math.trunc(call.call_count));
    const perCall = extraBillingPriceUsd(model, service, call.type).times(quotaPerUnit).ceil();
    total = total.plus(perCall.times(count));
  }
  return total;
}
