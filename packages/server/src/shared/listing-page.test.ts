// pageOf on every configured dialect: the filtered total, the requested page, the validated order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test-support/databases.js';
import { startTestApp, type TestApp } from '../test-support/test-app.js';
import { listRequest, pageOf } from './listing.js';

const FIELDS = ['id', 'command', 'description'] as const;

describe.each(TEST_DIALECTS)('pageOf on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
    // Given five menus, three of them described "keep"
    const rows = ['a', 'b', 'c', 'd', 'e'].map((command, index) => ({
      command,
      description: index % 2 === 0 ? 'keep' : 'drop',
      parse_mode: '',
      reply_message: '',
    }));
    await t.app.gw.db.insertInto('telegram_menus').values(rows).execute();
  });
  afterAll(() => t.close());

  it('counts every filtered row and returns only the requested page in the requested order', async () => {
    // When the second page of size 2 is asked for, newest command first, filtered to "keep"
    const base = t.app.gw.db.selectFrom('telegram_menus').where('description', '=', 'keep');
    const request = listRequest({ page: 2, size: 2, order: '-command', keyword: '' }, FIELDS);
    const page = await pageOf(base, request);
    // Then the total is the whole filter's count and the page holds its last row
    expect(page.total).toBe(3);
    expect(page.rows.map((row) => row.command)).toEqual(['a']);
  });

  it('closes the order with id desc and reports a zero total when nothing matches', async () => {
    const base = t.app.gw.db.selectFrom('telegram_menus');
    const first = await pageOf(base, listRequest({ page: 1, size: 3, order: '', keyword: '' }, FIELDS));
    expect(first.total).toBe(5);
    expect(first.rows.map((row) => row.command)).toEqual(['e', 'd', 'c']);
    const none = await pageOf(
      base.where('command', '=', 'missing'),
      listRequest({ page: 1, size: 10, order: '', keyword: '' }, FIELDS),
    );
    expect(none).toEqual({ rows: [], total: 0 });
  });
});
