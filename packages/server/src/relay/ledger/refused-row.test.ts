// The classification that decides between isolating an entry and retrying the batch, checked against the
// errors each real database raises.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../../config.js';
import { openDatabase } from '../../db/database.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { isRefusedRow } from './refused-row.js';
import { type LedgerFixture, openLedgerFixture } from './test-support/ledger-fixture.js';

async function failureOf(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the statement did not fail');
}

describe.each(TEST_DIALECTS)('isRefusedRow on %s', (kind) => {
  let fixture: LedgerFixture;
  beforeEach(async () => {
    fixture = await openLedgerFixture(kind);
  });
  afterEach(async () => fixture.close());

  it('Given a value a column refuses (NOT NULL, duplicate key), Then it is a refused row', async () => {
    const notNull = await failureOf(() =>
      fixture.db
        .insertInto('relay_settlements')
        .values({ request_id: 'a', created_at: null as never })
        .execute(),
    );
    expect(isRefusedRow(notNull)).toBe(true);
    await fixture.db.insertInto('relay_settlements').values({ request_id: 'b', created_at: 1 }).execute();
    const duplicate = await failureOf(() =>
      fixture.db.insertInto('relay_settlements').values({ request_id: 'b', created_at: 1 }).execute(),
    );
    expect(isRefusedRow(duplicate)).toBe(true);
  });

  it.runIf(kind !== 'sqlite')('Given a NUL or an over-long value, Then it is a refused row', async () => {
    const tooLong = await failureOf(() =>
      fixture.db
        .insertInto('relay_settlements')
        .values({ request_id: 'x'.repeat(65), created_at: 1 })
        .execute(),
    );
    expect(isRefusedRow(tooLong)).toBe(true);
    if (kind === 'postgres') {
      const nul = await failureOf(() => sql`select ${'a\u0000b'}::text`.execute(fixture.db));
      expect(isRefusedRow(nul)).toBe(true);
    }
  });

  it('Given a missing table or an unreachable server, Then it is not (the batch is retried as it is)', async () => {
    const missing = await failureOf(() => sql`select * from no_such_table`.execute(fixture.db));
    expect(isRefusedRow(missing)).toBe(false);
    if (kind !== 'sqlite') {
      const url =
        kind === 'postgres' ? 'postgres://postgres@127.0.0.1:9/test' : 'mysql://root@127.0.0.1:9/test';
      const handle = openDatabase(parseDatabaseUrl(url, process.cwd()));
      try {
        const refused = await failureOf(() => sql`select 1`.execute(handle.db));
        expect(isRefusedRow(refused)).toBe(false);
      } finally {
        await handle.close();
      }
    }
  });
});
