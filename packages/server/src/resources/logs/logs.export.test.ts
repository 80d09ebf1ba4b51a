// The log CSV export (issue 10) on every configured dialect: the list filters, CSV and formula escaping,
// every row streamed once in keyset batches (rows sharing a second across a batch's edge included), and
// a user exporting only their own rows.
import { LOG_TYPE, nowSeconds } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLog, type LogEntry } from '../../shared/logs.js';
import { insertBareChannel } from '../../test-support/channel-rows.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';
import { createLogsRepository } from './logs.repository.js';
import { createLogsService, LOG_EXPORT_BATCH } from './logs.service.js';

const T0 = 1_700_000_000;
/** More rows than two batches hold, so the export pages on at least twice. */
const MANY = LOG_EXPORT_BATCH * 2 + 345;

/** The CSV's lines without the byte-order mark and the final line break. */
function csvLines(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');
}

describe.each(TEST_DIALECTS)('log export on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let alice: string;
  let aliceId: number;
  let bobId: number;

  const seed = (entry: Partial<LogEntry> & { userId: number }) =>
    insertLog(t.app.gw.db, { type: LOG_TYPE.consume, content: 'x', ...entry });
  const get = (url: string, cookie?: string) => call(t.app, 'GET', url, cookie ? { cookie } : {});

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    alice = await createUser(t.app, root, 'alice');
    await createUser(t.app, root, 'bob');
    const users = await t.app.gw.db.selectFrom('users').select(['id', 'username']).execute();
    aliceId = users.find((u) => u.username === 'alice')?.id ?? 0;
    bobId = users.find((u) => u.username === 'bob')?.id ?? 0;
    await insertBareChannel(t.app.gw.db, 3, 'main, "eu"');
    // Given alice's logs with hostile texts, and bob's in other models and times.
    await seed({
      userId: aliceId,
      username: 'alice',
      createdAt: T0,
      content: 'said "hi", then\nleft',
      tokenName: '=HYPERLINK("http://evil")',
      modelName: 'gpt-4o',
      channelId: 3,
      quota: 1000,
    });
    await seed({
      userId: aliceId,
      username: 'alice',
      createdAt: T0 + 10,
      content: '@SUM(A1)',
      tokenName: '+cmd',
      modelName: '-2+3',
      type: LOG_TYPE.topup,
    });
    await seed({ userId: bobId, username: 'bob', createdAt: T0 + 20, content: 'bob1', modelName: 'gpt-4o' });
    await seed({ userId: bobId, username: 'bob', createdAt: T0 + 30, content: 'bob2', modelName: 'claude' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('sends a CSV attachment with the admin columns, newest first, escaped against formulas', async () => {
    const reply = await get('/api/log/export?lang=en_US', root);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(reply.headers['content-disposition'])).toMatch(
      /^attachment; filename="logs-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = String(reply.body);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(text);
    expect(lines[0]).toBe(
      'Time,Type,Channel,Group,User,Token,Model,Duration,Input,Output,Quota,Source IP,Detail',
    );
    expect(lines).toHaveLength(5);
    expect(lines[1]).toContain(',bob2');
    // A cell opening with = + - or @ gets a leading quote; quotes, commas and line breaks are quoted.
    expect(lines[3]).toContain(`,'+cmd,'-2+3,`);
    expect(lines[3]).toContain(`,'@SUM(A1)`);
    expect(text).toContain(`"3 (main, ""eu"")",,alice,"'=HYPERLINK(""http://evil"")",gpt-4o,`);
    expect(text).toContain('"said ""hi"", then\nleft"');
    expect(text).toContain(`${new Date(T0 * 1000).toISOString()},Usage`);
  });

  it('exports the current filter: type, model, time range, user, channel', async () => {
    const contents = async (query: string) =>
      csvLines(String((await get(`/api/log/export?${query}`, root)).body))
        .slice(1)
        .map((line) => line.split(',').at(-1));
    expect(await contents('model_name=gpt-4o')).toEqual(['bob1', expect.stringContaining('left')]);
    expect(await contents(`log_type=${LOG_TYPE.topup}`)).toEqual(["'@SUM(A1)"]);
    expect(await contents(`start_timestamp=${T0 + 10}&end_timestamp=${T0 + 20}`)).toEqual([
      'bob1',
      "'@SUM(A1)",
    ]);
    expect(await contents('username=bob')).toEqual(['bob2', 'bob1']);
    expect(await contents('channel_id=3')).toEqual([expect.stringContaining('left')]);
    // Only the header when nothing matches; a bad filter is refused in the envelope.
    expect(await contents('username=nobody')).toEqual([]);
    const refused = await get('/api/log/export?log_type=9', root);
    expect(refused.body).toMatchObject({ success: false });
  });

  it('lets a user export only their own rows, without channel or user columns', async () => {
    const mine = await get('/api/log/self/export?username=bob&lang=en_US', alice);
    const lines = csvLines(String(mine.body));
    expect(lines[0]).toBe('Time,Type,Group,Token,Model,Duration,Input,Output,Quota,Source IP,Detail');
    expect(lines).toHaveLength(3);
    expect(String(mine.body)).not.toContain('bob');
    expect((await get('/api/log/export', alice)).body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect((await get('/api/log/self/export')).status).toBe(401);
  });

  it('writes the header in the language asked for, else the request’s', async () => {
    expect(csvLines(String((await get('/api/log/self/export?lang=zh_CN', alice)).body))[0]).toContain(
      '时间,类型',
    );
    const byHeader = await call(t.app, 'GET', '/api/log/self/export', {
      cookie: alice,
      headers: { 'accept-language': 'ja-JP' },
    });
    expect(csvLines(String(byHeader.body))[0]).toContain('日時');
  });

  it('streams many rows in bounded keyset batches, each row once, newest first', async () => {
    const start = nowSeconds() - MANY;
    const rows = Array.from({ length: MANY }, (_, index) => ({
      user_id: bobId,
      // Seven rows a second, so seconds straddle the batches' edges.
      created_at: start + Math.floor(index / 7),
      type: LOG_TYPE.consume,
      content: `many-${index}`,
      username: 'bob',
      token_name: 'bulk',
    }));
    for (let from = 0; from < rows.length; from += 500) {
      await t.app.gw.db
        .insertInto('logs')
        .values(rows.slice(from, from + 500))
        .execute();
    }
    const reply = await get('/api/log/export?token_name=bulk', root);
    // Streamed: no length known up front.
    expect(reply.headers['content-length']).toBeUndefined();
    const details = csvLines(String(reply.body))
      .slice(1)
      .map((line) => line.split(',').at(-1));
    // Newest first, then highest id: exactly the rows in reverse, none twice, none left out.
    expect(details).toEqual(Array.from({ length: MANY }, (_, index) => `many-${MANY - 1 - index}`));

    // The service reads the database a batch at a time, each batch below the last id it wrote.
    const repository = createLogsRepository(t.app.gw.db);
    const asked: Array<{ after?: { createdAt: number; id: number }; limit: number }> = [];
    const service = createLogsService({
      ...repository,
      exportBatch: (filters, after, limit) => {
        asked.push({ after, limit });
        return repository.exportBatch(filters, after, limit);
      },
    });
    let seen = 0;
    for await (const batch of service.exportAll({
      log_type: 0,
      start_timestamp: 0,
      end_timestamp: 0,
      model_name: '',
      token_name: 'bulk',
      username: '',
      channel_id: 0,
      source_ip: '',
      lang: '',
    })) {
      expect(batch.length).toBeLessThanOrEqual(LOG_EXPORT_BATCH);
      seen += batch.length;
    }
    expect(seen).toBe(MANY);
    expect(asked).toHaveLength(Math.ceil(MANY / LOG_EXPORT_BATCH));
    expect(asked.every((ask) => ask.limit === LOG_EXPORT_BATCH)).toBe(true);
    // Each batch after the first starts after the previous one's last (oldest) row.
    expect(asked[0]?.after).toBeUndefined();
    expect(asked[2]?.after?.createdAt).toBeLessThan(asked[1]?.after?.createdAt ?? 0);
  });

  it('counts the last minute’s requests and tokens in the stat (RPM, TPM)', async () => {
    const now = nowSeconds();
    await seed({
      userId: aliceId,
      username: 'alice',
      createdAt: now - 5,
      modelName: 'rate-model',
      promptTokens: 30,
      completionTokens: 12,
      quota: 7,
    });
    await seed({
      userId: aliceId,
      username: 'alice',
      createdAt: now - 600,
      modelName: 'rate-model',
      quota: 3,
    });
    const stat = await get('/api/log/self/stat?model_name=rate-model', alice);
    expect(stat.body).toMatchObject({ success: true, data: { quota: 10, rpm: 1, tpm: 42 } });
    const admin = await get('/api/log/stat?model_name=rate-model&username=bob', root);
    expect(admin.body).toMatchObject({ data: { quota: 0, rpm: 0, tpm: 0 } });
  });
});
