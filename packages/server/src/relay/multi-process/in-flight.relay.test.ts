// Two gw processes on one database and one Redis: a user's running requests on either count against the
// balance on both, so a burst split across them still ends no lower than minus one request. Without the
// shared store each process would let its own first request through, and the overdraft would double.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const REDIS_URL = process.env.GW_TEST_REDIS_URL;
const MODEL = 'overdraft-model';

describe.runIf(REDIS_URL)('in-flight claims shared by two processes through Redis', () => {
  let a: RelayTestApp;
  let b: RelayTestApp;

  beforeAll(async () => {
    const env = { REDIS_URL: REDIS_URL as string, REDIS_KEY_PREFIX: `gw-test-${randomUUID()}:` };
    a = await startRelayApp('sqlite', { ...env, GW_NODE_ID: 'a' });
    await a.addChannel({ models: MODEL });
    await a.setPrice({ model: MODEL, type: 'tokens', channel_type: 1, input: 1, output: 1000 });
    b = await startRelayApp('sqlite', { ...env, DATABASE_URL: a.t.url, GW_NODE_ID: 'b' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a burst over both processes ends no lower than minus one request', async () => {
    const who = await a.newCaller({ quota: 3_000 });
    a.upstream.script({ delayMs: 200, times: 40 });
    const body = JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'hello there' }] });
    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        fetch(`${(index % 2 === 0 ? a : b).url}/v1/chat/completions`, {
          method: 'POST',
          headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
          body,
        }).then(async (response) => {
          await response.arrayBuffer();
          return response.status;
        }),
      ),
    );
    await a.flush();
    await b.flush();
    const db = a.t.app.gw.db;
    const user = await db
      .selectFrom('users')
      .select('quota')
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    const logs = await db
      .selectFrom('logs')
      .select('quota')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(logs).toHaveLength(1);
    expect(Number(user.quota)).toBe(3_000 - Number(logs[0]?.quota));
  });
});
