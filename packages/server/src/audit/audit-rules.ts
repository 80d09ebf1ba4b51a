// Which routes are administrative changes and what each one's audit entry says (issue 15). Keyed
// `METHOD /path` as the route table declares it, like the authorization matrix: the audit test walks the
// route table and fails on a mutating admin/root route that has no line here, so none is forgotten.
import type { GwTables } from '../db/tables.js';

/** The raw call as the audit sees it: the body, path parameters and query as sent, and the handler's data. */
export interface AuditInput {
  body: Record<string, unknown>;
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  /** The reply's `data` (undefined before the handler ran or when it sent none). */
  data?: unknown;
}

/**
 * The record a route changes, read before and after the change to record the changed fields. `id` finds it
 * in the call (after the handler too, so a create can take the new id from the reply); `column` is the
 * table's key for it.
 */
export interface AuditTarget {
  table: keyof GwTables;
  column: string;
  /** The column holds integers: a value that is not a positive integer names no record. */
  numeric: boolean;
  id: (input: AuditInput) => unknown;
  /** Where the record is after the change when that can differ (a price renamed): default `id`. */
  afterId?: (input: AuditInput) => unknown;
  /**
   * A batch: `id` answers a list of keys (or one key several rows share, a tag), and every matching row
   * is read, so the entry shows each row's changed fields as `<row id>.<field>`.
   */
  many?: boolean;
}

export interface AuditRule {
  /** `<resource>.<verb>`. */
  action: string;
  target?: AuditTarget;
}

const field = (value: unknown, name: string): unknown =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** The record named by `body.id`, else (a create) the `id` of the reply's data. */
const byId = (table: keyof GwTables): AuditTarget => ({
  table,
  column: 'id',
  numeric: true,
  id: (input) => input.body.id ?? field(input.data, 'id'),
});
/** The record named by the path's `:id`. */
const byParamId = (table: keyof GwTables): AuditTarget => ({
  table,
  column: 'id',
  numeric: true,
  id: (input) => input.params.id,
});

/** The rows whose ids the body lists (`{ids: [...]}`). */
const byBodyIds = (table: keyof GwTables): AuditTarget => ({
  table,
  column: 'id',
  numeric: true,
  many: true,
  id: (input) => input.body.ids,
});
/** The channels sharing the path's `:tag`. */
const CHANNELS_BY_TAG: AuditTarget = {
  table: 'channels',
  column: 'tag',
  numeric: false,
  many: true,
  id: (input) => input.params.tag,
};
/** The disabled channels (status 2, by hand, or 3, automatically), which the call deletes. */
const DISABLED_CHANNELS: AuditTarget = {
  table: 'channels',
  column: 'status',
  numeric: true,
  many: true,
  id: () => [2, 3],
};
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const OPTION: AuditTarget = {
  table: 'options',
  column: 'key',
  numeric: false,
  id: (input) => input.body.key,
};
const PRICE_BY_BODY: AuditTarget = {
  table: 'prices',
  column: 'model',
  numeric: false,
  id: (input) => input.body.model,
};
const PRICE_BY_PATH: AuditTarget = {
  table: 'prices',
  column: 'model',
  numeric: false,
  id: (input) => input.params['*'],
  afterId: (input) => input.body.model ?? input.params['*'],
};

/**
 * Every route that changes what administrators manage. Reads that merely need a POST (the system log, a
 * provider's model list) and the channel checks (they test an upstream, and record their result on the
 * channel as the scheduled checks do) are not changes and have no line; the test lists them by name.
 */
