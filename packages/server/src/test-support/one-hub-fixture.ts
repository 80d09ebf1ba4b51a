// A database as one-hub leaves it (issue 15, moving in from one-hub): the tables its GORM models create
// (model/*.go of MartialBE/one-hub: column names, types, defaults, soft-delete columns and index names as
// GORM derives them) and a few rows of each, written as one-hub writes them (bcrypt passwords, token keys
// without `sk-`, booleans as 0/1, prices as floats). SQLite here; the DDL is one-hub's SQLite spelling.
import bcrypt from 'bcryptjs';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tokenKeyFor } from '../resources/tokens/token-key.js';

// biome-ignore lint/suspicious/noExplicitAny: the fixture writes one-hub's tables, which gw's types do not describe.
type AnyDb = Kysely<any>;

/** one-hub's SQLite schema: one statement per table or index, as GORM's AutoMigrate creates them. */
export const ONE_HUB_SQLITE_DDL: string[] = [
  `CREATE TABLE \`users\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`username\` text UNIQUE,\`password\` text NOT NULL,
    \`display_name\` text,\`role\` int DEFAULT 1,\`status\` int DEFAULT 1,\`email\` text,\`github_id\` text,
    \`wechat_id\` text,\`telegram_id\` integer DEFAULT 0,\`lark_id\` text,\`oidc_id\` text,\`access_token\` char(32),
    \`quota\` int DEFAULT 0,\`used_quota\` int DEFAULT 0,\`request_count\` int DEFAULT 0,
    \`group\` varchar(32) DEFAULT 'default',\`aff_code\` varchar(32),\`aff_count\` int DEFAULT 0,
    \`aff_quota\` int DEFAULT 0,\`aff_history\` int DEFAULT 0,\`inviter_id\` int,\`last_login_time\` integer DEFAULT 0,
    \`last_login_ip\` text DEFAULT '',\`created_time\` integer,\`deleted_at\` datetime)`,
  'CREATE INDEX `idx_users_username` ON `users`(`username`)',
  'CREATE INDEX `idx_users_display_name` ON `users`(`display_name`)',
  'CREATE INDEX `idx_users_email` ON `users`(`email`)',
  'CREATE INDEX `idx_users_github_id` ON `users`(`github_id`)',
  'CREATE INDEX `idx_users_wechat_id` ON `users`(`wechat_id`)',
  'CREATE INDEX `idx_users_lark_id` ON `users`(`lark_id`)',
  'CREATE UNIQUE INDEX `idx_users_access_token` ON `users`(`access_token`)',
  'CREATE UNIQUE INDEX `idx_users_aff_code` ON `users`(`aff_code`)',
  'CREATE INDEX `idx_users_inviter_id` ON `users`(`inviter_id`)',
  'CREATE INDEX `idx_users_deleted_at` ON `users`(`deleted_at`)',

  `CREATE TABLE \`tokens\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`user_id\` integer,\`key\` varchar(59),
    \`status\` integer DEFAULT 1,\`name\` text,\`created_time\` integer,\`accessed_time\` integer,
    \`expired_time\` integer DEFAULT -1,\`remain_quota\` integer DEFAULT 0,\`unlimited_quota\` numeric DEFAULT false,
    \`used_quota\` integer DEFAULT 0,\`group\` text DEFAULT '',\`backup_group\` text DEFAULT '',
    \`deleted_at\` datetime,\`setting\` JSON)`,
  'CREATE UNIQUE INDEX `idx_tokens_key` ON `tokens`(`key`)',
  'CREATE INDEX `idx_tokens_name` ON `tokens`(`name`)',
  'CREATE INDEX `idx_tokens_deleted_at` ON `tokens`(`deleted_at`)',

  // An older channel shape on purpose: gw adds the columns later one-hub versions (and gw) have.
  `CREATE TABLE \`channels\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`type\` integer DEFAULT 0,
    \`key\` varchar(767) NOT NULL,\`status\` integer DEFAULT 1,\`name\` text,\`weight\` integer DEFAULT 1,
    \`created_time\` integer,\`test_time\` integer,\`response_time\` integer,\`base_url\` text DEFAULT '',
    \`other\` text,\`balance\` real,\`balance_updated_time\` integer,\`models\` text,
    \`group\` varchar(32) DEFAULT 'default',\`used_quota\` integer DEFAULT 0,
    \`model_mapping\` varchar(1024) DEFAULT '',\`priority\` integer DEFAULT 0,\`proxy\` varchar(255) DEFAULT '',
    \`test_model\` varchar(50) DEFAULT '',\`tag\` varchar(64) DEFAULT '',\`only_chat\` numeric DEFAULT false,
    \`pre_cost\` integer DEFAULT 1,\`disabled_stream\` JSON,\`plugin\` JSON)`,
  'CREATE INDEX `idx_channels_key` ON `channels`(`key`)',
  'CREATE INDEX `idx_channels_name` ON `channels`(`name`)',
  'CREATE INDEX `idx_channels_tag` ON `channels`(`tag`)',

  `CREATE TABLE \`abilities\` (\`group\` varchar(32),\`model\` varchar(100),\`channel_id\` integer,
    \`enabled\` numeric,\`priority\` integer DEFAULT 0,\`weight\` integer DEFAULT 1,
    PRIMARY KEY (\`group\`,\`model\`,\`channel_id\`))`,
  'CREATE INDEX `idx_abilities_channel_id` ON `abilities`(`channel_id`)',
  'CREATE INDEX `idx_abilities_priority` ON `abilities`(`priority`)',

  'CREATE TABLE `options` (`key` text,`value` text,PRIMARY KEY (`key`))',

  `CREATE TABLE \`redemptions\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`user_id\` integer,\`key\` char(32),
    \`status\` integer DEFAULT 1,\`name\` text,\`quota\` integer DEFAULT 100,\`created_time\` integer,
    \`redeemed_time\` integer,\`used_user_id\` integer DEFAULT 0,\`deleted_at\` datetime)`,
  'CREATE UNIQUE INDEX `idx_redemptions_key` ON `redemptions`(`key`)',
  'CREATE INDEX `idx_redemptions_name` ON `redemptions`(`name`)',
  'CREATE INDEX `idx_redemptions_deleted_at` ON `redemptions`(`deleted_at`)',

  `CREATE TABLE \`logs\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`user_id\` integer,\`created_at\` integer,
    \`type\` integer,\`content\` text,\`username\` text DEFAULT '',\`token_name\` text DEFAULT '',
    \`model_name\` text DEFAULT '',\`quota\` integer DEFAULT 0,\`prompt_tokens\` integer DEFAULT 0,
    \`completion_tokens\` integer DEFAULT 0,\`channel_id\` integer,\`request_time\` integer DEFAULT 0,
    \`is_stream\` numeric DEFAULT false,\`source_ip\` varchar(200) DEFAULT '',\`metadata\` JSON)`,
  'CREATE INDEX `idx_logs_user_id` ON `logs`(`user_id`)',
  'CREATE INDEX `idx_created_at_type` ON `logs`(`created_at`,`type`)',
  'CREATE INDEX `index_username_model_name` ON `logs`(`model_name`,`username`)',
  'CREATE INDEX `idx_logs_token_name` ON `logs`(`token_name`)',
  'CREATE INDEX `idx_logs_model_name` ON `logs`(`model_name`)',
  'CREATE INDEX `idx_logs_channel_id` ON `logs`(`channel_id`)',

  `CREATE TABLE \`telegram_menus\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`command\` varchar(32),
    \`description\` varchar(255) DEFAULT '',\`parse_mode\` varchar(255) DEFAULT 'MarkdownV2',\`reply_message\` text)`,
  'CREATE UNIQUE INDEX `idx_telegram_menus_command` ON `telegram_menus`(`command`)',

  `CREATE TABLE \`prices\` (\`model\` varchar(100),\`type\` text DEFAULT 'tokens',\`channel_type\` integer DEFAULT 0,
    \`input\` real DEFAULT 0,\`output\` real DEFAULT 0,\`locked\` numeric DEFAULT false,\`extra_ratios\` JSON,
    PRIMARY KEY (\`model\`))`,

  `CREATE TABLE \`payments\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`type\` varchar(16),\`uuid\` char(32),
    \`name\` varchar(255) NOT NULL,\`icon\` varchar(300),\`notify_domain\` varchar(300),
    \`fixed_fee\` decimal(10,2) DEFAULT 0.00,\`percent_fee\` decimal(10,2) DEFAULT 0.00,\`currency\` varchar(5),
    \`config\` text,\`sort\` integer DEFAULT 1,\`enable\` numeric DEFAULT true,\`created_at\` integer,
    \`updated_at\` integer,\`deleted_at\` datetime)`,
  'CREATE UNIQUE INDEX `idx_payments_uuid` ON `payments`(`uuid`)',
  'CREATE INDEX `idx_payments_deleted_at` ON `payments`(`deleted_at`)',

  `CREATE TABLE \`orders\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`user_id\` integer,\`gateway_id\` integer,
    \`trade_no\` varchar(50),\`gateway_no\` varchar(100),\`amount\` integer DEFAULT 0,
    \`order_amount\` decimal(10,2) DEFAULT 0,\`order_currency\` varchar(16),\`quota\` int DEFAULT 0,
    \`fee\` decimal(10,2) DEFAULT 0,\`discount\` decimal(10,2) DEFAULT 0,\`status\` varchar(32),
    \`created_at\` integer,\`updated_at\` integer,\`deleted_at\` datetime)`,
  'CREATE UNIQUE INDEX `idx_orders_trade_no` ON `orders`(`trade_no`)',
  'CREATE INDEX `idx_orders_deleted_at` ON `orders`(`deleted_at`)',

  // one-hub only (gw keeps its own statistics): must come through untouched.
  `CREATE TABLE \`statistics\` (\`date\` date,\`user_id\` integer,\`channel_id\` integer,\`model_name\` varchar(255),
    \`request_count\` integer DEFAULT 0,\`quota\` integer DEFAULT 0,\`prompt_tokens\` integer DEFAULT 0,
    \`completion_tokens\` integer DEFAULT 0,\`request_time\` integer DEFAULT 0,
    PRIMARY KEY (\`date\`,\`user_id\`,\`channel_id\`,\`model_name\`))`,

  `CREATE TABLE \`user_groups\` (\`id\` integer PRIMARY KEY AUTOINCREMENT,\`symbol\` varchar(50),\`name\` varchar(50),
    \`ratio\` decimal(10,2) DEFAULT 1,\`api_rate\` integer DEFAULT 600,\`public\` numeric DEFAULT false,
    \`promotion\` numeric DEFAULT false,\`min\` integer DEFAULT 0,\`max\` integer DEFAULT 0,\`enable\` numeric DEFAULT true)`,
  'CREATE UNIQUE INDEX `idx_user_groups_symbol` ON `user_groups`(`symbol`)',

  'CREATE TABLE `model_owned_by` (`id` integer,`name` varchar(100),`icon` text)',
  'CREATE INDEX `idx_model_owned_by_id` ON `model_owned_by`(`id`)',
];

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

/** Creates one-hub's tables on an empty database. */
export async function createOneHubTables(db: AnyDb): Promise<void> {
  for (const statement of ONE_HUB_SQLITE_DDL) await sql.raw(statement).execute(db);
}

/** Writes one-hub's rows; `upstreamUrl` is the channel's base URL (a fake upstream in the tests). */
export async function seedOneHub(db: AnyDb, upstreamUrl: string): Promise<OneHubFixture> {
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
  return fixture;
}
