// A database as one-hub leaves it (issue 15, moving in from one-hub): the tables its GORM models create
// (model/*.go of MartialBE/one-hub: column names, types, defaults, soft-delete columns and index names as
// GORM derives them) and a few rows of each, written as one-hub writes them (bcrypt passwords, token keys
// without `sk-`, booleans, prices as floats), in SQLite's, PostgreSQL's or MySQL's spelling as GORM's
// driver for each writes it.
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DatabaseKind } from '../config.js';
import { tokenKeyFor } from '../resources/tokens/token-key.js';

// biome-ignore lint/suspicious/noExplicitAny: the fixture writes one-hub's tables, which gw's types do not describe.
type AnyDb = Kysely<any>;

/**
 * A column as one-hub's GORM model declares it: its Go kind (or the `type:` tag), NOT NULL, default, and
 * whether GORM indexes it (MySQL then makes a plain string a varchar(191) instead of longtext).
 */
type Kind =
  | 'id' // int primary key, auto-increment
  | 'int' // Go int / int64 without a type tag
  | 'int32' // `type:int`
  | 'string' // Go string without a type tag
  | 'bool'
  | 'float' // Go float64 without a type tag
  | 'json' // `type:json`
  | 'deleted_at' // gorm.DeletedAt
  | { sql: string }; // an explicit `type:` tag (varchar(n), char(n), decimal(10,2), text, date)

interface OneHubColumn {
  name: string;
  kind: Kind;
  notNull?: boolean;
  default?: string;
  indexed?: boolean;
}

interface OneHubTable {
  name: string;
  columns: OneHubColumn[];
  /** A composite or non-`id` primary key. */
  primaryKey?: string[];
  /** [index name, columns, unique] as GORM names them. */
  indexes: Array<[string, string[], boolean?]>;
}

const c = (name: string, kind: Kind, more: Partial<OneHubColumn> = {}): OneHubColumn => ({
  name,
  kind,
  ...more,
});
const t = (sql: string): Kind => ({ sql });

