// GET /api/ledger/rejects on every configured dialect: an entry the app's own ledger set aside is listed to
// admins, paged, newest first, with the entry parsed back and whether its charge went in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleEntry } from '../../relay/ledger/test-support/ledger-fixture.js';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('ledger rejects list on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let dave: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    dave = await createUser(t.app, root, 'dave');
    const ledger = t.app.gwRelay.ledger;
    for (const id of ['bad-1', 'bad-2']) {
      const entry = settleEntry(id, { userId: 1, tokenId: 0, channelId: 0, hold: 0, quota: 7 });
      // `type` is NOT NULL in every dialect: the log row is refused, the charge goes in without it.
      await ledger.record({ ...entry, log: { ...entry.log, type: null } as never });
      await ledger.flush();
    }
  });
  afterAll(() => t.close());

  it('lists the set-aside entries to admins, newest first, paged and filtered by request id', async () => {
    const list = await call(t.app, 'GET', '/api/ledger/rejects?order=-id&size=1', { cookie: root });
    expect(list.body).toMatchObject({ success: true, data: { page: 1, size: 1, total_count: 2 } });
    expect(list.body.data.data).toHaveLength(1);
    expect(list.body.data.data[0]).toMatchObject({
      request_id: 'bad-2',
      node_id: 'main',
      applied: true,
      entry: { id: 'bad-2', kind: 'settle', quota: 7 },
    });
    expect(list.body.data.data[0].error).toMatch(/null|NULL/);
    const one = await call(t.app, 'GET', '/api/ledger/rejects?request_id=bad-1', { cookie: root });
    expect(one.body.data.data.map((row: { request_id: string }) => row.request_id)).toEqual(['bad-1']);
    expect((await call(t.app, 'GET', '/api/ledger/rejects?order=error', { cookie: root })).body.success).toBe(
      false,
    );
  });

  it('refuses a common user', async () => {
    const reply = await call(t.app, 'GET', '/api/ledger/rejects', { cookie: dave });
    expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});
