// Fills a fresh gw with a little of everything the operator screens list, so screenshots.mjs shows
// real rows: groups, users, channels (one tag) on a stand-in upstream that this script keeps serving,
// codes, prices, owners, model info, bot menus, gateways with orders, and relayed calls for the reports.
// Usage: node scripts/seed-screens.mjs <gw url> <root password> <gw.db path>
// It prints the stand-in's URL and stays up (it answers the channel tests and model lists); Ctrl+C ends it.
import { createServer } from 'node:http';
import { DatabaseSync } from 'node:sqlite';
import { deflateSync } from 'node:zlib';

const [url, password, dbFile] = process.argv.slice(2);
if (!url || !password || !dbFile) {
  console.error('usage: node scripts/seed-screens.mjs <gw url> <root password> <gw.db path>');
  process.exit(2);
}
const base = url.replace(/\/+$/, '');

/** A 512×384 PNG (a dusk-coloured gradient with a sun), so a Midjourney result has something to show. */
function picture() {
  const [width, height] = [512, 384];
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const sun = (x - 340) ** 2 + (y - 150) ** 2 < 50 ** 2;
      const at = start + 1 + x * 3;
      rows[at] = sun ? 255 : 40 + Math.round((200 * y) / height);
      rows[at + 1] = sun ? 214 : 30 + Math.round((90 * y) / height);
      rows[at + 2] = sun ? 120 : 120 - Math.round((60 * y) / height);
    }
  }
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PICTURE = picture();

/** The Midjourney jobs still open, as the stand-in proxy reports them to gw's task poller. */
const openJobs = [];

// The stand-in upstream: an OpenAI-style model list, chat replies with usage, a billing balance, and
// for the Midjourney channel its proxy's task list and the result images (`/mj-images/<id>.png`).
const upstream = createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    if (request.url?.startsWith('/mj-images/')) {
      response.writeHead(200, { 'content-type': 'image/png', 'access-control-allow-origin': '*' });
      return response.end(PICTURE);
    }
    if (request.url?.startsWith('/mj/task/list-by-condition')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify(openJobs));
    }
    const json = (body) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    const path = request.url ?? '';
    if (path.startsWith('/v1/models'))
      return json({
        object: 'list',
        data: ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'text-embedding-3-small', 'dall-e-3'].map(
          (id) => ({ id, object: 'model', owned_by: 'openai' }),
        ),
      });
    if (path.includes('billing/subscription')) return json({ hard_limit_usd: 100 });
    if (path.includes('billing/usage')) return json({ total_usage: 2550 });
    json({
      id: 'chatcmpl-seed',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: 'gpt-4o-mini',
      choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1200, completion_tokens: 300, total_tokens: 1500 },
    });
  });
});
await new Promise((done) => upstream.listen(0, '127.0.0.1', done));
const upstreamUrl = `http://127.0.0.1:${upstream.address().port}`;