/** one-hub's tables (model/*.go of MartialBE/one-hub), in AutoMigrate's order. */
export const ONE_HUB_TABLES: OneHubTable[] = [
  {
    // An older channel shape on purpose: gw adds the columns later one-hub versions (and gw) have.
    name: 'channels',
    columns: [
      c('id', 'id'),
      c('type', 'int', { default: '0' }),
      c('key', t('varchar(767)'), { notNull: true, indexed: true }),
      c('status', 'int', { default: '1' }),
      c('name', 'string', { indexed: true }),
      c('weight', 'int', { default: '1' }),
      c('created_time', 'int'),
      c('test_time', 'int'),
      c('response_time', 'int'),
      c('base_url', 'string', { default: "''" }),
      c('other', 'string'),
      c('balance', 'float'),
      c('balance_updated_time', 'int'),
      c('models', 'string'),
      c('group', t('varchar(32)'), { default: "'default'" }),
      c('used_quota', 'int', { default: '0' }),
      c('model_mapping', t('varchar(1024)'), { default: "''" }),
      c('priority', 'int', { default: '0' }),
      c('proxy', t('varchar(255)'), { default: "''" }),
      c('test_model', t('varchar(50)'), { default: "''" }),
      c('tag', t('varchar(64)'), { default: "''" }),
      c('only_chat', 'bool', { default: 'false' }),
      c('pre_cost', 'int', { default: '1' }),
      c('disabled_stream', 'json'),
      c('plugin', 'json'),
    ],
    indexes: [
      ['idx_channels_key', ['key']],
      ['idx_channels_name', ['name']],
      ['idx_channels_tag', ['tag']],
    ],
  },
  {
    name: 'tokens',
    columns: [
      c('id', 'id'),
      c('user_id', 'int'),
      c('key', t('varchar(59)'), { indexed: true }),
      c('status', 'int', { default: '1' }),
      c('name', 'string', { indexed: true }),
      c('created_time', 'int'),
      c('accessed_time', 'int'),
      c('expired_time', 'int', { default: '-1' }),
      c('remain_quota', 'int', { default: '0' }),
      c('unlimited_quota', 'bool', { default: 'false' }),
      c('used_quota', 'int', { default: '0' }),
      c('group', 'string', { default: "''" }),
      c('backup_group', 'string', { default: "''" }),
      c('deleted_at', 'deleted_at', { indexed: true }),
      c('setting', 'json'),
    ],
    indexes: [
      ['idx_tokens_key', ['key'], true],
      ['idx_tokens_name', ['name']],
      ['idx_tokens_deleted_at', ['deleted_at']],
    ],
  },
  {
    name: 'users',
    columns: [
      c('id', 'id'),
      c('username', 'string', { indexed: true }),
      c('password', 'string', { notNull: true }),
      c('display_name', 'string', { indexed: true }),
      c('role', 'int32', { default: '1' }),
      c('status', 'int32', { default: '1' }),
      c('email', 'string', { indexed: true }),
      c('github_id', 'string', { indexed: true }),
      c('wechat_id', 'string', { indexed: true }),
      c('telegram_id', 'int', { default: '0' }),
      c('lark_id', 'string', { indexed: true }),
      c('oidc_id', 'string', { indexed: true }),
      c('access_token', t('char(32)')),
      c('quota', 'int32', { default: '0' }),
      c('used_quota', 'int32', { default: '0' }),
      c('request_count', 'int32', { default: '0' }),
      c('group', t('varchar(32)'), { default: "'default'" }),
      c('aff_code', t('varchar(32)')),
      c('aff_count', 'int32', { default: '0' }),
      c('aff_quota', 'int32', { default: '0' }),
      c('aff_history', 'int32', { default: '0' }),
      c('inviter_id', 'int32', { indexed: true }),
      c('last_login_time', 'int', { default: '0' }),
      c('last_login_ip', 'string', { default: "''" }),
      c('created_time', 'int'),
      c('deleted_at', 'deleted_at', { indexed: true }),
    ],
    indexes: [
      ['idx_users_username', ['username'], true],
      ['idx_users_display_name', ['display_name']],
      ['idx_users_email', ['email']],
      ['idx_users_github_id', ['github_id']],
      ['idx_users_wechat_id', ['wechat_id']],
      ['idx_users_lark_id', ['lark_id']],
      ['idx_users_oidc_id', ['oidc_id']],
      ['idx_users_access_token', ['access_token'], true],
      ['idx_users_aff_code', ['aff_code'], true],
      ['idx_users_inviter_id', ['inviter_id']],
      ['idx_users_deleted_at', ['deleted_at']],
    ],
  },
  {
    name: 'options',
    columns: [c('key', 'string', { notNull: true }), c('value', 'string')],
    primaryKey: ['key'],
    indexes: [],
  },
  {
    name: 'redemptions',
    columns: [
      c('id', 'id'),
      c('user_id', 'int'),
      c('key', t('char(32)')),
      c('status', 'int', { default: '1' }),
      c('name', 'string', { indexed: true }),
      c('quota', 'int', { default: '100' }),
      c('created_time', 'int'),
      c('redeemed_time', 'int'),
      c('used_user_id', 'int', { default: '0' }),
      c('deleted_at', 'deleted_at', { indexed: true }),
    ],
    indexes: [
      ['idx_redemptions_key', ['key'], true],
      ['idx_redemptions_name', ['name']],
      ['idx_redemptions_deleted_at', ['deleted_at']],
    ],
  },
  {
    name: 'logs',
    columns: [
      c('id', 'id'),
      c('user_id', 'int', { indexed: true }),
      c('created_at', 'int', { indexed: true }),
      c('type', 'int', { indexed: true }),
      c('content', 'string'),
      c('username', 'string', { default: "''", indexed: true }),
      c('token_name', 'string', { default: "''", indexed: true }),
      c('model_name', 'string', { default: "''", indexed: true }),
      c('quota', 'int', { default: '0' }),
      c('prompt_tokens', 'int', { default: '0' }),
      c('completion_tokens', 'int', { default: '0' }),
      c('channel_id', 'int', { indexed: true }),
      c('request_time', 'int', { default: '0' }),
      c('is_stream', 'bool', { default: 'false' }),
      c('source_ip', t('varchar(200)'), { default: "''" }),
      c('metadata', 'json'),
    ],
    indexes: [
      ['idx_logs_user_id', ['user_id']],
      ['idx_created_at_type', ['created_at', 'type']],
      ['index_username_model_name', ['model_name', 'username']],
      ['idx_logs_token_name', ['token_name']],
      ['idx_logs_model_name', ['model_name']],
      ['idx_logs_channel_id', ['channel_id']],
    ],
  },
  {
    name: 'telegram_menus',
    columns: [
      c('id', 'id'),
      c('command', t('varchar(32)'), { indexed: true }),
      c('description', t('varchar(255)'), { default: "''" }),
      c('parse_mode', t('varchar(255)'), { default: "'MarkdownV2'" }),
      c('reply_message', 'string'),
    ],
    indexes: [['idx_telegram_menus_command', ['command'], true]],
  },
  {
    name: 'prices',
    columns: [
      c('model', t('varchar(100)'), { notNull: true }),
      c('type', 'string', { default: "'tokens'" }),
      c('channel_type', 'int', { default: '0' }),
      c('input', 'float', { default: '0' }),
      c('output', 'float', { default: '0' }),
      c('locked', 'bool', { default: 'false' }),
      c('extra_ratios', 'json'),
    ],
    primaryKey: ['model'],
    indexes: [],
  },
  {
    name: 'midjourneys',
    columns: [
      c('id', 'id'),
      c('code', 'int'),
      c('user_id', 'int', { indexed: true }),
      c('action', t('varchar(40)'), { indexed: true }),
      c('mj_id', 'string', { indexed: true }),
      c('prompt', 'string'),
      c('prompt_en', 'string'),
      c('description', 'string'),
      c('state', 'string'),
      c('submit_time', 'int', { indexed: true }),
      c('start_time', 'int', { indexed: true }),
      c('finish_time', 'int', { indexed: true }),
      c('image_url', 'string'),
      c('status', t('varchar(20)'), { indexed: true }),
      c('progress', t('varchar(30)'), { indexed: true }),
      c('fail_reason', 'string'),
      c('channel_id', 'int'),
      c('quota', 'int'),
      c('buttons', 'string'),
      c('properties', 'string'),
    ],
    indexes: [
      ['idx_midjourneys_user_id', ['user_id']],
      ['idx_midjourneys_action', ['action']],
      ['idx_midjourneys_mj_id', ['mj_id']],
      ['idx_midjourneys_submit_time', ['submit_time']],
      ['idx_midjourneys_status', ['status']],
      ['idx_midjourneys_progress', ['progress']],
    ],
  },
  {
    name: 'payments',
    columns: [
      c('id', 'id'),
      c('type', t('varchar(16)')),
      c('uuid', t('char(32)')),
      c('name', t('varchar(255)'), { notNull: true }),
      c('icon', t('varchar(300)')),
      c('notify_domain', t('varchar(300)')),
      c('fixed_fee', t('decimal(10,2)'), { default: '0.00' }),
      c('percent_fee', t('decimal(10,2)'), { default: '0.00' }),
      c('currency', t('varchar(5)')),
      c('config', t('text')),
      c('sort', 'int', { default: '1' }),
      c('enable', 'bool', { default: 'true' }),
      c('created_at', 'int'),
      c('updated_at', 'int'),
      c('deleted_at', 'deleted_at', { indexed: true }),
    ],
    indexes: [
      ['idx_payments_uuid', ['uuid'], true],
      ['idx_payments_deleted_at', ['deleted_at']],
    ],
  },
  {
    name: 'orders',
    columns: [
      c('id', 'id'),
      c('user_id', 'int'),
      c('gateway_id', 'int'),
      c('trade_no', t('varchar(50)')),
      c('gateway_no', t('varchar(100)')),
      c('amount', 'int', { default: '0' }),
      c('order_amount', t('decimal(10,2)'), { default: '0' }),
      c('order_currency', t('varchar(16)')),
      c('quota', 'int32', { default: '0' }),
      c('fee', t('decimal(10,2)'), { default: '0' }),
      c('discount', t('decimal(10,2)'), { default: '0' }),
      c('status', t('varchar(32)')),
      c('created_at', 'int'),
      c('updated_at', 'int'),
      c('deleted_at', 'deleted_at', { indexed: true }),
    ],
    indexes: [
      ['idx_orders_trade_no', ['trade_no'], true],
      ['idx_orders_deleted_at', ['deleted_at']],
    ],
  },
  {
    name: 'tasks',
    columns: [
      c('id', 'id'),
      c('created_at', 'int', { indexed: true }),
      c('updated_at', 'int'),
      c('task_id', t('varchar(50)'), { indexed: true }),
      c('platform', t('varchar(30)'), { indexed: true }),
      c('user_id', 'int', { indexed: true }),
      c('channel_id', 'int', { indexed: true }),
      c('quota', 'int'),
      c('action', t('varchar(40)'), { indexed: true }),
      c('status', t('varchar(20)'), { indexed: true }),
      c('fail_reason', 'string'),
      c('submit_time', 'int', { indexed: true }),
      c('start_time', 'int', { indexed: true }),
      c('finish_time', 'int', { indexed: true }),
      c('progress', 'int'),
      c('properties', 'json'),
      c('data', 'json'),
    ],
    indexes: [
      ['idx_tasks_created_at', ['created_at']],
      ['idx_tasks_task_id', ['task_id']],
      ['idx_tasks_platform', ['platform']],
      ['idx_tasks_user_id', ['user_id']],
      ['idx_tasks_status', ['status']],
      ['idx_tasks_submit_time', ['submit_time']],
    ],
  },
  {
    // one-hub only (gw keeps its own statistics): must come through untouched.
    name: 'statistics',
    columns: [
      c('date', t('date'), { notNull: true }),
      c('user_id', 'int', { notNull: true }),
      c('channel_id', 'int', { notNull: true }),
      c('model_name', t('varchar(255)'), { notNull: true }),
      c('request_count', 'int', { default: '0' }),
      c('quota', 'int', { default: '0' }),
      c('prompt_tokens', 'int', { default: '0' }),
      c('completion_tokens', 'int', { default: '0' }),
      c('request_time', 'int', { default: '0' }),
    ],
    primaryKey: ['date', 'user_id', 'channel_id', 'model_name'],
    indexes: [],
  },
  {
    name: 'user_groups',
    columns: [
      c('id', 'id'),
      c('symbol', t('varchar(50)'), { indexed: true }),
      c('name', t('varchar(50)')),
      c('ratio', t('decimal(10,2)'), { default: '1' }),
      c('api_rate', 'int', { default: '600' }),
      c('public', 'bool', { default: 'false' }),
      c('promotion', 'bool', { default: 'false' }),
      c('min', 'int', { default: '0' }),
      c('max', 'int', { default: '0' }),
      c('enable', 'bool', { default: 'true' }),
    ],
    indexes: [['idx_user_groups_symbol', ['symbol'], true]],
  },
  {
    name: 'model_owned_by',
    columns: [c('id', 'int', { indexed: true }), c('name', t('varchar(100)')), c('icon', t('text'))],
    indexes: [['idx_model_owned_by_id', ['id']]],
  },
  {
    // GORM's composite primary key; one-hub keeps one row per group × model × channel.
    name: 'abilities',
    columns: [
      c('group', t('varchar(32)'), { notNull: true }),
      c('model', t('varchar(100)'), { notNull: true }),
      c('channel_id', 'int', { notNull: true, indexed: true }),
      c('enabled', 'bool'),
      c('priority', 'int', { default: '0', indexed: true }),
      c('weight', 'int', { default: '1' }),
    ],
    primaryKey: ['group', 'model', 'channel_id'],
    indexes: [
      ['idx_abilities_channel_id', ['channel_id']],
      ['idx_abilities_priority', ['priority']],
    ],
  },
];

