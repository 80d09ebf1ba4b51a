// Issue 8 item 1: a NUL or invalid Unicode in any string of a relay request, or JSON nested past the
// limit, is refused with 400 in the OpenAI shape naming the field, before anything is billed or logged.
// The NUL in a wildcard-matched model once reached PostgreSQL in a consume-log row and blocked the ledger.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { type RelayCallerHandle, type RelayTestApp, startRelayApp } from '../test-support/relay-app.js';

const QUOTA = 1_000_000;

describe.each(TEST_DIALECTS)('relay bodies and paths with malformed text (%s)', (kind) => {
  let r: RelayTestApp;
  let who: RelayCallerHandle;

  beforeAll(async () => {
    r = await startRelayApp(kind);
    await r.addChannel({ models: 'gpt-*' });
    who = await r.newCaller({ quota: QUOTA });
  });
  afterAll(async () => r?.close());

  async function post(path: string, body: string | FormData, contentType = 'application/json') {
    const response = await fetch(`${r.url}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${who.key}`,
        ...(body instanceof FormData ? {} : { 'content-type': contentType }),
      },
      body,
    });
    return {
      status: response.status,
      body: (await response.json()) as { error: { message: string } },
      id: response.headers.get('x-oneapi-request-id'),
    };
  }

  /** Nothing reached the upstream, and after a flush the caller has no log and the whole quota. */
  async function expectNothingBilled() {
    expect(r.upstream.requests).toHaveLength(0);
    await r.flush();
    const db = r.t.app.gw.db;
    const logs = await db
      .selectFrom('logs')
      .select('id')
      .where('user_id', '=', who.userId)
      .where('type', '=', 2)
      .execute();
    expect(logs).toEqual([]);
    const user = await db
      .selectFrom('users')
      .select(['quota', 'used_quota', 'request_count'])
      .where('id', '=', who.userId)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ quota: QUOTA, used_quota: 0, request_count: 0 });
  }

  it('refuses a NUL in a model matched by a wildcard channel (gpt-*): 400 naming `model`', async () => {
    const reply = await post(
      '/v1/chat/completions',
      '{"model":"gpt-\\u0000x","messages":[{"role":"user","content":"hi"}]}',
    );
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({
      error: {
        message: `字段 model 含有 NUL 字符 (request id: ${reply.id})`,
        type: 'one_hub_error',
        code: 'one_hub_error',
      },
    });
    await expectNothingBilled();
  });

  it('refuses a lone surrogate deep in the messages, naming messages[0].content', async () => {
    const reply = await post(
      '/v1/chat/completions',
      '{"model":"gpt-4o","messages":[{"role":"user","content":"a\\ud800b"}]}',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toContain('messages[0].content');
    await expectNothingBilled();
  });

  it('refuses JSON nested 2,000 levels deep with 400 in the OpenAI shape', async () => {
    const deep = `{"model":"gpt-4o","messages":${'['.repeat(2000)}${']'.repeat(2000)}}`;
    const reply = await post('/v1/chat/completions', deep);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/^字段 messages.* 的嵌套超过 400 层 \(request id: /);
    await expectNothingBilled();
  });

  it('refuses a NUL escaped twice in a Gemini model path', async () => {
    const reply = await post('/gemini/v1beta/models/gpt-%2500x:generateContent', '{"contents":[]}');
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toContain('model');
    await expectNothingBilled();
  });

  it('refuses a NUL in a relay query with the request id and CORS headers of every relay reply', async () => {
    const response = await fetch(`${r.url}/v1/models?after=a%00b`, {
      headers: { authorization: `Bearer ${who.key}`, origin: 'https://app.example' },
    });
    expect(response.status).toBe(400);
    const id = response.headers.get('x-oneapi-request-id');
    expect(id).toMatch(/^\d{23}[A-Za-z0-9]{8}$/);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(await response.json()).toEqual({
      error: {
        message: `字段 after 含有 NUL 字符 (request id: ${id})`,
        type: 'one_hub_error',
        code: 'one_hub_error',
      },
    });
  });

  it('refuses a relay path it cannot decode with 400 in the OpenAI shape', async () => {
    const response = await fetch(`${r.url}/v1/models/%E0%A4%A`, {
      headers: { authorization: `Bearer ${who.key}` },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { message: '无法读取请求的路径或查询参数', type: 'invalid_request_error', code: '' },
    });
  });

  // Issue 8 item 8: a multipart body that cannot be read was a 500.
  it.each([
    ['no closing boundary', 'multipart/form-data; boundary=----gw'],
    ['no boundary at all', 'multipart/form-data'],
  ])(
    'refuses a multipart body with %s on the transcription route: 400 in the OpenAI shape',
    async (_label, type) => {
      const broken = '------gw\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1';
      const reply = await post('/v1/audio/transcriptions', broken, type);
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        error: {
          message: `请求体不是有效的 multipart/form-data (request id: ${reply.id})`,
          type: 'one_hub_error',
          code: 'one_hub_error',
        },
      });
      await expectNothingBilled();
    },
  );

  it('refuses a well-formed form where JSON is expected (chat, Claude): 400, nothing relayed', async () => {
    for (const path of ['/v1/chat/completions', '/claude/v1/messages']) {
      const form = new FormData();
      form.append('model', 'gpt-4o');
      form.append('messages', '[]');
      const reply = await post(path, form);
      expect(reply.status).toBe(400);
      expect(JSON.stringify(reply.body)).toContain('请求体不是有效的 JSON');
    }
    await expectNothingBilled();
  });

  it('refuses a transcription without a file: 400 naming file, nothing relayed', async () => {
    const form = new FormData();
    // A model the wildcard channel serves: without the check, the call went upstream and was billed.
    form.append('model', 'gpt-4o-transcribe');
    const reply = await post('/v1/audio/transcriptions', form);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/file/);
    await expectNothingBilled();
  });

  it('refuses a model sent as bytes that are not UTF-8 (it was relayed and billed as gpt-\ufffd): 400 naming model', async () => {
    for (const bytes of [
      [0xff, 0xfe],
      [0xc0, 0x80],
      [0xed, 0xa0, 0x80],
    ]) {
      const body = Buffer.concat([
        Buffer.from('{"model":"gpt-'),
        Buffer.from(bytes),
        Buffer.from('x","messages":[{"role":"user","content":"hi"}]}'),
      ]);
      const response = await fetch(`${r.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${who.key}`, 'content-type': 'application/json' },
        body,
      });
      const reply = (await response.json()) as { error: { message: string } };
      expect(response.status).toBe(400);
      expect(reply.error.message).toMatch(/^字段 model 不是有效的 UTF-8/);
    }
    await expectNothingBilled();
    // U+FFFD sent as itself is ordinary text (another caller, whose call is billed).
    const other = await r.newCaller({ quota: QUOTA });
    const sent = await fetch(`${r.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'a \ufffd b' }] }),
    });
    expect(sent.status).toBe(200);
    expect(r.upstream.requests).toHaveLength(1);
    r.upstream.reset();
  });

  it('refuses a multipart file name with a NUL and a text field that is not UTF-8', async () => {
    const form = new FormData();
    form.append('model', 'gpt-4o-transcribe');
    form.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'a\u0000.wav');
    const named = await post('/v1/audio/transcriptions', form);
    expect(named.status).toBe(400);
    expect(named.body.error.message).toMatch(/^字段 file 含有 NUL 字符/);
    const boundary = '----gw-utf8';
    const raw = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\ngpt-`),
      Buffer.from([0xff]),
      Buffer.from(
        `\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
      ),
      Buffer.from([0xff, 0x00, 0x01]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await fetch(`${r.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${who.key}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: raw,
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(
      /^字段 model 不是有效的 UTF-8/,
    );
    await expectNothingBilled();
  });

  it('refuses a NUL in a multipart text field, naming it', async () => {
    const form = new FormData();
    form.append('model', 'gpt-\u0000x');
    form.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'a.wav');
    const reply = await post('/v1/audio/transcriptions', form);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toMatch(/^字段 model 含有 NUL 字符/);
    await expectNothingBilled();
  });
});
