// Third-party sign-in (contract §1.2) on every configured dialect, against a fake GitHub, Lark, OIDC
// provider and WeChat server on loopback: the state check, sign-in with auto-registration (gifts and
// invitation included), returning users, binding a signed-in account ("bind"), and every refusal
// leaving the users table as it was.
import { translate } from '@gw/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import {
  FAKE_CLIENT_ID,
  FAKE_CLIENT_SECRET,
  FAKE_WECHAT_TOKEN,
  type FakeOAuthProvider,
  startFakeOAuthProvider,
} from '../../test-support/fake-oauth-provider.js';
import { call, ROOT_PASSWORD, signIn, startTestApp, type TestApp } from '../../test-support/test-app.js';

const cookieOf = (headers: Record<string, unknown>, name: string) => {
  const all = ([] as string[]).concat((headers['set-cookie'] as string | string[] | undefined) ?? []);
  return all.find((cookie) => cookie.startsWith(`${name}=`))?.split(';')[0] ?? '';
};

describe.each(TEST_DIALECTS)('OAuth sign-in on %s', (kind) => {
  let t: TestApp;
  let provider: FakeOAuthProvider;
  const users = () => t.app.gw.db.selectFrom('users').selectAll().orderBy('id').execute();
  const rowOf = (username: string) =>
    t.app.gw.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirst();
  const setOptions = async (values: Record<string, string>) => {
    for (const [key, value] of Object.entries(values)) await t.app.gw.options.set(key, value);
  };
  /** A state from the server, with the cookie that carries it. */
  const newState = async (cookie = '') => {
    const reply = await call(t.app, 'GET', '/api/oauth/state', { cookie });
    return { state: reply.body.data as string, cookie: cookieOf(reply.headers, 'oauth_state') };
  };
  const callback = (path: string, query: Record<string, string>, cookie: string) =>
    call(t.app, 'GET', `${path}?${new URLSearchParams(query)}`, { cookie });

  beforeAll(async () => {
    provider = await startFakeOAuthProvider();
    t = await startTestApp(
      kind,
      {},
      { oauthEndpoints: { githubWeb: provider.url, githubApi: provider.url, lark: provider.url } },
    );
  });
  afterAll(async () => {
    await t.close();
    await provider.close();
  });
  beforeEach(async () => {
    provider.setDown(false);
    await setOptions({
      RegisterEnabled: 'true',
      QuotaForNewUser: '0',
      QuotaForInviter: '0',
      QuotaForInvitee: '0',
      GitHubOAuthEnabled: 'true',
      GitHubClientId: FAKE_CLIENT_ID,
      GitHubClientSecret: FAKE_CLIENT_SECRET,
      LarkAuthEnabled: 'true',
      LarkClientId: FAKE_CLIENT_ID,
      LarkClientSecret: FAKE_CLIENT_SECRET,
      OIDCAuthEnabled: 'true',
      OIDCClientId: FAKE_CLIENT_ID,
      OIDCClientSecret: FAKE_CLIENT_SECRET,
      OIDCIssuer: `${provider.url}/oidc`,
      WeChatAuthEnabled: 'true',
      WeChatServerAddress: provider.url,
      WeChatServerToken: FAKE_WECHAT_TOKEN,
    });
  });

  it('refuses a callback whose state is missing, forged or from another browser with 403, storing nothing', async () => {
    const before = await users();
    const { state, cookie } = await newState();
    expect(state).toMatch(/^[A-Za-z0-9]{12}$/);
    const code = provider.issueCode({ id: 'octocat', numericId: 1 });
    const refusals = [
      await callback('/api/oauth/github', { code, state: 'other-state1' }, cookie),
      await callback('/api/oauth/github', { code, state }, ''),
      await callback('/api/oauth/github', { code }, cookie),
      await callback('/api/oauth/lark', { code, state }, (await newState()).cookie),
    ];
    for (const reply of refusals) {
      expect(reply.status).toBe(403);
      expect(reply.body).toMatchObject({
        success: false,
        message: translate('zh_CN', 'account.oauth.state_mismatch'),
      });
    }
    expect(await users()).toEqual(before);
    expect(provider.requests).not.toContain('POST /login/oauth/access_token');
  });

  it('registers a GitHub newcomer (gifts, inviter, profile), signs them in, and finds them again next time', async () => {
    await setOptions({ QuotaForNewUser: '700', QuotaForInviter: '50', QuotaForInvitee: '30' });
    const inviterCookie = await signIn(t.app, 'root', ROOT_PASSWORD);
    const aff = (await call(t.app, 'GET', '/api/user/aff', { cookie: inviterCookie })).body.data as string;
    const person = {
      id: 'octocat',
      numericId: 583231,
      name: 'The Octocat',
      email: 'octo@example.com',
      avatar: 'https://a/x.png',
    };
    const { state, cookie } = await newState();
    const reply = await callback(
      '/api/oauth/github',
      { code: provider.issueCode(person), state, aff },
      cookie,
    );
    expect(reply.body).toMatchObject({
      success: true,
      message: '',
      data: { display_name: 'The Octocat', role: 1 },
    });
    const username = reply.body.data.username as string;
    expect(username).toMatch(/^github_\d+$/);
    expect(await rowOf(username)).toMatchObject({
      github_id: 'octocat',
      github_id_new: 583231,
      email: 'octo@example.com',
      avatar_url: 'https://a/x.png',
      quota: 730,
      group: 'default',
    });
    // The session works, and the state cannot be used a second time.
    const session = cookieOf(reply.headers, 'session');
    expect((await call(t.app, 'GET', '/api/user/self', { cookie: session })).body.data.username).toBe(
      username,
    );
    expect(cookieOf(reply.headers, 'oauth_state')).toBe('oauth_state=');
    const count = (await users()).length;
    const again = await newState();
    const second = await callback(
      '/api/oauth/github',
      { code: provider.issueCode(person), state: again.state },
      again.cookie,
    );
    expect(second.body.data.username).toBe(username);
    expect((await users()).length).toBe(count);
  });

  it('binds the signed-in account instead of signing in, and refuses an id bound to someone else', async () => {
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    const { state, cookie } = await newState(root);
    const bound = await callback(
      '/api/oauth/github',
      { code: provider.issueCode({ id: 'root-gh', numericId: 77 }), state },
      `${root}; ${cookie}`,
    );
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect(await rowOf('root')).toMatchObject({ github_id: 'root-gh', github_id_new: 77 });

    const before = await users();
    const other = await newState(root);
    const taken = await callback(
      '/api/oauth/github',
      { code: provider.issueCode({ id: 'octocat', numericId: 583231 }), state: other.state },
      `${root}; ${other.cookie}`,
    );
    expect(taken.body).toMatchObject({ success: false, code: 'CONFLICT' });
    expect(await users()).toEqual(before);
  });

  it('says why a sign-in fails: provider off, registration closed, code refused, provider down', async () => {
    const before = await users();
    const attempt = async (person = { id: `new-${Math.random()}` }) => {
      const { state, cookie } = await newState();
      return callback('/api/oauth/github', { code: provider.issueCode(person), state }, cookie);
    };
    await setOptions({ GitHubOAuthEnabled: 'false' });
    expect((await attempt()).body).toMatchObject({
      success: false,
      message: expect.stringContaining('GitHub'),
    });
    await setOptions({ GitHubOAuthEnabled: 'true', RegisterEnabled: 'false' });
    expect((await attempt()).body).toMatchObject({ success: false });
    await setOptions({ RegisterEnabled: 'true' });
    const { state, cookie } = await newState();
    const wrong = await callback('/api/oauth/github', { code: 'code-unknown', state }, cookie);
    expect(wrong.body).toMatchObject({ success: false, message: expect.stringContaining('incorrect') });
    provider.setDown(true);
    const down = await attempt();
    expect(down.body).toMatchObject({ success: false, message: expect.stringContaining('GitHub') });
    expect(await users()).toEqual(before);
  });

  it('signs in with Lark, and with OIDC through the authorize URL it hands out (claimed username kept)', async () => {
    const lark = await newState();
    const larkReply = await callback(
      '/api/oauth/lark',
      { code: provider.issueCode({ id: 'ou_lark1', name: '飞书用户' }), state: lark.state },
      lark.cookie,
    );
    expect(larkReply.body.data).toMatchObject({ display_name: '飞书用户' });
    expect(await rowOf(larkReply.body.data.username)).toMatchObject({ lark_id: 'ou_lark1' });

    const endpoint = await call(t.app, 'GET', '/api/oauth/endpoint', { headers: { host: 'gw.example.com' } });
    const authorize = new URL(endpoint.body.data as string);
    expect(authorize.origin + authorize.pathname).toBe(`${provider.url}/oidc/authorize`);
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: FAKE_CLIENT_ID,
      response_type: 'code',
      redirect_uri: 'http://gw.example.com/oauth/oidc',
    });
    const oidc = await callback(
      '/api/oauth/oidc',
      {
        code: provider.issueCode({ id: 'sub-42', username: 'dana', name: 'Dana' }),
        state: authorize.searchParams.get('state') ?? '',
      },
      cookieOf(endpoint.headers, 'oauth_state'),
    );
    expect(oidc.body.data).toMatchObject({ username: 'dana', display_name: 'Dana' });
    expect(await rowOf('dana')).toMatchObject({ oidc_id: 'sub-42' });
  });

  it('signs in with a WeChat code and binds WeChat to a signed-in account', async () => {
    const login = await call(t.app, 'GET', `/api/oauth/wechat?code=${provider.issueCode({ id: 'wx-1' })}`);
    expect(login.body).toMatchObject({ success: true, data: { display_name: 'WeChat User' } });
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    const bind = await call(
      t.app,
      'GET',
      `/api/oauth/wechat/bind?code=${provider.issueCode({ id: 'wx-root' })}`,
      {
        cookie: root,
      },
    );
    expect(bind.body).toMatchObject({ success: true });
    expect(await rowOf('root')).toMatchObject({ wechat_id: 'wx-root' });
    const wrong = await call(t.app, 'GET', '/api/oauth/wechat?code=nope');
    expect(wrong.body).toMatchObject({
      success: false,
      message: expect.stringContaining('verification code invalid'),
    });
  });
});
