// A call the token's backup group serves: its consume log names the caller's own group and the backup
// group, so the log screen can draw "default → vip" (console-screens §3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

describe('backup group in the consume log', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    const group = await call(r.t.app, 'POST', '/api/user_group/', {
      cookie: r.rootCookie,
      body: { symbol: 'vip', name: 'VIP', ratio: 2, public: true, api_rate: 60 },
    });
    expect(group.body.success, group.body.message).toBe(true);
    // Only the backup group has a channel for the model: the user's own group has none.
    await r.addChannel({ models: 'gpt-4o-mini', group: 'vip' });
  });
  afterAll(async () => r?.close());

  it('Given no channel in the own group, When the backup serves, Then the log says own → backup', async () => {
    const caller = await r.newCaller({ token: { group: 'default', backup_group: 'vip' } });
    const reply = await r.openAi(caller.key).chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'served by the backup' }],
    });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    await r.flush();
    const log = await r.t.app.gw.db
      .selectFrom('logs')
      .select('metadata')
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    const metadata = typeof log.metadata === 'string' ? JSON.parse(log.metadata) : log.metadata;
    expect(metadata).toMatchObject({
      group_name: 'default',
      backup_group_name: 'vip',
      is_backup_group: true,
      group_ratio: 2,
    });
  });
});
