// User groups (§2.8), prices (§2.11), model owners (§2.9) and model info (§2.10), with the `default` group
// and the built-in owners seeded. Frozen: never edit after release; add a new migration instead. Works on
// Kysely<any> and imports no application code.
import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

type IdColumn = (col: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and typed loosely on purpose.
type AnyDb = Kysely<any>;

function idColumn(db: AnyDb): ['serial' | 'integer', IdColumn] {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return ['serial', (col) => col.primaryKey()];
  return ['integer', (col) => col.primaryKey().autoIncrement()];
}

const text = (length: number) => sql`varchar(${sql.raw(String(length))})`;
// A group ratio is `num` in the contract: a double on every dialect.
const DOUBLE = sql`double precision`;

/** The owners one-hub ships (contract §2.9): the channel-type id is the owner id. */
const BUILT_IN_OWNERS: Array<[number, string]> = [
  [1, 'OpenAI'],
  [11, 'Google PaLM'],
  [14, 'Anthropic'],
  [15, 'Baidu'],
  [16, 'Zhipu'],
  [17, 'Qwen'],
  [18, 'Spark'],
  [19, '360'],
  [20, 'OpenRouter'],
  [23, 'Tencent'],
  [25, 'Google Gemini'],
  [26, 'Baichuan'],
  [27, 'MiniMax'],
  [28, 'Deepseek'],
  [29, 'Moonshot'],
  [30, 'Mistral'],
  [31, 'Groq'],
  [33, 'Yi'],
  [34, 'Midjourney'],
  [35, 'Cloudflare AI'],
  [36, 'Cohere'],
  [37, 'Stability AI'],
  [38, 'Coze'],
  [39, 'Ollama'],
  [40, 'Hunyuan'],
  [41, 'Suno'],
  [43, 'Meta'],
  [44, 'Ideogram'],
  [45, 'Siliconflow'],
  [46, 'Flux'],
  [47, 'Jina'],
  [48, 'Rerank'],
  [51, 'RecraftAI'],
  [53, 'Kling'],
  [56, 'xAI'],
];

export async function up(db: AnyDb): Promise<void> {
  const [idType, idSpec] = idColumn(db);

  await db.schema
    .createTable('user_groups')
    .addColumn('id', idType, idSpec)
    .addColumn('symbol', text(64), (col) => col.notNull().unique())
    .addColumn('name', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('ratio', DOUBLE, (col) => col.notNull().defaultTo(1))
    .addColumn('api_rate', 'integer', (col) => col.notNull().defaultTo(600))
    .addColumn('public', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('promotion', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('min', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('max', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('enable', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
  await db
    .insertInto('user_groups')
    .values({
      symbol: 'default',
      name: '默认分组',
      ratio: 1,
      api_rate: 600,
      public: 1,
      promotion: 0,
      enable: 1,
    })
    .execute();

  // Ratios are decimals kept exactly as text (no float rounding on the way in or out).
  await db.schema
    .createTable('prices')
    .addColumn('model', text(191), (col) => col.primaryKey())
    .addColumn('type', text(16), (col) => col.notNull().defaultTo('tokens'))
    .addColumn('channel_type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('input', text(40), (col) => col.notNull().defaultTo('0'))
    .addColumn('output', text(40), (col) => col.notNull().defaultTo('0'))
    .addColumn('locked', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('extra_ratios', 'text')
    .execute();
  await db.schema
    .createIndex('idx_prices_channel_type')
    .on('prices')
    .columns(['channel_type', 'model'])
    .execute();

  await db.schema
    .createTable('model_ownedby')
    .addColumn('id', 'integer', (col) => col.primaryKey())
    .addColumn('name', text(64), (col) => col.notNull().defaultTo(''))
    .addColumn('icon', text(512), (col) => col.notNull().defaultTo(''))
    .execute();
  await db
    .insertInto('model_ownedby')
    .values(BUILT_IN_OWNERS.map(([id, name]) => ({ id, name, icon: '' })))
    .execute();

  await db.schema
    .createTable('model_info')
    .addColumn('id', idType, idSpec)
    .addColumn('model', text(191), (col) => col.notNull().unique())
    .addColumn('name', text(128), (col) => col.notNull().defaultTo(''))
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('context_length', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('max_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('input_modalities', 'text', (col) => col.notNull())
    .addColumn('output_modalities', 'text', (col) => col.notNull())
    .addColumn('tags', 'text', (col) => col.notNull())
    .addColumn('support_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('model_info').execute();
  await db.schema.dropTable('model_ownedby').execute();
  await db.schema.dropTable('prices').execute();
  await db.schema.dropTable('user_groups').execute();
}
