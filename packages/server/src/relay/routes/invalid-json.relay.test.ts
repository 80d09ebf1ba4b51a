// A relay body that is not JSON (spec §2.2 rule 4, §2.1 rule 1): 400 in the OpenAI shape, the relay's own
// message, the `X-Oneapi-Request-Id` header and the id at the end of the message, nothing billed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

describe('POST /v1/chat/completions with a body that is not JSON', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: 'gpt-4o-mini' });
  });
  afterAll(async () => r?.close());

  it('answers 400 请求体不是有效的 JSON with the request id header and suffix; nothing billed', async () => {
    const who = await r.newCaller({ quota: 1_000_000 });
    const response = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
      body: '{"model": "gpt-4o-mini", ',
    });
    expect(response.status).toBe(400);
    const requestId = response.headers.get('x-oneapi-request-id');
    expect(requestId).toMatch(/^\d{23}[A-Za-z0-9]{8}$/);
    expect(await response.json()).toEqual({
      error: {
        message: `请求体不是有效的 JSON (request id: ${requestId})`,
        type: 'one_hub_error',
        code: 'one_hub_error',
      },
    });
    expect(r.upstream.requests).toHaveLength(0);
    await r.flush();
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: 1_000_000, used_quota: 0 });
  });
});
