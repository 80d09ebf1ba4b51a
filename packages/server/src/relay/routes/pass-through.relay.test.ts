// The raw pass-through routes (spec §2.3) through the official openai client: files.create (a multipart
// upload streamed through unread), list, retrieve, content, delete and batches.create on a pinned OpenAI
// channel, the same on an Azure channel's `/openai/...` paths, and the refusals (no pin, a non-admin pin,
// a channel of another type). Nothing is billed: each call leaves one consume log of quota 0.
import OpenAI, { toFile } from 'openai';
import { translate } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test-support/test-app.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const START_QUOTA = 1_000_000;

describe('raw pass-through routes (files, batches) on a pinned channel', () => {
  let r: RelayTestApp;
  let openAiChannel: number;
  let azureChannel: number;
  let jinaChannel: number;
  let admin: RelayCallerHandle;
  beforeAll(async () => {
    r = await startRelayApp();
    openAiChannel = await r.addChannel({
      models: 'gpt-4o-mini',
      key: 'sk-openai-upstream',
      model_headers: JSON.stringify({ 'x-channel-header': 'from-channel' }),
    });
    azureChannel = await r.addChannel({
      type: 3,
      models: 'gpt-4o-mini',
      key: 'azure-key',
      other: '2024-10-21',
    });
    jinaChannel = await r.addChannel({ type: 47, models: 'jina-reranker-v2-base-multilingual' });
    const username = `admin${Math.random().toString(36).slice(2, 8)}`;
    admin = await r.newCaller({ quota: START_QUOTA, username });
    const promoted = await call(r.t.app, 'POST', '/api/user/manage', {
      cookie: r.rootCookie,
      body: { username, action: 'promote' },
    });
    expect(promoted.body.success).toBe(true);
  });
  afterAll(async () => r?.close());

  const pinned = (channel: number, headers: Record<string, string> = {}) =>
    new OpenAI({
      apiKey: `${admin.key}#${channel}`,
      baseURL: `${r.url}/v1`,
      maxRetries: 0,
      defaultHeaders: headers,
    });

  /** The caller's consume logs once there are `count` (the pass-through writes them after each reply). */
  async function consumeLogs(who: RelayCallerHandle, count = 0) {
    for (let waited = 0; ; waited += 20) {
      const logs = await r.t.app.gw.db
        .selectFrom('logs')
        .select(['quota', 'model_name', 'content', 'channel_id'])
        .where('user_id', '=', who.userId)
        .where('type', '=', 2)
        .orderBy('id')
        .execute();
      if (logs.length >= count || waited > 3_000) return logs;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('files and batches on OpenAI: the bytes and replies pass unchanged, the channel key replaces the caller key', async () => {
    const before = (await consumeLogs(admin)).length;
    const client = pinned(openAiChannel, { 'openai-beta': 'assistants=v2' });
    const content = Buffer.from(
      `${JSON.stringify({ custom_id: 'a', method: 'POST', url: '/v1/chat/completions', body: {} })}\n`.repeat(
        500,
      ),
    );
    const uploaded = await client.files.create({
      file: await toFile(content, 'batch.jsonl', { type: 'application/jsonl' }),
      purpose: 'batch',
    });
    expect(uploaded).toMatchObject({
      object: 'file',
      bytes: content.length,
      filename: 'batch.jsonl',
      purpose: 'batch',
    });
    const upload = r.upstream.requests.at(-1);
    expect(upload?.method).toBe('POST');
    expect(upload?.path).toBe('/v1/files');
    expect(upload?.headers.authorization).toBe('Bearer sk-openai-upstream');
    expect(upload?.headers['x-channel-header']).toBe('from-channel');
    expect(upload?.headers['openai-beta']).toBe('assistants=v2');
    expect(upload?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);

    const listed = await client.files.list();
    expect(listed.data.map((file) => file.id)).toContain(uploaded.id);
    expect((await client.files.retrieve(uploaded.id)).bytes).toBe(content.length);
    const downloaded = Buffer.from(await (await client.files.content(uploaded.id)).arrayBuffer());
    expect(downloaded.equals(content)).toBe(true);
    const batch = await client.batches.create({
      input_file_id: uploaded.id,
      endpoint: '/v1/chat/completions',
      completion_window: '24h',
    });
    expect(batch).toMatchObject({ object: 'batch', input_file_id: uploaded.id, status: 'validating' });
    expect(r.upstream.requests.at(-1)?.body).toMatchObject({ input_file_id: uploaded.id });
    const deleted = await client.files.delete(uploaded.id);
    expect(deleted).toEqual({ id: uploaded.id, object: 'file', deleted: true });
    expect(r.upstream.requests.at(-1)?.method).toBe('DELETE');

    // An upstream error comes back with its own status and body.
    const missing = await fetch(`${r.url}/v1/files/file-nope`, {
      headers: { authorization: `Bearer ${admin.key}#${openAiChannel}` },
    });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(
      'No such file: file-nope',
    );

    const logs = (await consumeLogs(admin, before + 7)).slice(before);
    expect(logs).toHaveLength(7);
    for (const log of logs) {
      expect(log).toMatchObject({ quota: 0, model_name: '', channel_id: openAiChannel });
    }
    const language = r.t.app.gwRelay.state.options().language;
    expect(logs.map((log) => log.content)).toEqual(
      [
        '/v1/files',
        '/v1/files',
        `/v1/files/${uploaded.id}`,
        `/v1/files/${uploaded.id}/content`,
        '/v1/batches',
        `/v1/files/${uploaded.id}`,
        '/v1/files/file-nope',
      ].map((path) => translate(language, 'relay.pass_through.log_content', { path })),
    );
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', admin.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: START_QUOTA, used_quota: 0 });
  });

  it('Azure: the same calls on /openai/... with api-version and the api-key header', async () => {
    const client = pinned(azureChannel);
    const uploaded = await client.files.create({
      file: await toFile(Buffer.from('{"x":1}\n'), 'tiny.jsonl'),
      purpose: 'batch',
    });
    const upload = r.upstream.requests.at(-1);
    expect(upload?.path).toBe('/openai/files');
    expect(upload?.query).toEqual({ 'api-version': '2024-10-21' });
    expect(upload?.headers['api-key']).toBe('azure-key');
    const listed = await fetch(`${r.url}/v1/files?purpose=batch`, {
      headers: { authorization: `Bearer ${admin.key}#${azureChannel}` },
    });
    expect(listed.status).toBe(200);
    expect(r.upstream.requests.at(-1)?.query).toEqual({ purpose: 'batch', 'api-version': '2024-10-21' });
    expect(uploaded.bytes).toBe(8);
  });

  it('refused without reaching the upstream: no pin (403), a non-admin pin (403), another channel type (503)', async () => {
    const plain = await r.newCaller({ quota: START_QUOTA });
    const before = r.upstream.requests.length;
    const get = (key: string) =>
      fetch(`${r.url}/v1/files`, { headers: { authorization: `Bearer ${key}` } }).then(async (reply) => ({
        status: reply.status,
        message: ((await reply.json()) as { error: { message: string } }).error.message,
      }));
    expect((await get(admin.key)).status).toBe(403);
    expect((await get(`${plain.key}#${openAiChannel}`)).status).toBe(403);
    const wrongType = await get(`${admin.key}#${jinaChannel}`);
    expect(wrongType.status).toBe(503);
    expect((await get('sk-not-a-key')).status).toBe(401);
    const deleteModel = await fetch(`${r.url}/v1/models/ft:gpt-4o-mini:acme`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.key}` },
    });
    expect(deleteModel.status).toBe(403);
    // A body sent without a content type is still forwarded as bytes.
    const untyped = await fetch(`${r.url}/v1/threads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.key}#${openAiChannel}` },
      body: new Uint8Array(Buffer.from('{"messages":[]}')),
    });
    expect(untyped.status).toBe(404);
    const forwarded = r.upstream.requests.at(-1);
    expect(forwarded?.path).toBe('/v1/threads');
    expect(forwarded?.body).toEqual({ messages: [] });
    const unknown = await fetch(`${r.url}/v1/filez`, { headers: { authorization: `Bearer ${admin.key}` } });
    expect(unknown.status).toBe(404);
    expect(r.upstream.requests.length).toBe(before + 1);
  });
});
