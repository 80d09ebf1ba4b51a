// GET /api/status, the OpenAPI document and unknown API paths, on every configured dialect.
import { GW_VERSION, optionDefault, statusSchema } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { call, startTestApp, type TestApp } from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('status on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t.close());

  it('answers every field of contract §3.1 with gw’s defaults', async () => {
    const reply = await call(t.app, 'GET', '/api/status');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(Object.keys(reply.body.data).sort()).toEqual(Object.keys(statusSchema.shape).sort());
    expect(reply.body.data).toMatchObject({
      version: GW_VERSION,
      system_name: 'gw',
      server_address: '',
      quota_per_unit: 500000,
      display_in_currency: true,
      language: 'zh_CN',
      SafeKeyWords: [],
      PaymentUSDRate: 7.3,
    });
    expect(reply.body.data.start_time).toBeGreaterThan(1_700_000_000);
  });

  it('takes its defaults from core’s option registry, RechargeDiscount as raw text', async () => {
    const data = (await call(t.app, 'GET', '/api/status')).body.data;
    expect(data.system_name).toBe(optionDefault('SystemName'));
    expect(data.PaymentMinAmount).toBe(Number(optionDefault('PaymentMinAmount')));
    expect(data.RechargeDiscount).toBe(optionDefault('RechargeDiscount'));
    expect(data.SafeToolName).toBe(optionDefault('SafeToolName'));
  });

  it('reads stored options: system name, booleans, numbers, keyword lines', async () => {
    await t.app.gw.db
      .insertInto('options')
      .values([
        { key: 'SystemName', value: 'My Hub' },
        { key: 'DisplayInCurrencyEnabled', value: 'false' },
        { key: 'QuotaPerUnit', value: '1000' },
        { key: 'SafeKeyWords', value: 'one\n two \n\n' },
      ])
      .execute();
    const data = (await call(t.app, 'GET', '/api/status/')).body.data;
    expect(data).toMatchObject({
      system_name: 'My Hub',
      display_in_currency: false,
      quota_per_unit: 1000,
      SafeKeyWords: ['one', 'two'],
    });
  });

  it('answers unknown /api paths with a 404 in the envelope (issue 15), naming the path', async () => {
    const reply = await call(t.app, 'POST', '/api/nowhere?x=1');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      success: false,
      message: 'Invalid URL (POST /api/nowhere)',
      code: 'NOT_FOUND',
      request_id: reply.headers['x-request-id'],
    });
  });

  it('publishes an OpenAPI 3.1 document built from the route table', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const [path, method] of [
      ['/api/status', 'get'],
      ['/api/user/login', 'post'],
      ['/api/user/logout', 'get'],
      ['/api/user/self', 'get'],
      ['/api/user/self', 'put'],
      ['/api/user/token', 'get'],
      ['/api/user/', 'post'],
      ['/api/user/manage', 'post'],
      ['/api/token/', 'get'],
      ['/api/token/', 'post'],
      ['/api/token/', 'put'],
      ['/api/token/{id}', 'get'],
      ['/api/token/{id}', 'delete'],
      ['/api/token/playground', 'get'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const create = doc.paths['/api/token/'].post.requestBody.content['application/json'].schema;
    expect(create.required).toEqual(['name']);
    expect(create.properties.remain_quota.minimum).toBe(0);
    expect(doc.paths['/api/token/'].get.parameters.map((p: { name: string }) => p.name)).toEqual([
      'page',
      'size',
      'order',
      'keyword',
    ]);
    expect(doc.paths['/api/status'].get.security).toEqual([]);
    expect(doc.paths['/api/user/manage'].post['x-gw-guard']).toBe('admin');
  });

  it('compresses API replies when the client accepts gzip', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(reply.headers['content-encoding']).toBe('gzip');
  });

  it('explains that the web console is not built when its folder is missing', async () => {
    const reply = await t.app.inject({
      method: 'GET',
      url: '/panel/token',
      headers: { 'accept-language': 'en' },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.headers['content-type']).toContain('text/plain');
    expect(reply.body).toContain('web console is not built');
  });
});