export const AUDIT_RULES: Record<string, AuditRule> = {
  // Options (root).
  'PUT /api/option/': { action: 'option.update', target: OPTION },
  'PUT /api/option/telegram/reload': { action: 'telegram_menu.reload' },
  'POST /api/option/telegram/': { action: 'telegram_menu.save', target: byId('telegram_menus') },
  'DELETE /api/option/telegram/:id': { action: 'telegram_menu.delete', target: byParamId('telegram_menus') },
  'POST /api/option/invoice/gen/:time': { action: 'invoice.generate' },
  'POST /api/option/invoice/update/:time': { action: 'invoice.update' },
  // Users.
  'POST /api/user/': {
    action: 'user.create',
    target: { table: 'users', column: 'username', numeric: false, id: (input) => input.body.username },
  },
  'POST /api/user/manage': {
    action: 'user.manage',
    target: { table: 'users', column: 'username', numeric: false, id: (input) => input.body.username },
  },
  'PUT /api/user/': { action: 'user.update', target: byId('users') },
  'DELETE /api/user/:id': { action: 'user.delete', target: byParamId('users') },
  'POST /api/user/quota/:id': { action: 'user.quota', target: byParamId('users') },
  // Tokens (an admin editing anyone's).
  'PUT /api/token/admin': { action: 'token.update', target: byId('tokens') },
  // Channels.
  'POST /api/channel/': { action: 'channel.create' },
  'PUT /api/channel/': { action: 'channel.update', target: byId('channels') },
  'DELETE /api/channel/disabled': { action: 'channel.delete_disabled', target: DISABLED_CHANNELS },
  'DELETE /api/channel/batch': { action: 'channel.delete_batch', target: byBodyIds('channels') },
  'DELETE /api/channel/:id': { action: 'channel.delete', target: byParamId('channels') },
  'DELETE /api/channel/:id/tag': { action: 'channel.untag', target: byParamId('channels') },
  'PUT /api/channel/batch/azure_api': { action: 'channel.batch_azure_api', target: byBodyIds('channels') },
  'PUT /api/channel/batch/del_model': { action: 'channel.batch_del_model', target: byBodyIds('channels') },
  'PUT /api/channel_tag/:tag': { action: 'channel_tag.update', target: CHANNELS_BY_TAG },
  'DELETE /api/channel_tag/:tag': { action: 'channel_tag.delete', target: CHANNELS_BY_TAG },
  'DELETE /api/channel_tag/:tag/disabled': { action: 'channel_tag.delete_disabled', target: CHANNELS_BY_TAG },
  'PUT /api/channel_tag/:tag/priority': { action: 'channel_tag.priority', target: CHANNELS_BY_TAG },
  'PUT /api/channel_tag/:tag/status/:status': { action: 'channel_tag.status', target: CHANNELS_BY_TAG },
  // Logs.
  'DELETE /api/log/': { action: 'log.delete' },
  // Redemption codes.
  'POST /api/redemption/': { action: 'redemption.create' },
  'PUT /api/redemption/': { action: 'redemption.update', target: byId('redemptions') },
  'DELETE /api/redemption/:id': { action: 'redemption.delete', target: byParamId('redemptions') },
  // Payment gateways.
  'POST /api/payment/': { action: 'payment.create', target: byId('payments') },
  'PUT /api/payment/': { action: 'payment.update', target: byId('payments') },
  'DELETE /api/payment/:id': { action: 'payment.delete', target: byParamId('payments') },
  // User groups.
  'POST /api/user_group/': { action: 'user_group.create', target: byId('user_groups') },
  'PUT /api/user_group/': { action: 'user_group.update', target: byId('user_groups') },
  'PUT /api/user_group/enable/:id': { action: 'user_group.enable', target: byParamId('user_groups') },
  'DELETE /api/user_group/:id': { action: 'user_group.delete', target: byParamId('user_groups') },
  // Model owners and model info.
  'POST /api/model_ownedby/': { action: 'model_ownedby.create', target: byId('model_ownedby') },
  'PUT /api/model_ownedby/': { action: 'model_ownedby.update', target: byId('model_ownedby') },
  'DELETE /api/model_ownedby/:id': { action: 'model_ownedby.delete', target: byParamId('model_ownedby') },
  'POST /api/model_info/': { action: 'model_info.create', target: byId('model_info') },
  'PUT /api/model_info/': { action: 'model_info.update', target: byId('model_info') },
  'DELETE /api/model_info/:id': { action: 'model_info.delete', target: byParamId('model_info') },
  // Prices.
  'POST /api/prices/single': { action: 'price.create', target: PRICE_BY_BODY },
  'PUT /api/prices/single/*': { action: 'price.update', target: PRICE_BY_PATH },
  'DELETE /api/prices/single/*': { action: 'price.delete', target: PRICE_BY_PATH },
  'POST /api/prices/multiple': {
    action: 'price.update_batch',
    target: {
      table: 'prices',
      column: 'model',
      numeric: false,
      many: true,
      id: (input) => [...listOf(input.body.original_models), ...listOf(input.body.models)],
    },
  },
  'PUT /api/prices/multiple/delete': {
    action: 'price.delete_batch',
    target: {
      table: 'prices',
      column: 'model',
      numeric: false,
      many: true,
      id: (input) => input.body.models,
    },
  },
  'POST /api/prices/sync': { action: 'price.sync' },
};

/** Mutating admin/root routes that change nothing an administrator manages (see AUDIT_RULES). */
export const NOT_AUDITED: readonly string[] = [
  'POST /api/system_info/log',
  'POST /api/option/system_info/log',
  'POST /api/channel/provider_models_list',
  'POST /api/sse/channel/check',
];