/** The column type GORM's driver for `kind` of database writes. */
function columnType(column: OneHubColumn, dialect: DatabaseKind): string {
  const { kind } = column;
  if (typeof kind === 'object') return kind.sql;
  const types: Record<Exclude<Kind, object>, Record<DatabaseKind, string>> = {
    id: { sqlite: 'integer', postgres: 'bigserial', mysql: 'bigint AUTO_INCREMENT' },
    int: { sqlite: 'integer', postgres: 'bigint', mysql: 'bigint' },
    int32: { sqlite: 'int', postgres: 'int', mysql: 'int' },
    string: {
      sqlite: 'text',
      postgres: 'text',
      // GORM's MySQL driver: an indexed, keyed or defaulted string is varchar(191), any other longtext.
      mysql: column.indexed || column.default !== undefined || column.notNull ? 'varchar(191)' : 'longtext',
    },
    bool: { sqlite: 'numeric', postgres: 'boolean', mysql: 'boolean' },
    float: { sqlite: 'real', postgres: 'decimal', mysql: 'double' },
    json: { sqlite: 'JSON', postgres: 'json', mysql: 'json' },
    deleted_at: { sqlite: 'datetime', postgres: 'timestamptz', mysql: 'datetime(3)' },
  };
  return types[kind][dialect];
}

