// A channel's own settings on the wire: model mapping (and `+` billing under the requested name),
// extra headers, custom parameters and the per-channel proxy.
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

/** A forward proxy (absolute-form requests and CONNECT tunnels), recording the hosts it reached. */
async function startTunnelProxy(): Promise<{ url: string; tunnels: string[]; close: () => Promise<void> }> {
  const tunnels: string[] = [];
  const server: Server = createServer((request, response) => {
    const target = new URL(String(request.url));
    tunnels.push(target.host);
    const forward = httpRequest(target, { method: request.method, headers: request.headers }, (upstream) => {
      response.writeHead(upstream.statusCode ?? 502, upstream.headers);
      upstream.pipe(response);
    });
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  server.on('connect', (request, socket, head) => {
    tunnels.push(String(request.url));
    const [host = '', port = '80'] = String(request.url).split(':');
    const upstream = connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('channel options on the wire', () => {
  let r: RelayTestApp;
  let proxy: Awaited<ReturnType<typeof startTunnelProxy>>;
  beforeAll(async () => {
    r = await startRelayApp();
    proxy = await startTunnelProxy();
  });
  afterAll(async () => {
    await r?.close();
    await proxy?.close();
  });

  const ask = (key: string, model: string, extra: Record<string, unknown> = {}) =>
    new OpenAI({ apiKey: key, baseURL: `${r.url}/v1`, maxRetries: 0 }).chat.completions.create({
      model,
      messages: [{ role: 'user', content: 'map me' }],
      ...extra,
    });

  it('maps the model, sends the channel headers and merges custom parameters', async () => {
    await r.addChannel({
      models: 'alias-a',
      model_mapping: JSON.stringify({ 'alias-a': 'gpt-4o' }),
      model_headers: JSON.stringify({ 'X-Channel-Tag': 'blue' }),
      custom_parameter: JSON.stringify({ temperature: 0.25, top_p: 0.5 }),
    });
    const caller = await r.newCaller();
    r.upstream.reset();
    await ask(caller.key, 'alias-a', { top_p: 0.9 });
    const sent = r.upstream.requests.at(-1);
    expect(sent?.headers['x-channel-tag']).toBe('blue');
    expect(sent?.body).toMatchObject({ model: 'gpt-4o', temperature: 0.25, top_p: 0.9 });
    await r.flush();
    const log = await r.t.app.gw.db
      .selectFrom('logs')
      .select('model_name')
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    // Billed under the mapped name.
    expect(log.model_name).toBe('gpt-4o');
  });

  it('a `+` mapping sends the mapped name but bills the requested one; overwrite replaces client values', async () => {
    await r.addChannel({
      models: 'alias-b',
      model_mapping: JSON.stringify({ 'alias-b': '+gpt-4o-mini' }),
      custom_parameter: JSON.stringify({ overwrite: true, top_p: 0.5 }),
    });
    const caller = await r.newCaller();
    r.upstream.reset();
    await ask(caller.key, 'alias-b', { top_p: 0.9 });
    expect(r.upstream.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o-mini', top_p: 0.5 });
    await r.flush();
    const log = await r.t.app.gw.db
      .selectFrom('logs')
      .select('model_name')
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    expect(log.model_name).toBe('alias-b');
  });

  it('routes and bills `model#arg` as the model, passing the argument on (reasoning effort, Claude thinking)', async () => {
    await r.addChannel({ models: 'o3-mini' });
    await r.addChannel({ type: 14, key: 'sk-ant', models: 'claude-sonnet-4-5' });
    const caller = await r.newCaller();
    r.upstream.reset();
    await ask(caller.key, 'o3-mini#high');
    expect(r.upstream.requests.at(-1)?.body).toMatchObject({ model: 'o3-mini', reasoning_effort: 'high' });
    await ask(caller.key, 'claude-sonnet-4-5#thinking');
    expect(r.upstream.requests.at(-1)?.body).toMatchObject({ thinking: { type: 'enabled' } });
    await r.flush();
    const logs = await r.t.app.gw.db
      .selectFrom('logs')
      .select('model_name')
      .where('user_id', '=', caller.userId)
      .where('type', '=', 2)
      .orderBy('id')
      .execute();
    expect(logs.map((log) => log.model_name)).toEqual(['o3-mini', 'claude-sonnet-4-5']);
  });

  it('goes through the channel proxy', async () => {
    await r.addChannel({ models: 'proxied-model', proxy: proxy.url });
    const caller = await r.newCaller();
    const reply = await ask(caller.key, 'proxied-model');
    expect(reply.choices[0]?.message.content).toBeTruthy();
    expect(proxy.tunnels).toContain(new URL(r.upstream.url).host);
  });
});
