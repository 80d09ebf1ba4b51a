import { z } from 'zod';
import { DEFAULT_QUOTA_PER_UNIT } from '../../money/constants.js';

/** The server version label gw reports and expects (spec §9). */
export const GW_VERSION = 'v0.14.7';

/** `GET /api/status` data (contract §3.1): mixed snake_case and PascalCase keys, reproduced exactly. */
export const statusSchema = z.looseObject({
  version: z.string().default(''),
  start_time: z.number().int().default(0),
  email_verification: z.boolean().default(false),
  github_oauth: z.boolean().default(false),
  github_client_id: z.string().default(''),
  oidc_auth: z.boolean().default(false),
  lark_login: z.boolean().default(false),
  lark_client_id: z.string().default(''),
  system_name: z.string().default(''),
  logo: z.string().default(''),
  language: z.string().default('zh_CN'),
  footer_html: z.string().default(''),
  analytics_code: z.string().default(''),
  wechat_qrcode: z.string().default(''),
  wechat_login: z.boolean().default(false),
  server_address: z.string().default(''),
  turnstile_check: z.boolean().default(false),
  turnstile_site_key: z.string().default(''),
  top_up_link: z.string().default(''),
  chat_link: z.string().default(''),
  quota_per_unit: z.number().default(DEFAULT_QUOTA_PER_UNIT),
  display_in_currency: z.boolean().default(true),
  telegram_bot: z.string().default(''),
  mj_notify_enabled: z.boolean().default(false),
  chat_links: z.string().default(''),
  PaymentUSDRate: z.number().default(7.3),
  PaymentMinAmount: z.number().int().default(1),
  RechargeDiscount: z.string().default(''),
  EnableSafe: z.boolean().default(false),
  SafeToolName: z.string().default(''),
  SafeKeyWords: z
    .array(z.string())
    .nullable()
    .default([])
    .transform((list) => list ?? []),
  UserInvoiceMonth: z.boolean().default(false),
  UptimeDomain: z.string().default(''),
  UptimePageName: z.string().default(''),
  UptimeEnabled: z.boolean().default(false),
});
export type SiteStatus = z.output<typeof statusSchema>;

/**
 * Whether the console should tell the user a new version is out (spec §4): the server's version
 * differs from the bundled one and neither is blank or the `v0.0.0` placeholder.
 */
export function isNewVersionAvailable(serverVersion: string, bundledVersion: string = GW_VERSION): boolean {
  const blank = (version: string) => version === '' || version === 'v0.0.0';
  return !blank(serverVersion) && !blank(bundledVersion) && serverVersion !== bundledVersion;
}
