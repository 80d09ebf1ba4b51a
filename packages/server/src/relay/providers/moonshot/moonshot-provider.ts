// Moonshot (type 29), spec §19 OA variants: OpenAI's format at api.moonshot.cn, with the balance at
// /v1/users/me/balance, in yuan, which one-hub stores divided by 7 (its fixed yuan-to-dollar rate).
import { numberField, oaVariantProvider } from '../shared/oa-variant.js';

export const MOONSHOT_DEFAULT_BASE_URL = 'https://api.moonshot.cn';
/** one-hub's fixed yuan per dollar for Moonshot's balance. */
export const MOONSHOT_YUAN_PER_DOLLAR = 7;

/** `{code: 0, scode: "0x0", status: true, data: {available_balance, …}}` → available ÷ 7. */
export function readMoonshotBalance(body: unknown): number | undefined {
  const reply = (body ?? {}) as { code?: unknown; scode?: unknown; data?: { available_balance?: unknown } };
  if (reply.code !== 0 || String(reply.scode ?? '').toLowerCase() !== '0x0') return undefined;
  const available = numberField(reply.data?.available_balance);
  return available === undefined ? undefined : available / MOONSHOT_YUAN_PER_DOLLAR;
}

export const moonshotProvider = oaVariantProvider({
  name: 'moonshot',
  types: [29],
  baseUrl: MOONSHOT_DEFAULT_BASE_URL,
  balance: { path: '/v1/users/me/balance', read: readMoonshotBalance },
});
