import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

describe('POST /v1/chat/completions through the official openai client', () => {
  let r: RelayTestApp;
  beforeAll(async () => {
    r = await startRelayApp();
    await r.addChannel({ models: 'gpt-4o-mini' });
  });
  afterAll(async () => r?.close());

  it('answers non-stream, bills the reported usage and writes the log row', async () => {
    const caller = await r.newCaller({ quota: 1_000_000 });
    const client = new OpenAI({ apiKey: caller.key, baseURL: `${r.url}/v1`, maxRetries: 0 });
    const reply = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hello there gateway' }],
    });
    expect(reply.choices[0]?.message.content).toBeTruthy();
    expect(reply.usage?.prompt_tokens).toBeGreaterThan(0);
    await r.flush();
    const log = await r.t.app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect(log.model_name).toBe('gpt-4o-mini');
    expect(log.prompt_tokens).toBe(reply.usage?.prompt_tokens);
    expect(log.completion_tokens).toBe(reply.usage?.completion_tokens);
    expect(log.quota).toBeGreaterThan(0);
    const user = await r.t.app.gw.db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', caller.userId)
      .executeTakeFirstOrThrow();
    expect(user.quota).toBe(1_000_000 - log.quota);
    expect(user.used_quota).toBe(log.quota);
    expect(user.request_count).toBe(1);
  });

  it('streams with include_usage: chunks, then the gateway usage chunk, then the end', async () => {
    const caller = await r.newCaller();
    const client = new OpenAI({ apiKey: caller.key, baseURL: `${r.url}/v1`, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'stream please' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: OpenAI.CompletionUsage | undefined | null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text.length).toBeGreaterThan(0);
    expect(usage?.completion_tokens).toBeGreaterThan(0);
    await r.flush();
    const log = await r.t.app.gw.db
      .selectFrom('logs')
      .selectAll()
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect(log.is_stream).toBe(1);
    expect(log.completion_tokens).toBe(usage?.completion_tokens);
  });

  it('refuses a bad key with 401 in the OpenAI shape', async () => {
    const client = new OpenAI({ apiKey: `sk-${'x'.repeat(48)}`, baseURL: `${r.url}/v1`, maxRetries: 0 });
    await expect(
      client.chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
