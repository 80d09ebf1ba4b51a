// `GET /api/status` (contract §3.1): site options with their defaults, in one-hub's mixed-case keys.
import { DEFAULT_LANGUAGE, DEFAULT_QUOTA_PER_UNIT, GW_VERSION, type SiteStatus } from '@gw/core';
import type { OptionStore } from '../../shared/context.js';

type Kind = 'string' | 'bool' | 'number' | 'lines';

/** status key → [option key, kind, default]. */
const STATUS_OPTIONS: Record<string, [string, Kind, string]> = {
  email_verification: ['EmailVerificationEnabled', 'bool', 'false'],
  github_oauth: ['GitHubOAuthEnabled', 'bool', 'false'],
  github_client_id: ['GitHubClientId', 'string', ''],
  oidc_auth: ['OIDCAuthEnabled', 'bool', 'false'],
  lark_login: ['LarkAuthEnabled', 'bool', 'false'],
  lark_client_id: ['LarkClientId', 'string', ''],
  system_name: ['SystemName', 'string', 'gw'],
  logo: ['Logo', 'string', ''],
  language: ['Language', 'string', DEFAULT_LANGUAGE],
  footer_html: ['Footer', 'string', ''],
  analytics_code: ['AnalyticsCode', 'string', ''],
  wechat_qrcode: ['WeChatAccountQRCodeImageURL', 'string', ''],
  wechat_login: ['WeChatAuthEnabled', 'bool', 'false'],
  // Empty until the operator sets it: clients then use the address they reached the server at,
  // instead of one-hub's localhost:3000, which is wrong on every real deployment.
  server_address: ['ServerAddress', 'string', ''],
  turnstile_check: ['TurnstileCheckEnabled', 'bool', 'false'],
  turnstile_site_key: ['TurnstileSiteKey', 'string', ''],
  top_up_link: ['TopUpLink', 'string', ''],
  chat_link: ['ChatLink', 'string', ''],
  quota_per_unit: ['QuotaPerUnit', 'number', String(DEFAULT_QUOTA_PER_UNIT)],
  display_in_currency: ['DisplayInCurrencyEnabled', 'bool', 'true'],
  telegram_bot: ['TelegramBotName', 'string', ''],
  mj_notify_enabled: ['MjNotifyEnabled', 'bool', 'false'],
  chat_links: ['ChatLinks', 'string', ''],
  PaymentUSDRate: ['PaymentUSDRate', 'number', '7.3'],
  PaymentMinAmount: ['PaymentMinAmount', 'number', '1'],
  RechargeDiscount: ['RechargeDiscount', 'string', ''],
  EnableSafe: ['EnableSafe', 'bool', 'false'],
  SafeToolName: ['SafeToolName', 'string', 'Keyword'],
  SafeKeyWords: ['SafeKeyWords', 'lines', ''],
  UserInvoiceMonth: ['UserInvoiceMonth', 'bool', 'false'],
  UptimeDomain: ['UptimeDomain', 'string', ''],
  UptimePageName: ['UptimePageName', 'string', ''],
  UptimeEnabled: ['UptimeEnabled', 'bool', 'false'],
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
  for (const [field, [key, kind, fallback]] of Object.entries(STATUS_OPTIONS)) {
    status[field] = convert(kind, stored.get(key) ?? fallback, fallback);
  }
  return status as SiteStatus;
}
