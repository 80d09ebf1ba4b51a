// `GET /api/status` (contract §3.1): site options in one-hub's mixed-case keys. Defaults come from core's
// option registry, the one definition the option routes use too.
import { GW_VERSION, optionDefault, type SiteStatus } from '@gw/core';
import type { OptionStore } from '../../shared/context.js';

type Kind = 'string' | 'bool' | 'number' | 'lines';

/** status key → [option key, kind]. */
const STATUS_OPTIONS: Record<string, [string, Kind]> = {
  email_verification: ['EmailVerificationEnabled', 'bool'],
  github_oauth: ['GitHubOAuthEnabled', 'bool'],
  github_client_id: ['GitHubClientId', 'string'],
  oidc_auth: ['OIDCAuthEnabled', 'bool'],
  lark_login: ['LarkAuthEnabled', 'bool'],
  lark_client_id: ['LarkClientId', 'string'],
  system_name: ['SystemName', 'string'],
  logo: ['Logo', 'string'],
  language: ['Language', 'string'],
  footer_html: ['Footer', 'string'],
  analytics_code: ['AnalyticsCode', 'string'],
  wechat_qrcode: ['WeChatAccountQRCodeImageURL', 'string'],
  wechat_login: ['WeChatAuthEnabled', 'bool'],
  // Empty until the operator sets it: clients then use the address they reached the server at,
  // instead of one-hub's localhost:3000, which is wrong on every real deployment.
  server_address: ['ServerAddress', 'string'],
  turnstile_check: ['TurnstileCheckEnabled', 'bool'],
  turnstile_site_key: ['TurnstileSiteKey', 'string'],
  top_up_link: ['TopUpLink', 'string'],
  chat_link: ['ChatLink', 'string'],
  quota_per_unit: ['QuotaPerUnit', 'number'],
  display_in_currency: ['DisplayInCurrencyEnabled', 'bool'],
  telegram_bot: ['TelegramBotName', 'string'],
  mj_notify_enabled: ['MjNotifyEnabled', 'bool'],
  chat_links: ['ChatLinks', 'string'],
  PaymentUSDRate: ['PaymentUSDRate', 'number'],
  PaymentMinAmount: ['PaymentMinAmount', 'number'],
  // The raw text as stored (quirk §6.10): one-hub's status does not re-serialise it either.
  RechargeDiscount: ['RechargeDiscount', 'string'],
  EnableSafe: ['EnableSafe', 'bool'],
  SafeToolName: ['SafeToolName', 'string'],
  SafeKeyWords: ['SafeKeyWords', 'lines'],
  UserInvoiceMonth: ['UserInvoiceMonth', 'bool'],
  UptimeDomain: ['UptimeDomain', 'string'],
  UptimePageName: ['UptimePageName', 'string'],
  UptimeEnabled: ['UptimeEnabled', 'bool'],
};

function convert(kind: Kind, text: string, fallback: string): string | number | boolean | string[] {
  switch (kind) {
    case 'bool':
      return text === 'true';
    case 'number': {
      const value = Number(text);
      return Number.isFinite(value) ? value : Number(fallback);
    }
    case 'lines':
      return text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    default:
      return text;
  }
}

/** The status reply, read fresh from the options table. */
export async function readSiteStatus(options: OptionStore, startTime: number): Promise<SiteStatus> {
  const stored = await options.getMany(Object.values(STATUS_OPTIONS).map(([key]) => key));
  const status: Record<string, unknown> = { version: GW_VERSION, start_time: startTime };
  for (const [field, [key, kind]] of Object.entries(STATUS_OPTIONS)) {
    const fallback = optionDefault(key);
    status[field] = convert(kind, stored.get(key) ?? fallback, fallback);
  }
  return status as SiteStatus;
}