const login = await fetch(`${base}/api/user/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ username: 'root', password }),
});
const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];

async function api(method, path, body) {
  const answer = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = await answer.json();
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.data;
}

await api('POST', '/api/user_group/', {
  symbol: 'vip',
  name: 'VIP',
  ratio: 0.8,
  api_rate: 600,
  public: true,
});
await api('POST', '/api/user_group/', {
  symbol: 'svip',
  name: 'SVIP',
  ratio: 0.6,
  api_rate: 1200,
  promotion: true,
  min: 100,
  max: 1000,
});

const people = [
  ['alice', 'Alice Chen'],
  ['bob', 'Bob Li'],
  ['carol', '王小红'],
  ['dave', 'Dave'],
  ['erin', 'Erin'],
];
for (const [username, display_name] of people)
  await api('POST', '/api/user/', { username, display_name, password: `${username}-password-1` });
const users = (await api('GET', '/api/user/?size=50')).data;
const idOf = (name) => users.find((user) => user.username === name)?.id;
await api('POST', '/api/user/manage', { username: 'bob', action: 'promote' });
await api('POST', '/api/user/manage', { username: 'carol', action: 'set_reliable' });
await api('POST', '/api/user/manage', { username: 'erin', action: 'disable' });
await api('POST', `/api/user/quota/${idOf('alice')}`, { quota: 25_000_000, remark: 'welcome' });

const channel = (body) =>
  api('POST', '/api/channel/', {
    type: 1,
    base_url: upstreamUrl,
    key: `sk-${body.name}`,
    models: 'gpt-4o-mini,gpt-4o',
    test_model: 'gpt-4o-mini',
    group: 'default',
    ...body,
  });
await channel({ name: 'openai-main', group: 'default,vip', priority: 10, weight: 5 });
await channel({ name: 'openai-backup', models: 'gpt-4o-mini,gpt-4o,gpt-4.1,o3-mini', weight: 2 });
await channel({ name: 'azure-east', type: 3, other: '2024-05-01-preview', models: 'gpt-4o' });
await channel({ name: 'claude-direct', type: 14, models: 'claude-3-5-sonnet-20241022', test_model: '' });
await channel({ name: 'gemini-pro', type: 25, models: 'gemini-1.5-pro,gemini-1.5-flash', test_model: '' });
for (const member of ['a', 'b', 'c']) await channel({ name: `pool-${member}`, tag: 'pool' });
await channel({ name: 'mj-proxy', type: 34, models: 'midjourney', test_model: '' });
const listed = (await api('GET', '/api/channel/?size=50&filter_tag=1')).data;
const backup = listed.find((row) => row.name === 'openai-backup');
await api('PUT', '/api/channel/', { id: backup.id, status: 2 });
await api('GET', `/api/channel/test/${listed.find((row) => row.name === 'openai-main').id}`);

await api('POST', '/api/redemption/', { name: 'launch-week', quota: 500_000, count: 3 });
await api('POST', '/api/redemption/', { name: 'partner', quota: 2_500_000, count: 1 });

await api('POST', '/api/prices/multiple', {
  original_models: [],
  models: ['gpt-4o', 'gpt-4o-mini'],
  price: { model: 'batch', type: 'tokens', channel_type: 1, input: 1.25, output: 5, locked: false },
});
await api('POST', '/api/prices/single', {
  model: 'dall-e-3',
  type: 'times',
  channel_type: 1,
  input: 20,
  output: 0,
  locked: true,
});

await api('POST', '/api/model_ownedby/', { id: 1001, name: 'In-house', icon: '' });
for (const [model, name, context, tags] of [
  ['gpt-4o', 'GPT-4o', 128_000, ['hot', 'vision']],
  ['gpt-4o-mini', 'GPT-4o mini', 128_000, ['cheap']],
  ['claude-3-5-sonnet-20241022', 'Claude 3.5 Sonnet', 200_000, []],
])
  await api('POST', '/api/model_info/', {
    model,
    name,
    description: `${name} from the seed`,
    context_length: context,
    max_tokens: 16_384,
    input_modalities: JSON.stringify(['text', 'image']),
    output_modalities: JSON.stringify(['text']),
    tags: JSON.stringify(tags),
  });

await api('POST', '/api/option/telegram/', {
  command: 'promo',
  description: "This week's offer",
  parse_mode: 'MarkdownV2',
  reply_message: '*20%* off every top\\-up this week\\.',
});
await api('POST', '/api/option/telegram/', {
  command: 'contact',
  description: 'How to reach us',
  parse_mode: 'html',
  reply_message: '<b>Support</b>: support@example.com',
});

await api('POST', '/api/payment/', {
  type: 'epay',
  name: 'Epay',
  icon: 'https://example.com/epay.png',
  fixed_fee: 0,
  percent_fee: 0.02,
  currency: 'CNY',
  sort: 1,
  enable: true,
  config: JSON.stringify({
    pay_domain: 'https://pay.example.com',
    partner_id: '1001',
    key: 'k',
    pay_type: 'alipay',
  }),
});
await api('POST', '/api/payment/', {
  type: 'stripe',
  name: 'Stripe',
  icon: 'https://example.com/stripe.png',
  fixed_fee: 0.3,
  percent_fee: 0.029,
  currency: 'USD',
  sort: 2,
  enable: false,
  config: JSON.stringify({ secret_key: 'sk_test_seed', webhook_secret: '' }),
});
const gateway = (await api('GET', '/api/payment/?size=10')).data[0];
const database = new DatabaseSync(dbFile);
const now = Math.floor(Date.now() / 1000);
const order = database.prepare(
  'INSERT INTO orders (gateway_id, user_id, trade_no, amount, order_amount, order_currency, quota, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
);
for (const [index, status] of ['success', 'pending', 'failed', 'closed'].entries())
  order.run(
    gateway.id,
    idOf('alice'),
    `SEED-${index}`,
    10 * (index + 1),
    73 * (index + 1),
    'CNY',
    5_000_000,
    status,
    now - index * 3600,
    0,
  );
// Midjourney jobs as gw's relay leaves them on its Midjourney channel (the stand-in is that channel's
// proxy): two done with an image, one failed, and two still open that gw's task poller asks the stand-in
// about (15 s apart), which reports one drawing at 42 % and one waiting, so they stay open.
const job = database.prepare(
  `INSERT INTO midjourneys (code, user_id, action, mj_id, prompt, prompt_en, description, state, submit_time,
     start_time, finish_time, image_url, status, progress, fail_reason, channel_id, quota, buttons, properties,
     mode, token_id)
   VALUES (1, ?, ?, ?, ?, '', '', '', ?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, 0)`,
);
const mjChannel = listed.find((row) => row.name === 'mj-proxy')?.id ?? 0;
const ms = Date.now();
for (const [user, action, id, prompt, ago, took, status, progress, reason, mode] of [
  [idOf('bob'), 'VARIATION', 'mj-seed-5', 'vary V1', 2, 0, 'NOT_START', '', '', 'fast'],
  [1, 'IMAGINE', 'mj-seed-4', '一只在雨中的猫，水彩', 6, 0, 'IN_PROGRESS', '42%', '', 'turbo'],
  [
    idOf('alice'),
    'BLEND',
    'mj-seed-3',
    'blend two photos',
    90,
    91_000,
    'FAILURE',
    '0%',
    'banned prompt',
    'fast',
  ],
  [idOf('alice'), 'UPSCALE', 'mj-seed-2', 'upscale U2', 150, 4_500, 'SUCCESS', '100%', '', 'relax'],
  [
    1,
    'IMAGINE',
    'mj-seed-1',
    'a lighthouse at dusk, oil painting',
    240,
    31_000,
    'SUCCESS',
    '100%',
    '',
    'fast',
  ],
]) {
  const submitted = ms - ago * 60_000;
  const started = status === 'NOT_START' ? 0 : submitted + 1000;
  const finished = took ? started + took : 0;
  const image = status === 'SUCCESS' ? `${upstreamUrl}/mj-images/${id}.png` : '';
  job.run(
    user,
    action,
    id,
    prompt,
    submitted,
    started,
    finished,
    image,
    status,
    progress,
    reason,
    mjChannel,
    status === 'SUCCESS' ? 50_000 : 0,
    mode,
  );
  if (!finished)
    openJobs.push({
      id,
      status,
      progress,
      startTime: started,
      finishTime: 0,
      imageUrl: '',
      promptEn: prompt,
    });
}
database.close();

// Relayed calls, so analytics, multi-user stats and the logs have figures.
const token = await api('POST', '/api/token/', {
  name: 'seed',
  remain_quota: 0,
  unlimited_quota: true,
  expired_time: -1,
});
const key = token?.key ?? (await api('GET', '/api/token/?size=10')).data[0].key;
for (let call = 0; call < 6; call += 1)
  await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer sk-${key.replace(/^sk-/, '')}` },
    body: JSON.stringify({
      model: call % 2 ? 'gpt-4o' : 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    }),
  }).then((answer) => answer.text());

// Monthly bills are off by default (no menu entry, the route is not found); on, so their screen is shot.
await api('PUT', '/api/option/', { key: 'UserInvoiceMonth', value: 'true' });

console.log(`seeded ${base}; stand-in upstream at ${upstreamUrl} (Ctrl+C to stop)`);
