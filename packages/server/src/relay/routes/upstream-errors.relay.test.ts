// Upstream failures as the openai client sees them (spec §7.1, §7.3, §9.6): a 500 with no retries, a 429
// shown as saturation, and an error inside a 200. A caller small enough to get a database hold sees the
// hold taken while the upstream thinks and returned after the failure; no consume log is written.
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

// Below 100 × (prompt estimate + PreConsumedQuota 500), so the pre-consumption is held in the database.
const SMALL_QUOTA = 20_000;
const REQUEST_ID_TAIL = / \(request id: (\w+)\)$/;

describe('upstream errors through the openai client', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: 'model-500,model-429,model-200-error,model-ok' });
    // No retries; no cooldown, so a channel that just failed can serve the next request.
    await r.setOptions({ RetryTimes: '0', RetryCooldownSeconds: '0' });
  });
  afterAll(async () => r?.close());

  const clientFor = (who: RelayCallerHandle) =>
    new OpenAI({ apiKey: who.key, baseURL: `${r.url}/v1`, maxRetries: 0 });

  const ask = (who: RelayCallerHandle, model: string) =>
    clientFor(who)
      .chat.completions.create({ model, messages: [{ role: 'user', content: 'will this fail' }] })
      .then(
        () => undefined,
        (error: unknown) => error,
      );

  async function userQuota(who: RelayCallerHandle): Promise<{ quota: number; used_quota: number }> {
    return r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
  }

  async function expectRefunded(who: RelayCallerHandle) {
    await r.flush();
    expect(await userQuota(who)).toEqual({ quota: SMALL_QUOTA, used_quota: 0 });
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toHaveLength(0);
  }

  it('a 500 with RetryTimes 0: the client gets 500 "Provider API error: …", the DB hold is refunded', async () => {
    const who = await r.newCaller({ quota: SMALL_QUOTA });
    r.upstream.reset();
    r.upstream.script({ status: 500, message: 'the model crashed', delayMs: 600 });
    const pending = ask(who, 'model-500');
    // While the upstream thinks, the hold sits in the database.
    await expect.poll(async () => (await userQuota(who)).quota, { timeout: 500 }).toBeLessThan(SMALL_QUOTA);
    const error = await pending;
    expect(error).toBeInstanceOf(OpenAI.InternalServerError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(500);
    const message = (apiError.error as { message: string }).message;
    expect(message).toMatch(/^Provider API error: the model crashed/);
    expect(message).toMatch(REQUEST_ID_TAIL);
    expect(message.match(REQUEST_ID_TAIL)?.[1]).toBe(apiError.headers?.get('x-oneapi-request-id'));
    expect(r.upstream.requests).toHaveLength(1);
    await expectRefunded(who);
  });

  it('a 429: the client gets 429 with the saturation message, the hold refunded', async () => {
    const who = await r.newCaller({ quota: SMALL_QUOTA });
    r.upstream.reset();
    r.upstream.script({ status: 429, message: 'Rate limit reached for requests' });
    const error = await ask(who, 'model-429');
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    const message = (apiError.error as { message: string }).message;
    const requestId = apiError.headers?.get('x-oneapi-request-id');
    expect(message).toBe(`当前分组上游负载已饱和，请稍后再试 (request id: ${requestId})`);
    expect(r.upstream.requests).toHaveLength(1);
    await expectRefunded(who);
  });

  it('a 200 whose body is {error:{message}}: the client gets 400 with that message, nothing billed', async () => {
    const who = await r.newCaller({ quota: SMALL_QUOTA });
    r.upstream.script({
      status: 200,
      body: { error: { message: 'context length exceeded', type: 'invalid_request_error', code: null } },
    });
    const error = await ask(who, 'model-200-error');
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    const apiError = error as InstanceType<typeof OpenAI.APIError>;
    expect(apiError.status).toBe(400);
    const message = (apiError.error as { message: string }).message;
    expect(message).toMatch(/context length exceeded/);
    expect(message).toMatch(REQUEST_ID_TAIL);
    await expectRefunded(who);
  });

  it('after a failure the same small caller is billed normally: the hold settles into the charge', async () => {
    const who = await r.newCaller({ quota: SMALL_QUOTA });
    r.upstream.script({ status: 500 });
    expect(await ask(who, 'model-ok')).toMatchObject({ status: 500 });
    const reply = await clientFor(who).chat.completions.create({
      model: 'model-ok',
      messages: [{ role: 'user', content: 'this one works' }],
    });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    await r.flush();
    const log = await r.t.app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect(log.model_name).toBe('model-ok');
    expect(log.quota).toBeGreaterThan(0);
    expect(await userQuota(who)).toEqual({ quota: SMALL_QUOTA - log.quota, used_quota: log.quota });
  });
});
