// Row types of the tables the migrations create (the database's view, not the wire's).
import type { Generated } from 'kysely';

export interface UserRow {
  id: Generated<number>;
  username: string;
  password: string;
  display_name: Generated<string>;
  role: Generated<number>;
  status: Generated<number>;
  email: Generated<string>;
  avatar_url: Generated<string>;
  oidc_id: Generated<string>;
  github_id: Generated<string>;
  github_id_new: Generated<number>;
  wechat_id: Generated<string>;
  telegram_id: Generated<number>;
  lark_id: Generated<string>;
  access_token: Generated<string>;
  quota: Generated<number>;
  used_quota: Generated<number>;
  request_count: Generated<number>;
  group: Generated<string>;
  aff_code: Generated<string>;
  aff_count: Generated<number>;
  aff_quota: Generated<number>;
  aff_history: Generated<number>;
  inviter_id: Generated<number>;
  last_login_time: Generated<number>;
  last_login_ip: Generated<string>;
  created_time: Generated<number>;
}

export interface TokenRow {
  id: Generated<number>;
  user_id: number;
  /** NULL only between the insert and the key update inside one transaction. */
  key: string | null;
  status: number;
  name: string;
  created_time: number;
  accessed_time: number;
  expired_time: number;
  remain_quota: number;
  /** 0 or 1 (an integer column on every dialect). */
  unlimited_quota: number;
  used_quota: number;
  group: string;
  backup_group: string;
  /** TokenSetting as JSON text. */
  setting: string;
}

export interface OptionRow {
  key: string;
  value: string;
}

/** A log row (contract §2.5); `metadata` is JSON text or NULL, `is_stream` 0/1. */
export interface LogRow {
  id: Generated<number>;
  user_id: number;
  created_at: number;
  type: number;
  content: string;
  username: Generated<string>;
  token_name: Generated<string>;
  model_name: Generated<string>;
  quota: Generated<number>;
  prompt_tokens: Generated<number>;
  completion_tokens: Generated<number>;
  channel_id: Generated<number>;
  request_time: Generated<number>;
  is_stream: Generated<number>;
  source_ip: Generated<string>;
  metadata: string | null;
}

/** A redemption code (contract §2.4); `used_user_id` records who redeemed it (gw's addition). */
export interface RedemptionRow {
  id: Generated<number>;
  user_id: number;
  key: string;
  status: number;
  name: string;
  quota: number;
  created_time: number;
  redeemed_time: Generated<number>;
  used_user_id: Generated<number>;
}

/** A payment gateway (contract §2.6); `enable` 0/1, `config` JSON text holding credentials. */
export interface PaymentRow {
  id: Generated<number>;
  type: string;
  uuid: string;
  name: string;
  icon: string;
  notify_domain: string;
  fixed_fee: number;
  percent_fee: number;
  currency: string;
  config: string;
  sort: number;
  enable: number;
  created_at: number;
  updated_at: number;
}

/** A payment order (contract §2.7). */
export interface OrderRow {
  id: Generated<number>;
  gateway_id: number;
  user_id: number;
  trade_no: string;
  gateway_no: Generated<string>;
  amount: number;
  order_amount: number;
  order_currency: string;
  quota: number;
  fee: Generated<number>;
  discount: Generated<number>;
  status: string;
  created_at: number;
  updated_at: Generated<number>;
}

/** A Midjourney job (contract §2.13); times in milliseconds, `buttons`/`properties` JSON text. */
export interface MidjourneyRow {
  id: Generated<number>;
  code: number;
  user_id: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  channel_id: number;
  quota: number;
  buttons: string;
  properties: string;
  mode: string;
  token_id: number;
}

/** An async task (contract §2.14); times in seconds, `properties`/`data` JSON text or NULL. */
export interface TaskRow {
  id: Generated<number>;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  channel_id: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: number;
  properties: string | null;
  data: string | null;
  notify_hook: string;
  token_id: number;
}

export interface UserGroupRow {
  id: Generated<number>;
  symbol: string;
  name: string;
  ratio: number;
  api_rate: number;
  /** 0 or 1 (integer columns on every dialect, like the other flags). */
  public: number;
  promotion: number;
  min: number;
  max: number;
  enable: number;
}

export interface PriceRow {
  model: string;
  type: string;
  channel_type: number;
  /** Decimal ratios as exact text. */
  input: string;
  output: string;
  locked: number;
  /** `{usageKind: multiplier}` as JSON text, or NULL. */
  extra_ratios: string | null;
}

export interface ModelOwnedByRow {
  id: number;
  name: string;
  icon: string;
}

export interface ModelInfoRow {
  id: Generated<number>;
  model: string;
  name: string;
  description: string;
  context_length: number;
  max_tokens: number;
  /** JSON array strings. */
  input_modalities: string;
  output_modalities: string;
  tags: string;
  support_url: string;
  created_at: number;
  updated_at: number;
}

