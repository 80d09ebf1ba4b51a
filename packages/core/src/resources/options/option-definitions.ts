// The registered options of contract §3.5, grouped by the settings tab and card that edit them
// (console-screens §24). gw's own defaults differ from one-hub's in two places, both in docs/quirks.md:
// SystemName is "gw" and ServerAddress is empty until the operator sets it.
import { DEFAULT_LANGUAGE, LANGUAGES } from '../../i18n/languages.js';
import { DEFAULT_QUOTA_PER_UNIT } from '../../money/constants.js';
import {
  OPTION_SHORT_MAX_LENGTH,
  OPTION_URL_MAX_LENGTH,
  type OptionDefinition,
  type OptionTab,
  SAFE_TOOLS,
} from './option-types.js';

type Rest = Omit<OptionDefinition, 'key' | 'kind' | 'default' | 'tab' | 'card'>;
type Maker = (key: string, defaultValue?: string, rest?: Rest) => OptionDefinition;

/** Builders for one card: `bool('X', 'true')`, `int('Y', '0', {min: 0})`, … */
function card(tab: OptionTab, name: string) {
  const make =
    (kind: OptionDefinition['kind'], fallback: string, base: Rest = {}): Maker =>
    (key, defaultValue = fallback, rest = {}) => ({
      key,
      kind,
      default: defaultValue,
      tab,
      card: name,
      ...base,
      ...rest,
    });
  return {
    bool: make('bool', 'false'),
    int: make('int', '0', { min: 0 }),
    decimal: make('decimal', '0', { min: 0 }),
    text: make('text', ''),
    short: make('text', '', { maxLength: OPTION_SHORT_MAX_LENGTH }),
    secret: make('text', '', { maxLength: OPTION_SHORT_MAX_LENGTH, secret: true }),
    url: make('url', '', { maxLength: OPTION_URL_MAX_LENGTH }),
    json: make('json', '{}'),
  };
}

/** The upstream error phrases that disable a channel, one per line (one-hub's built-in list). */
export const DEFAULT_DISABLE_CHANNEL_KEYWORDS = [
  'Your credit balance is too low',
  'This organization has been disabled.',
  'You exceeded your current quota',
  'Permission denied',
  'Quota exceeded for quota metric',
  'API key not valid',
  'The security token included in the request is invalid',
  'Operation not allowed',
  'Your account is not authorized',
  'your account balance is insufficient',
  'Your account is currently blocked',
  'too many invalid requests',
].join('\n');

const general = card('operation', 'general');
const other = card('operation', 'other');
const log = card('operation', 'log');
const invoice = card('operation', 'invoice');
const monitoring = card('operation', 'monitoring');
const quota = card('operation', 'quota');
const payment = card('operation', 'payment');
const chatLinks = card('operation', 'chat_links');
const keywords = card('operation', 'disable_keywords');
const claude = card('operation', 'claude');
const gemini = card('operation', 'gemini');
const safety = card('operation', 'safety');
const systemGeneral = card('system', 'general');
const login = card('system', 'login');
const emailDomains = card('system', 'email_domains');
const smtp = card('system', 'smtp');
const github = card('system', 'github');
const wechat = card('system', 'wechat');
const lark = card('system', 'lark');
const turnstile = card('system', 'turnstile');
const oidc = card('system', 'oidc');
const notice = card('other', 'general');
const site = card('other', 'personalisation');
const uptime = card('other', 'uptime');
const internal = card('internal', 'internal');

