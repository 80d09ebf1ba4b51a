// GET /v1/models and /v1/models/:id through the official openai client (spec §2.2): the models the
// caller's group can route, narrowed by a token's model limit; and the OpenAI-shaped 404 of unknown
// `/v1` paths (spec §2.1 rule 4).
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

describe('/v1/models and unknown /v1 paths', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: 'gpt-4o-mini,gpt-4o' });
    await r.addChannel({ type: 14, key: 'sk-ant-fake', models: 'claude-3-5-haiku-20241022' });
    // Another group's channel: its model is listed to that group's tokens only.
    const group = await call(r.t.app, 'POST', '/api/user_group/', {
      cookie: r.rootCookie,
      body: { symbol: 'vip', name: 'VIP', ratio: 1, public: true },
    });
    if (!group.body.success) throw new Error(`group create failed: ${group.body.message}`);
    await r.addChannel({ models: 'vip-only-model', group: 'vip' });
    const disabled = await r.addChannel({ models: 'switched-off-model' });
    const changed = await call(r.t.app, 'PUT', '/api/channel/', {
      cookie: r.rootCookie,
      body: { id: disabled, status: 2 },
    });
    if (!changed.body.success) throw new Error(`channel disable failed: ${changed.body.message}`);
  });
  afterAll(async () => r?.close());

  const clientFor = (key: string) => new OpenAI({ apiKey: key, baseURL: `${r.url}/v1`, maxRetries: 0 });

  it("lists the default group's models from enabled channels, sorted, in OpenAI's shape", async () => {
    const who = await r.newCaller();
    const page = await clientFor(who.key).models.list();
    expect(page.data.map((model) => model.id)).toEqual([
      'claude-3-5-haiku-20241022',
      'gpt-4o',
      'gpt-4o-mini',
    ]);
    for (const model of page.data) {
      expect(model.object).toBe('model');
      expect(typeof model.created).toBe('number');
      expect(typeof model.owned_by).toBe('string');
    }
  });

  it("lists the token group's models when the token names another group", async () => {
    const who = await r.newCaller({ token: { group: 'vip' } });
    const page = await clientFor(who.key).models.list();
    expect(page.data.map((model) => model.id)).toEqual(['vip-only-model']);
  });

  it("honours the token's model limit", async () => {
    const who = await r.newCaller({
      token: {
        setting: { limits: { limit_model_setting: { enabled: true, models: ['gpt-4o', 'not-offered'] } } },
      },
    });
    const page = await clientFor(who.key).models.list();
    expect(page.data.map((model) => model.id)).toEqual(['gpt-4o']);
    await expect(clientFor(who.key).models.retrieve('gpt-4o-mini')).rejects.toMatchObject({ status: 404 });
  });

  it('retrieves one listed model (200) and answers 404 model_not_found for others', async () => {
    const who = await r.newCaller();
    const client = clientFor(who.key);
    const model = await client.models.retrieve('gpt-4o-mini');
    expect(model).toMatchObject({ id: 'gpt-4o-mini', object: 'model' });
    const missing = await client.models.retrieve('no-such-model').catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
    expect(missing).toMatchObject({ status: 404, code: 'model_not_found' });
    for (const unlisted of ['switched-off-model', 'vip-only-model']) {
      const refused = await client.models.retrieve(unlisted).catch((error: unknown) => error);
      expect(refused).toMatchObject({ status: 404 });
    }
  });

  it('refuses the model list to a bad key with 401', async () => {
    await expect(clientFor(`sk-${'q'.repeat(48)}`).models.list()).rejects.toMatchObject({ status: 401 });
  });

  it('answers an unknown /v1 path with the OpenAI-shaped 404', async () => {
    const get = await fetch(`${r.url}/v1/whatever`);
    expect(get.status).toBe(404);
    expect(await get.json()).toEqual({
      error: { message: 'Invalid URL (GET /v1/whatever)', type: 'invalid_request_error', code: '' },
    });
    const post = await fetch(`${r.url}/v1/whatever/deeper?x=1`, { method: 'POST', body: '{}' });
    expect(post.status).toBe(404);
    const body = (await post.json()) as { error: { message: string } };
    expect(body.error.message).toBe('Invalid URL (POST /v1/whatever/deeper)');
  });
});