/** one-hub's schema as `CREATE TABLE` and `CREATE INDEX` statements in one dialect's spelling. */
export function oneHubDdl(dialect: DatabaseKind): string[] {
  const q = (name: string) => (dialect === 'postgres' ? `"${name}"` : `\`${name}\``);
  const statements: string[] = [];
  for (const table of ONE_HUB_TABLES) {
    const parts = table.columns.map((column) => {
      let text = `${q(column.name)} ${columnType(column, dialect)}`;
      if (column.kind === 'id') text += dialect === 'sqlite' ? ' PRIMARY KEY AUTOINCREMENT' : '';
      if (column.notNull) text += ' NOT NULL';
      if (column.default !== undefined) text += ` DEFAULT ${column.default}`;
      return text;
    });
    const hasId = table.columns.some((column) => column.kind === 'id');
    if (hasId && dialect !== 'sqlite') parts.push(`PRIMARY KEY (${q('id')})`);
    if (table.primaryKey) parts.push(`PRIMARY KEY (${table.primaryKey.map(q).join(',')})`);
    statements.push(`CREATE TABLE ${q(table.name)} (${parts.join(',')})`);
    for (const [name, columns, unique] of table.indexes) {
      statements.push(
        `CREATE ${unique ? 'UNIQUE ' : ''}INDEX ${q(name)} ON ${q(table.name)}(${columns.map(q).join(',')})`,
      );
    }
  }
  return statements;
}

