// GET/PUT /api/option/ and /api/option/safe_tools (contract §1.15, §3.5) on every configured dialect.
import { OPTION_REGISTRY } from '@gw/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

describe.each(TEST_DIALECTS)('options on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let user: string;
  const optionRows = () => t.app.gw.db.selectFrom('options').selectAll().orderBy('key').execute();
  const put = (key: string, value: unknown) =>
    call(t.app, 'PUT', '/api/option/', { cookie: root, body: { key, value } });
  const listed = async () => {
    const reply = await call(t.app, 'GET', '/api/option/', { cookie: root });
    expect(reply.body.success).toBe(true);
    return new Map<string, string>(
      reply.body.data.map((entry: { key: string; value: string }) => [entry.key, entry.value]),
    );
  };

  beforeAll(async () => {
    t = await startTestApp(kind);
    root = await signIn(t.app, 'root', ROOT_PASSWORD);
    user = await createUser(t.app, root, 'options_user');
  });
  afterAll(() => t.close());

  it('lists every registered option but the secrets, as strings with their defaults', async () => {
    const options = await listed();
    const visible = OPTION_REGISTRY.filter((def) => !def.secret);
    expect([...options.keys()].sort()).toEqual(visible.map((def) => def.key).sort());
    expect(options.get('QuotaPerUnit')).toBe('500000');
    expect(options.get('RegisterEnabled')).toBe('true');
    expect(options.get('LarkClientId')).toBe('');
    for (const value of options.values()) expect(typeof value).toBe('string');
  });

  it('never lists a secret, even once it is set (quirk §6.5), and never the server’s own secrets', async () => {
    for (const key of [
      'TurnstileSecretKey',
      'CFWorkerImageKey',
      'SMTPToken',
      'GitHubClientSecret',
      'LarkClientSecret',
    ]) {
      expect((await put(key, `secret-of-${key}`)).body, key).toMatchObject({ success: true });
    }
    const reply = await call(t.app, 'GET', '/api/option/', { cookie: root });
    expect(JSON.stringify(reply.body)).not.toContain('secret-of-');
    expect(JSON.stringify(reply.body)).not.toMatch(/SessionSecret|UserTokenSecret/);
    const stored = await t.app.gw.db
      .selectFrom('options')
      .select('value')
      .where('key', '=', 'SMTPToken')
      .executeTakeFirst();
    expect(stored?.value).toBe('secret-of-SMTPToken');
  });

  it('stores a valid value, normalised, and the listing and status show it', async () => {
    expect((await put('SystemName', '  My Hub  ')).body).toEqual({ success: true, message: '' });
    expect((await put('ServerAddress', 'https://gw.example.com/')).body.success).toBe(true);
    expect((await put('RechargeDiscount', '{"10": 0.95}')).body.success).toBe(true);
    const options = await listed();
    expect(options.get('SystemName')).toBe('My Hub');
    expect(options.get('ServerAddress')).toBe('https://gw.example.com');
    const status = (await call(t.app, 'GET', '/api/status')).body.data;
    expect(status).toMatchObject({ system_name: 'My Hub', server_address: 'https://gw.example.com' });
    // The raw text as written (quirk §6.10), not a re-serialised map.
    expect(status.RechargeDiscount).toBe('{"10": 0.95}');
  });

  it.each([
    ['value is a number', { key: 'RetryTimes', value: 3 }, 400, 'value'],
    ['value is missing', { key: 'RetryTimes' }, 400, 'value'],
    ['key is missing', { value: '3' }, 400, 'key'],
    ['body is not an object', [1, 2], 400, '_'],
    ['unknown key', { key: 'NoSuchOption', value: 'x' }, 200, 'key'],
    ['read-only key', { key: 'OldTokenMaxId', value: '9' }, 200, 'key'],
    ['boolean not true/false', { key: 'RegisterEnabled', value: 'yes' }, 200, 'value'],
    ['integer with a fraction', { key: 'RetryTimes', value: '1.5' }, 200, 'value'],
    ['negative integer', { key: 'QuotaForNewUser', value: '-100' }, 200, 'value'],
    ['unparsable number (quirk §6.21)', { key: 'QuotaPerUnit', value: '12abc' }, 200, 'value'],
    ['port out of range', { key: 'SMTPPort', value: '70000' }, 200, 'value'],
    ['not a URL', { key: 'TopUpLink', value: 'javascript:alert(1)' }, 200, 'value'],
    ['unknown safety tool', { key: 'SafeToolName', value: 'Nope' }, 200, 'value'],
    ['oversized string', { key: 'SystemName', value: 'x'.repeat(600) }, 200, 'value'],
    ['invalid JSON', { key: 'RechargeDiscount', value: '{"10":' }, 200, 'value'],
    ['discount map with a bad factor', { key: 'RechargeDiscount', value: '{"10":-1}' }, 200, 'value'],
    ['ratio map with a negative ratio', { key: 'ModelRatio', value: '{"gpt-4":-2}' }, 200, 'value'],
    ['chat links not a list', { key: 'ChatLinks', value: '{"name":"x"}' }, 200, 'value'],
    [
      'chat link without url',
      { key: 'ChatLinks', value: '[{"name":"x","show":true,"sort":1}]' },
      200,
      'value',
    ],
  ])('refuses %s with a clear message and stores nothing', async (_name, body, status, field) => {
    const before = await optionRows();
    const reply = await call(t.app, 'PUT', '/api/option/', { cookie: root, body });
    expect(reply.status).toBe(status);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/\S/);
    expect(reply.body.message).not.toMatch(/options\.errors|validation\./);
    expect(reply.body.errors?.[0]?.field).toBe(field);
    expect(await optionRows()).toEqual(before);
  });

  it('answers in the caller’s language', async () => {
    const reply = await call(t.app, 'PUT', '/api/option/', {
      cookie: root,
      body: { key: 'RegisterEnabled', value: 'on' },
      headers: { 'accept-language': 'en' },
    });
    expect(reply.body.message).toBe('RegisterEnabled must be true or false');
  });

  it.each([
    ['GitHubOAuthEnabled', 'GitHubClientId', 'gh-client'],
    ['EmailDomainRestrictionEnabled', 'EmailDomainWhitelist', 'example.com'],
    ['WeChatAuthEnabled', 'WeChatServerAddress', 'https://wechat.example.com'],
    ['TurnstileCheckEnabled', 'TurnstileSiteKey', 'site-key'],
    ['LarkAuthEnabled', 'LarkClientId', 'cli_x'],
  ])('refuses to enable %s until %s is set, then enables it', async (flag, needed, value) => {
    if (needed === 'EmailDomainWhitelist') expect((await put(needed, '')).body.success).toBe(true);
    const before = await optionRows();
    const refused = await put(flag, 'true');
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toContain('！');
    expect(await optionRows()).toEqual(before);
    expect((await put(needed, value)).body.success).toBe(true);
    expect((await put(flag, 'true')).body.success).toBe(true);
    expect((await listed()).get(flag)).toBe('true');
    expect((await put(flag, 'false')).body.success).toBe(true);
  });

  it('needs every OIDC setting before OIDC sign-in can be enabled', async () => {
    for (const [key, value] of [
      ['OIDCClientId', 'id'],
      ['OIDCIssuer', 'https://issuer.example.com'],
      ['OIDCScopes', 'openid profile'],
      ['OIDCUsernameClaims', 'preferred_username'],
    ] as const) {
      expect((await put(key, value)).body.success).toBe(true);
    }
    const refused = await put('OIDCAuthEnabled', 'true');
    expect(refused.body.message).toContain('OIDCClientSecret');
    expect((await put('OIDCClientSecret', 's')).body.success).toBe(true);
    expect((await put('OIDCAuthEnabled', 'true')).body.success).toBe(true);
    expect((await call(t.app, 'GET', '/api/status')).body.data.oidc_auth).toBe(true);
  });

  it('lists the content-safety tools', async () => {
    const reply = await call(t.app, 'GET', '/api/option/safe_tools', { cookie: root });
    expect(reply.body).toEqual({ success: true, message: '', data: ['Keyword'] });
  });

  it('keeps options to root: a common user is refused and nothing changes', async () => {
    const before = await optionRows();
    const reply = await call(t.app, 'PUT', '/api/option/', {
      cookie: user,
      body: { key: 'SystemName', value: 'x' },
    });
    expect(reply.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await optionRows()).toEqual(before);
  });
});