export interface ChannelRow {
  id: Generated<number>;
  type: number;
  /** One upstream credential (several keys make several channels). */
  key: string;
  status: number;
  name: string;
  weight: number;
  created_time: number;
  test_time: Generated<number>;
  response_time: Generated<number>;
  base_url: string;
  other: string;
  /** The upstream's own balance reading (a double, not gw money). */
  balance: Generated<number>;
  balance_updated_time: Generated<number>;
  /** CSV of model names. */
  models: string;
  /** CSV of user-group symbols. */
  group: string;
  tag: string;
  used_quota: Generated<number>;
  model_mapping: string;
  model_headers: string;
  custom_parameter: string;
  priority: number;
  proxy: string;
  test_model: string;
  /** Booleans are 0 or 1 (an integer column on every dialect). */
  only_chat: number;
  pre_cost: number;
  compatible_response: number;
  allow_extra_body: number;
  /** JSON text of a string array, or NULL. */
  disabled_stream: string | null;
  /** JSON text of `{pluginName: {param: value}}`, or NULL. */
  plugin: string | null;
}

/** A Telegram bot menu (contract §2.12). */
export interface TelegramMenuRow {
  id: Generated<number>;
  command: string;
  description: string;
  parse_mode: string;
  reply_message: string;
}

/** A mark that the relay ledger applied a request's settlement or refund (replay skips marked entries). */
export interface RelaySettlementRow {
  request_id: string;
  /** Unix seconds of the flush that applied it; marks older than two days are pruned. */
  created_at: number;
}

/** A ledger entry the database refused, set aside so the rest of its batch could be written. */
export interface LedgerRejectRow {
  id: Generated<number>;
  request_id: string;
  node_id: string;
  /** 1 = the counters were applied and only the consume log row was refused; 0 = nothing was applied. */
  applied: number;
  /** The entry as journaled, JSON. */
  entry: string;
  /** The database's error message. */
  error: string;
  /** Unix seconds. */
  created_at: number;
}

/** A database hold the relay took and has not yet settled or refunded (deleted with its settlement). */
export interface RelayHoldRow {
  request_id: string;
  /** `<node id>:<data folder identity>` of the process that took it. */
  owner: string;
  user_id: number;
  token_id: number;
  token_unlimited: number;
  points: number;
  /** Unix seconds. */
  created_at: number;
}

/** One user's usage of one model in one month (a monthly bill line); `date` is `YYYY-MM-01`. */
export interface InvoiceMonthRow {
  date: string;
  user_id: number;
  model_name: string;
  request_count: number;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  request_time: number;
}

/** A month whose bills are made; its row guards the job (one maker per month). */
export interface InvoiceMonthRunRow {
  date: string;
  /** Unix seconds. */
  created_at: number;
}

/** A signed-in browser session (issue 15); `id` is the SHA-256 of the cookie's token, never the token. */
/** An e-mail code or reset token (hashed) for one purpose and address, until used, expired or guessed at. */
export interface VerificationCodeRow {
  id: string;
  code_hash: string;
  /** Unix seconds. */
  expires_at: number;
  attempts: number;
}

/** A begun passkey ceremony (the JSON of its challenge, kind and user), until used or expired. */
export interface WebauthnCeremonyRow {
  id: string;
  ceremony: string;
  /** Unix seconds. */
  expires_at: number;
}

export interface SessionRow {
  id: string;
  user_id: number;
  /** Unix seconds: the absolute lifetime counts from here. */
  created_at: number;
  /** Unix seconds: the idle lifetime counts from here (refreshed at most once a minute). */
  last_seen_at: number;
}

/** One entry of the audit trail (issue 15): an administrative change or refused attempt, or a sign-in lock. */
export interface AuditLogRow {
  id: Generated<number>;
  /** Unix seconds. */
  created_at: number;
  user_id: number;
  username: string;
  role: number;
  ip: string;
  /** `<resource>.<verb>`. */
  action: string;
  resource: string;
  resource_id: string;
  method: string;
  path: string;
  /** 1 = made, 0 = refused. */
  success: number;
  /** The refusal's code ('' when made). */
  error: string;
  /** JSON `{ field: { before, after } }`, secrets masked. */
  changes: string;
}

/** A registered passkey (WebAuthn credential) of a user; ids and key are base64url. */
export interface WebauthnCredentialRow {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  /** The COSE public key the authenticator gave at registration. */
  public_key: string;
  /** The highest signature counter seen; an assertion must raise it (when the authenticator counts). */
  sign_count: number;
  /** Comma-separated transports the browser reported (usb, internal, hybrid…), a hint for sign-in. */
  transports: string;
  alias: string;
  /** Unix seconds. */
  created_time: number;
}

export interface GwTables {
  users: UserRow;
  tokens: TokenRow;
  channels: ChannelRow;
  options: OptionRow;
  logs: LogRow;
  redemptions: RedemptionRow;
  payments: PaymentRow;
  orders: OrderRow;
  midjourneys: MidjourneyRow;
  tasks: TaskRow;
  user_groups: UserGroupRow;
  prices: PriceRow;
  model_ownedby: ModelOwnedByRow;
  model_info: ModelInfoRow;
  telegram_menus: TelegramMenuRow;
  relay_settlements: RelaySettlementRow;
  ledger_rejects: LedgerRejectRow;
  relay_holds: RelayHoldRow;
  invoice_months: InvoiceMonthRow;
  invoice_month_runs: InvoiceMonthRunRow;
  sessions: SessionRow;
  audit_logs: AuditLogRow;
  webauthn_credentials: WebauthnCredentialRow;
  webauthn_ceremonies: WebauthnCeremonyRow;
  verification_codes: VerificationCodeRow;
}
