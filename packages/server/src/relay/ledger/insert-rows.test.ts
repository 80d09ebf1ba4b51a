import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { insertRows } from './insert-rows.js';
import { type LedgerFixture, openLedgerFixture } from './test-support/ledger-fixture.js';
import type { NewConsumeLog } from './ledger-entry.js';

/** A consume log whose every column differs from its neighbours', so a value bound to the wrong column shows. */
function logRow(n: number): NewConsumeLog {
  return {
    user_id: 1000 + n,
    created_at: 1_700_000_000 + n,
    type: 2,
    content: `content ${n}`,
    username: `user-${n}`,
    token_name: `token-${n}`,
    model_name: `model-${n}`,
    quota: 10 * n + 1,
    prompt_tokens: 20 * n + 2,
    completion_tokens: 30 * n + 3,
    channel_id: 40 * n + 4,
    request_time: 50 * n + 5,
    is_stream: n % 2,
    source_ip: `10.0.0.${n % 250}`,
    metadata: n % 3 === 0 ? null : `{"n":${n}}`,
  };
}

describe.each(TEST_DIALECTS)('insertRows on %s', (kind) => {
  let fixture: LedgerFixture;
  beforeEach(async () => {
    fixture = await openLedgerFixture(kind);
  });
  afterEach(async () => fixture?.close());

  const storedLogs = () =>
    fixture.db
      .selectFrom('logs')
      .select([
        'user_id',
        'created_at',
        'type',
        'content',
        'username',
        'token_name',
        'model_name',
        'quota',
        'prompt_tokens',
        'completion_tokens',
        'channel_id',
        'request_time',
        'is_stream',
        'source_ip',
        'metadata',
      ])
      .orderBy('user_id')
      .execute();

  it('Given batches of the same size, then the compiled query run again binds each value to its own column', async () => {
    // The second and third batches reuse the first one's compiled INSERT with their own values.
    for (const start of [0, 50, 100]) {
      await insertRows(
        fixture.db,
        'logs',
        Array.from({ length: 50 }, (_, i) => logRow(start + i)),
      );
    }
    const rows = await storedLogs();
    expect(rows).toHaveLength(150);
    expect(rows.map((row) => ({ ...row, metadata: row.metadata ?? null }))).toEqual(
      Array.from({ length: 150 }, (_, i) => logRow(i)),
    );
  });

  it('Given rows of different shapes, then each row is written with the columns it has', async () => {
    const { metadata: _left, ...bare } = logRow(4);
    const undefinedMetadata = { ...logRow(5), metadata: undefined };
    await insertRows(fixture.db, 'logs', [logRow(1), bare, logRow(2)]);
    await insertRows(fixture.db, 'logs', [bare, undefinedMetadata]);
    const rows = await storedLogs();
    expect(rows.map((row) => [row.user_id, row.username, row.metadata ?? null])).toEqual([
      [1001, 'user-1', '{"n":1}'],
      [1002, 'user-2', '{"n":2}'],
      [1004, 'user-4', null],
      [1004, 'user-4', null],
      [1005, 'user-5', null],
    ]);
  });

  it('Given no rows, then nothing is written', async () => {
    await insertRows(fixture.db, 'logs', []);
    expect(await storedLogs()).toEqual([]);
  });
});
