// Issue 8 items 1 and 7 on the management API: JSON nested past the limit (anonymous login included),
// a NUL or invalid Unicode in a body, a query or a path is refused with 400 in the envelope, naming the
// field, and changes nothing; a path the router cannot decode is a 400 envelope too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../test-support/databases.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../test-support/test-app.js';

describe.each(TEST_DIALECTS)('the /api boundary (%s)', (kind) => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t?.close());

  const rawPost = (url: string, payload: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    });

  // 5,000 levels: well past the 400 allowed, within the sign-in's 16 KiB body limit (issue 15).
  it('refuses JSON nested 5,000 levels deep on the anonymous login with a 400 envelope', async () => {
    const deep = `{"username":${'['.repeat(5_000)}${']'.repeat(5_000)},"password":"x"}`;
    const reply = await rawPost('/api/user/login', deep);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      errors: [{ key: 'validation.input.too_deep' }],
    });
    expect(reply.json().message).toMatch(/^username.* 的嵌套超过 400 层$/);
  });

  it('refuses a NUL in a body field, naming it, and creates nothing', async () => {
    const before = await t.app.gw.db.selectFrom('users').select('id').execute();
    const reply = await rawPost('/api/user/', '{"username":"ab\\u0000cd","password":"password-123"}', root);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      success: false,
      message: 'username 含有 NUL 字符',
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'username', key: 'validation.input.nul', message: 'username 含有 NUL 字符' }],
      request_id: reply.headers['x-request-id'],
    });
    expect(await t.app.gw.db.selectFrom('users').select('id').execute()).toEqual(before);
  });

  it('refuses a lone surrogate in a nested body key', async () => {
    const reply = await rawPost('/api/user/login', '{"username":"root","x":{"a\\udc00":1},"password":"p"}');
    expect(reply.statusCode).toBe(400);
    expect(reply.json().errors[0]).toMatchObject({ field: 'x.a\ufffd', key: 'validation.input.unicode' });
  });

  it('refuses a NUL in a query or a path, and an undecodable path, with 400 envelopes', async () => {
    const query = await call(t.app, 'GET', '/api/log/?model_name=a%00b', { cookie: root });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ success: false, errors: [{ field: 'model_name' }] });
    const path = await call(t.app, 'GET', '/api/channel_tag/a%00b', { cookie: root });
    expect(path.status).toBe(400);
    expect(path.body).toMatchObject({ success: false, errors: [{ field: 'tag' }] });
    const undecodable = await call(t.app, 'GET', '/api/channel/%E0%A4%A', { cookie: root });
    expect(undecodable.status).toBe(400);
    expect(undecodable.body).toEqual({
      success: false,
      message: '无法读取请求的路径或查询参数',
      code: 'VALIDATION_FAILED',
      request_id: undecodable.headers['x-request-id'],
    });
    expect(undecodable.headers['x-request-id']).toMatch(/^\d{23}[A-Za-z0-9]{8}$/);
  });

  it('refuses a body whose bytes are not UTF-8, naming the field, and creates nothing', async () => {
    const before = await t.app.gw.db.selectFrom('tokens').select('id').execute();
    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: Buffer.concat([Buffer.from('{"name":"a'), Buffer.from([0xff]), Buffer.from('b"}')]),
      headers: { 'content-type': 'application/json', cookie: root },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      success: false,
      message: 'name 不是有效的 UTF-8（含有无法解码为字符的字节或百分号转义）',
      errors: [{ field: 'name', key: 'validation.input.encoding' }],
    });
    expect(await t.app.gw.db.selectFrom('tokens').select('id').execute()).toEqual(before);
    // U+FFFD written as itself is ordinary text.
    const plain = await rawPost('/api/token/', '{"name":"a\ufffdb"}', root);
    expect(plain.json()).toMatchObject({ success: true, data: { name: 'a\ufffdb' } });
  });

  it('refuses a query whose percent-escapes are not UTF-8, naming the field', async () => {
    for (const escaped of ['a%FFb', '%ED%A0%80', '100%', '%E0%A4%A']) {
      const query = await call(t.app, 'GET', `/api/log/?page=1&model_name=${escaped}`, { cookie: root });
      expect({ escaped, status: query.status }).toEqual({ escaped, status: 400 });
      expect(query.body).toMatchObject({
        success: false,
        errors: [{ field: 'model_name', key: 'validation.input.encoding' }],
      });
    }
    const fine = await call(t.app, 'GET', '/api/log/?page=1&model_name=100%25+%E4%BD%A0', { cookie: root });
    expect(fine.status).toBe(200);
  });

  it('refuses a NUL escaped inside the JSON of a channel model mapping (it would name the billed model)', async () => {
    const before = await t.app.gw.db.selectFrom('channels').select('id').execute();
    const reply = await call(t.app, 'POST', '/api/channel/', {
      cookie: root,
      body: {
        type: 1,
        name: 'mapped',
        key: 'sk-x',
        models: 'gpt-4o',
        group: 'default',
        model_mapping: '{"gpt-4o":"gpt-\\u0000x"}',
      },
    });
    expect(reply.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'model_mapping', key: 'validation.input.nul' }],
    });
    expect(await t.app.gw.db.selectFrom('channels').select('id').execute()).toEqual(before);
  });
});