/** What the tests sign in and call with. */
export interface OneHubFixture {
  rootPassword: string;
  alicePassword: string;
  /** Alice's current-format key as one-hub stores it (no `sk-`), signed with `tokenSecret`. */
  aliceKey: string;
  /** A legacy 48-character key of alice's (one-hub's keys before the signed format). */
  aliceLegacyKey: string;
  /** A key of alice's one-hub deleted (soft: `deleted_at` set): must not relay. */
  aliceDeletedKey: string;
  aliceQuota: number;
  aliceTokenRemain: number;
  tokenSecret: string;
}

export const ONE_HUB_TOKEN_SECRET = 'one-hub-user-token-secret-for-tests';

/** Creates one-hub's tables on an empty database of `dialect`. */
export async function createOneHubTables(db: AnyDb, dialect: DatabaseKind): Promise<void> {
  for (const statement of oneHubDdl(dialect)) await sql.raw(statement).execute(db);
}

/** Writes one-hub's rows; `upstreamUrl` is the channel's base URL (a fake upstream in the tests). */
export async function seedOneHub(
  db: AnyDb,
  dialect: DatabaseKind,
  upstreamUrl: string,
): Promise<OneHubFixture> {
  const now = Math.floor(Date.now() / 1000);
  // one-hub hashes with Go's bcrypt at its default cost (10), `$2a$` prefix.
  const hash = (password: string) => bcrypt.hashSync(password, 10).replace(/^\$2b\$/, '$2a$');
  const fixture: OneHubFixture = {
    rootPassword: 'one-hub-root-pass',
    alicePassword: 'alice-pass-123',
    aliceKey: tokenKeyFor(1, 2, ONE_HUB_TOKEN_SECRET),
    aliceLegacyKey: `OneHubLegacy${'abcdEFGH1234'.repeat(4)}`.slice(0, 48),
    aliceDeletedKey: tokenKeyFor(3, 2, ONE_HUB_TOKEN_SECRET),
    aliceQuota: 5_000_000,
    aliceTokenRemain: 2_000_000,
    tokenSecret: ONE_HUB_TOKEN_SECRET,
  };
  const user = {
    email: '',
    github_id: '',
    wechat_id: '',
    lark_id: '',
    oidc_id: '',
    telegram_id: 0,
    used_quota: 0,
    request_count: 0,
    aff_count: 0,
    aff_quota: 0,
    aff_history: 0,
    inviter_id: 0,
    created_time: now - 86_400,
  };
  await db
    .insertInto('users')
    .values([
      {
        ...user,
        id: 1,
        username: 'root',
        password: hash(fixture.rootPassword),
        display_name: 'Root User',
        role: 100,
        status: 1,
        access_token: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
        quota: 100_000_000,
        group: 'default',
        aff_code: 'R00T',
      },
      {
        ...user,
        id: 2,
        username: 'alice',
        password: hash(fixture.alicePassword),
        display_name: 'Alice',
        role: 1,
        status: 1,
        email: 'alice@example.com',
        access_token: 'b1b2c3d4e5f60718293a4b5c6d7e8f91',
        quota: fixture.aliceQuota,
        used_quota: 12_345,
        request_count: 3,
        group: 'vip',
        aff_code: 'AL1C',
      },
      {
        ...user,
        id: 3,
        username: 'bob_del_x1y2z3',
        password: hash('bob-password'),
        display_name: 'Bob',
        role: 1,
        status: 1,
        access_token: 'c1b2c3d4e5f60718293a4b5c6d7e8f92',
        quota: 0,
        group: 'default',
        aff_code: 'B0B0',
        deleted_at: '2026-01-02 03:04:05',
      },
    ])
    .execute();
  const setting = JSON.stringify({
    heartbeat: { enabled: false, timeout_seconds: 0 },
    limits: {
      limit_model_setting: { enabled: false, models: [] },
      limits_ip_setting: { enabled: false, whitelist: [] },
    },
  });
  await db
    .insertInto('tokens')
    .values([
      {
        id: 1,
        user_id: 2,
        key: fixture.aliceKey,
        status: 1,
        name: 'alice-main',
        created_time: now - 3600,
        accessed_time: now - 60,
        expired_time: -1,
        remain_quota: fixture.aliceTokenRemain,
        unlimited_quota: 0,
        used_quota: 100,
        group: '',
        backup_group: '',
        setting,
      },
      {
        id: 2,
        user_id: 2,
        key: fixture.aliceLegacyKey,
        status: 1,
        name: 'alice-legacy',
        created_time: now - 7200,
        accessed_time: 0,
        expired_time: -1,
        remain_quota: 0,
        unlimited_quota: 1,
        used_quota: 0,
        group: '',
        backup_group: '',
        setting,
      },
      {
        id: 3,
        user_id: 2,
        key: fixture.aliceDeletedKey,
        status: 1,
        name: 'alice-deleted',
        created_time: now - 7200,
        accessed_time: 0,
        expired_time: -1,
        remain_quota: 0,
        unlimited_quota: 1,
        used_quota: 0,
        group: '',
        backup_group: '',
        setting,
        deleted_at: '2026-01-02 03:04:05',
      },
    ])
    .execute();
  await db
    .insertInto('channels')
    .values({
      id: 1,
      type: 1,
      key: 'sk-upstream-one-hub',
      status: 1,
      name: 'one-hub-openai',
      weight: 1,
      created_time: now - 86_400,
      test_time: 0,
      response_time: 0,
      base_url: upstreamUrl,
      other: '',
      balance: 0,
      balance_updated_time: 0,
      models: 'gpt-4o-mini',
      group: 'default,vip',
      used_quota: 0,
      model_mapping: '',
      priority: 0,
      proxy: '',
      test_model: '',
      tag: '',
      only_chat: 0,
      pre_cost: 1,
    })
    .execute();
  await db
    .insertInto('abilities')
    .values(
      ['default', 'vip'].map((group) => ({
        group,
        model: 'gpt-4o-mini',
        channel_id: 1,
        enabled: 1,
        priority: 0,
        weight: 1,
      })),
    )
    .execute();
  await db
    .insertInto('options')
    .values([
      { key: 'SystemName', value: 'One Hub Test Site' },
      { key: 'QuotaPerUnit', value: '500000' },
      { key: 'LogConsumeEnabled', value: 'true' },
      { key: 'Notice', value: 'moved from one-hub' },
    ])
    .execute();
  await db
    .insertInto('prices')
    .values([
      { model: 'gpt-4o-mini', type: 'tokens', channel_type: 1, input: 0.075, output: 0.3, locked: 0 },
      { model: 'dall-e-3', type: 'times', channel_type: 1, input: 20, output: 20, locked: 1 },
    ])
    .execute();
  await db
    .insertInto('logs')
    .values([
      {
        user_id: 2,
        created_at: now - 600,
        type: 1,
        content: 'top-up from one-hub',
        username: 'alice',
        quota: 1_000_000,
        channel_id: 0,
      },
      {
        user_id: 2,
        created_at: now - 300,
        type: 2,
        content: 'model price 0.075',
        username: 'alice',
        token_name: 'alice-main',
        model_name: 'gpt-4o-mini',
        quota: 12_345,
        prompt_tokens: 100,
        completion_tokens: 50,
        channel_id: 1,
        request_time: 800,
        is_stream: 0,
        source_ip: '198.51.100.7',
      },
    ])
    .execute();
  await db
    .insertInto('redemptions')
    .values({
      id: 1,
      user_id: 1,
      key: 'f0e1d2c3b4a5968778695a4b3c2d1e0f',
      status: 1,
      name: 'welcome',
      quota: 500_000,
      created_time: now - 3600,
      redeemed_time: 0,
      used_user_id: 0,
    })
    .execute();
  await db
    .insertInto('user_groups')
    .values([
      { id: 1, symbol: 'default', name: '默认分组', ratio: 1, public: 1, enable: 1 },
      { id: 2, symbol: 'vip', name: 'VIP', ratio: 0.8, public: 0, enable: 1 },
    ])
    .execute();
  await db
    .insertInto('model_owned_by')
    .values([
      { id: 1, name: 'OpenAI', icon: '' },
      { id: 1001, name: 'In-house models', icon: '' },
    ])
    .execute();
  await db
    .insertInto('payments')
    .values({
      id: 1,
      type: 'epay',
      uuid: '0123456789abcdef0123456789abcdef',
      name: 'Epay',
      icon: '',
      notify_domain: '',
      fixed_fee: 0,
      percent_fee: 0.01,
      currency: 'CNY',
      config: '{}',
      sort: 1,
      enable: 1,
      created_at: now - 86_400,
      updated_at: now - 86_400,
    })
    .execute();
  await db
    .insertInto('orders')
    .values({
      id: 1,
      user_id: 2,
      gateway_id: 1,
      trade_no: 'ONEHUB-ORDER-0001',
      gateway_no: 'EPAY-778899',
      amount: 10,
      order_amount: 72.5,
      order_currency: 'CNY',
      quota: 5_000_000,
      fee: 0.73,
      discount: 0,
      status: 'success',
      created_at: now - 5000,
      updated_at: now - 4900,
    })
    .execute();
  await db
    .insertInto('telegram_menus')
    .values({ id: 1, command: 'help', description: 'Help', parse_mode: 'MarkdownV2', reply_message: 'hi' })
    .execute();
  await db
    .insertInto('midjourneys')
    .values({
      id: 1,
      code: 1,
      user_id: 2,
      action: 'IMAGINE',
      mj_id: 'mj-0001',
      prompt: 'a cat',
      prompt_en: 'a cat',
      description: '',
      state: '',
      submit_time: now - 900,
      start_time: now - 890,
      finish_time: now - 800,
      image_url: 'https://example.com/cat.png',
      status: 'SUCCESS',
      progress: '100%',
      fail_reason: '',
      channel_id: 1,
      quota: 25_000,
      buttons: '[]',
      properties: '{}',
    })
    .execute();
  await db
    .insertInto('tasks')
    .values({
      id: 1,
      created_at: now - 700,
      updated_at: now - 600,
      task_id: 'suno-0001',
      platform: 'suno',
      user_id: 2,
      channel_id: 1,
      quota: 10_000,
      action: 'MUSIC',
      status: 'SUCCESS',
      fail_reason: '',
      submit_time: now - 700,
      start_time: now - 690,
      finish_time: now - 600,
      progress: 100,
      properties: '{}',
      data: '[]',
    })
    .execute();
  // one-hub's rows got their ids from PostgreSQL's sequences: move each past the ids written here.
  if (dialect === 'postgres') {
    for (const table of ONE_HUB_TABLES) {
      if (!table.columns.some((column) => column.kind === 'id')) continue;
      await sql`select setval(pg_get_serial_sequence(${table.name}, 'id'), (select max(id) from ${sql.table(table.name)}))`.execute(
        db,
      );
    }
  }
  return fixture;
}

/**
 * A row as one-hub's GORM inserts it into `table`: every column of its model and no other (ids and
 * `deleted_at` left to the database), values made distinct by `n` for the unique indexes.
 */
export function oneHubStyleRow(table: string, n: number): Record<string, unknown> {
  const definition = ONE_HUB_TABLES.find((candidate) => candidate.name === table);
  if (!definition) throw new Error(`one-hub has no table ${table}`);
  const row: Record<string, unknown> = {};
  for (const column of definition.columns) {
    const { kind } = column;
    if (kind === 'id' || kind === 'deleted_at') continue;
    if (kind === 'int' || kind === 'int32') row[column.name] = 1000 + n;
    else if (kind === 'bool') row[column.name] = 1;
    else if (kind === 'float') row[column.name] = 1.5;
    else if (kind === 'json') row[column.name] = '{}';
    else if (kind === 'string') row[column.name] = `v${n}`;
    else if (/^decimal/.test(kind.sql)) row[column.name] = 1.25;
    else if (kind.sql === 'date') row[column.name] = `2026-01-${String(10 + n).padStart(2, '0')}`;
    else row[column.name] = `v${n}`;
  }
  return row;
}