export const OPTION_DEFINITIONS: readonly OptionDefinition[] = [
  general.url('TopUpLink'),
  general.url('ChatLink'),
  general.decimal('QuotaPerUnit', String(DEFAULT_QUOTA_PER_UNIT), { exclusiveMin: true }),
  general.int('RetryTimes'),
  general.int('RetryCooldownSeconds', '5'),
  general.int('RetryTimeOut', '10'),
  general.bool('DisplayInCurrencyEnabled', 'true'),
  general.bool('ApproximateTokenEnabled'),

  other.bool('MjNotifyEnabled'),
  other.bool('ClaudeAPIEnabled', 'true'),
  other.bool('GeminiAPIEnabled', 'true'),
  other.url('ChatImageRequestProxy', '', { schemes: ['http', 'https', 'socks5', 'socks5h'] }),
  other.url('CFWorkerImageUrl'),
  other.secret('CFWorkerImageKey'),
  // Where the price screen's "check updates" reads a remote price list from (fetched by the browser).
  other.url('UpdatePriceService'),

  log.bool('LogConsumeEnabled', 'true'),

  // Monthly bills (console-screens §11): the user menu item, the bill routes and the monthly job.
  invoice.bool('UserInvoiceMonth'),

  monitoring.decimal('ChannelDisableThreshold', '5'),
  monitoring.int('QuotaRemindThreshold', '1000'),
  monitoring.bool('AutomaticDisableChannelEnabled'),
  monitoring.bool('AutomaticEnableChannelEnabled'),

  quota.int('QuotaForNewUser'),
  quota.int('PreConsumedQuota', '500'),
  // Running requests count against the balance (gw's tightening of one-hub's per-request check).
  quota.bool('InFlightQuotaCheckEnabled', 'true'),
  quota.int('InFlightCompletionTokens', '4096'),
  quota.int('InFlightMaxCompletionTokens', '16384'),
  quota.int('QuotaForInviter'),
  quota.int('QuotaForInvitee'),

  payment.decimal('PaymentUSDRate', '7.3', { exclusiveMin: true }),
  payment.int('PaymentMinAmount', '1'),
  payment.json('RechargeDiscount', '{}', { json: 'discount' }),

  chatLinks.json('ChatLinks', '', { json: 'chat_links' }),

  keywords.text('DisableChannelKeywords', DEFAULT_DISABLE_CHANNEL_KEYWORDS),

  claude.decimal('ClaudeBudgetTokensPercentage', '0.8', { max: 1 }),
  claude.json('ClaudeDefaultMaxTokens', '{"default":8192}', { json: 'positive_int_map' }),

  gemini.json('GeminiOpenThink', '{}', { json: 'bool_map' }),

  safety.bool('EnableSafe'),
  { ...safety.short('SafeToolName', 'Keyword'), kind: 'choice', choices: SAFE_TOOLS },
  safety.text('SafeKeyWords'),

  systemGeneral.url('ServerAddress', '', { trimTrailingSlash: true }),

  login.bool('PasswordLoginEnabled', 'true'),
  login.bool('PasswordRegisterEnabled', 'true'),
  login.bool('EmailVerificationEnabled'),
  login.bool('GitHubOAuthEnabled'),
  login.bool('WeChatAuthEnabled'),
  login.bool('LarkAuthEnabled'),
  login.bool('OIDCAuthEnabled'),
  login.bool('RegisterEnabled', 'true'),
  login.bool('TurnstileCheckEnabled'),
  login.bool('GitHubOldIdCloseEnabled'),

  emailDomains.bool('EmailDomainRestrictionEnabled'),
  {
    ...emailDomains.text(
      'EmailDomainWhitelist',
      'gmail.com,163.com,126.com,qq.com,outlook.com,hotmail.com,icloud.com,yahoo.com,foxmail.com',
    ),
    kind: 'domains',
    maxLength: 65_536,
  },

  smtp.short('SMTPServer'),
  smtp.int('SMTPPort', '587', { min: 1, max: 65_535, keepBlank: true }),
  smtp.short('SMTPAccount'),
  smtp.short('SMTPFrom'),
  smtp.secret('SMTPToken'),

  github.short('GitHubClientId'),
  github.secret('GitHubClientSecret'),

  wechat.url('WeChatServerAddress', '', { trimTrailingSlash: true }),
  wechat.secret('WeChatServerToken'),
  wechat.url('WeChatAccountQRCodeImageURL'),

  // one-hub's console edits these but never registered them (contract §6.4); gw does.
  lark.short('LarkClientId'),
  lark.secret('LarkClientSecret'),

  turnstile.short('TurnstileSiteKey'),
  turnstile.secret('TurnstileSecretKey'),

  oidc.short('OIDCClientId'),
  oidc.secret('OIDCClientSecret'),
  oidc.url('OIDCIssuer'),
  oidc.short('OIDCScopes'),
  oidc.short('OIDCUsernameClaims'),

  notice.text('Notice'),

  site.short('SystemName', 'gw'),
  // An address or any image source (a data: URL): one line, no scheme check.
  { ...site.text('Logo'), maxLength: OPTION_URL_MAX_LENGTH },
  site.text('HomePageContent'),
  site.text('About'),
  site.text('Footer'),
  site.text('AnalyticsCode'),
  { ...site.short('Language', DEFAULT_LANGUAGE), kind: 'choice', choices: LANGUAGES },

  uptime.bool('UptimeEnabled'),
  uptime.url('UptimeDomain', '', { trimTrailingSlash: true }),
  uptime.short('UptimePageName'),

  // Legacy model ratio map, read by `GET /api/prices?type=old`.
  internal.json('ModelRatio', '{}', { json: 'ratio_map' }),
  internal.int('OldTokenMaxId', '0', { readOnly: true }),
  // Set by the Telegram bot when it starts (a later issue), not by hand.
  internal.short('TelegramBotName', '', { readOnly: true }),
];
