// The authorization matrix (contract §0.3), generated from the app's own route table: every route is
// called as anonymous, common user, admin and root, and the guard's answer is compared with the
// contract's level written below. A route without a line here fails the suite, so none is forgotten.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from './test-support/test-app.js';

type Level = 'public' | 'user' | 'admin' | 'root';

/** The contract's guard for every route, keyed `METHOD /path` as the route table declares it. */
const EXPECTED: Record<string, Level> = {
  'GET /api/openapi.json': 'public',
  'GET /api/health': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/status': 'public',
  'GET /api/notice': 'public',
  'GET /api/about': 'public',
  'GET /api/home_page_content': 'public',
  'GET /api/option/': 'root',
  'PUT /api/option/': 'root',
  'GET /api/option/safe_tools': 'root',
  'GET /api/option/telegram/': 'root',
  'GET /api/option/telegram/status': 'root',
  'PUT /api/option/telegram/reload': 'root',
  'GET /api/option/telegram/:id': 'root',
  'POST /api/option/telegram/': 'root',
  'DELETE /api/option/telegram/:id': 'root',
  'POST /api/system_info/log': 'root',
  'POST /api/option/system_info/log': 'root',
  'POST /api/user/login': 'public',
  'GET /api/user/logout': 'public',
  'POST /api/user/logout_all': 'user',
  'GET /api/user/self': 'user',
  'PUT /api/user/self': 'user',
  'GET /api/user/token': 'user',
  'POST /api/user/': 'admin',
  'POST /api/user/manage': 'admin',
  'GET /api/token/': 'user',
  'GET /api/token/playground': 'user',
  'GET /api/token/:id': 'user',
  'POST /api/token/': 'user',
  'PUT /api/token/': 'user',
  'DELETE /api/token/:id': 'user',
  'GET /api/channel/': 'admin',
  'GET /api/channel/models': 'admin',
  'GET /api/channel/:id': 'admin',
  'POST /api/channel/': 'admin',
  'PUT /api/channel/': 'admin',
  'DELETE /api/channel/disabled': 'admin',
  'DELETE /api/channel/batch': 'admin',
  'DELETE /api/channel/:id': 'admin',
  'DELETE /api/channel/:id/tag': 'admin',
  'PUT /api/channel/batch/azure_api': 'admin',
  'PUT /api/channel/batch/del_model': 'admin',
  'POST /api/channel/provider_models_list': 'admin',
  'GET /api/channel/test': 'admin',
  'GET /api/channel/test/:id': 'admin',
  'GET /api/channel/update_balance': 'admin',
  'GET /api/channel/update_balance/:id': 'admin',
  'POST /api/sse/channel/check': 'admin',
  'GET /api/channel_tag/_all': 'admin',
  'GET /api/channel_tag/:tag/list': 'admin',
  'GET /api/channel_tag/:tag': 'admin',
  'PUT /api/channel_tag/:tag': 'admin',
  'DELETE /api/channel_tag/:tag': 'admin',
  'DELETE /api/channel_tag/:tag/disabled': 'admin',
  'PUT /api/channel_tag/:tag/priority': 'admin',
  'PUT /api/channel_tag/:tag/status/:status': 'admin',
  'GET /api/token/admin/search': 'admin',
  'PUT /api/token/admin': 'admin',
  'GET /api/user/aff': 'user',
  'POST /api/user/unbind': 'user',
  'GET /api/user/': 'admin',
  'GET /api/user/:id': 'admin',
  'PUT /api/user/': 'admin',
  'DELETE /api/user/:id': 'admin',
  'POST /api/user/quota/:id': 'admin',
  'POST /api/user/register': 'public',
  'GET /api/verification': 'public',
  'GET /api/reset_password': 'public',
  'GET /api/oauth/email/bind': 'user',
  'GET /api/oauth/state': 'public',
  'POST /api/webauthn/registration/begin': 'user',
  'POST /api/webauthn/registration/finish': 'user',
  'POST /api/webauthn/login/begin': 'public',
  'POST /api/webauthn/login/finish': 'public',
  'GET /api/webauthn/credentials': 'user',
  'DELETE /api/webauthn/credentials/:id': 'user',
  'GET /api/user/dashboard/uptimekuma/status-page': 'user',
  'GET /api/user/dashboard/uptimekuma/status-page/heartbeat': 'user',
  'GET /api/oauth/github': 'public',
  'GET /api/oauth/lark': 'public',
  'GET /api/oauth/oidc': 'public',
  'GET /api/oauth/endpoint': 'public',
  'GET /api/oauth/wechat': 'public',
  'GET /api/oauth/wechat/bind': 'user',
  'POST /api/user/reset': 'public',
  'GET /api/log/': 'admin',
  'GET /api/log/self': 'user',
  'GET /api/log/stat': 'admin',
  'GET /api/log/self/stat': 'user',
  'GET /api/log/export': 'admin',
  'GET /api/log/self/export': 'user',
  'DELETE /api/log/': 'admin',
  'GET /api/user/dashboard': 'user',
  'GET /api/user/dashboard/rate': 'user',
  'GET /api/user/dashboard/heatmap': 'user',
  'GET /api/analytics/statistics': 'admin',
  'GET /api/analytics/period': 'admin',
  'GET /api/analytics/multi_user_stats': 'admin',
  'GET /api/analytics/multi_user_stats/export': 'admin',
  'GET /api/redemption/': 'admin',
  'GET /api/redemption/:id': 'admin',
  'POST /api/redemption/': 'admin',
  'PUT /api/redemption/': 'admin',
  'DELETE /api/redemption/:id': 'admin',
  'POST /api/user/topup': 'user',
  'GET /api/user/payment': 'user',
  'GET /api/payment/': 'admin',
  'GET /api/payment/:id': 'admin',
  'POST /api/payment/': 'admin',
  'PUT /api/payment/': 'admin',
  'DELETE /api/payment/:id': 'admin',
  'GET /api/payment/order': 'admin',
  'GET /api/mj/': 'admin',
  'GET /api/mj/self': 'user',
  'GET /api/task/': 'admin',
  'GET /api/task/self': 'user',
  'GET /api/user/invoice': 'user',
  'GET /api/user/invoice/detail': 'user',
  'POST /api/option/invoice/gen/:time': 'root',
  'POST /api/option/invoice/update/:time': 'root',
  'GET /api/ledger/rejects': 'admin',
  'GET /api/audit': 'admin',
  'GET /api/group/': 'admin',
  'GET /api/user_group/': 'admin',
  'GET /api/user_group/:id': 'admin',
  'POST /api/user_group/': 'admin',
  'PUT /api/user_group/': 'admin',
  'PUT /api/user_group/enable/:id': 'admin',
  'DELETE /api/user_group/:id': 'admin',
  'GET /api/model_ownedby/': 'public',
  'GET /api/ownedby': 'public',
  'GET /api/model_ownedby/:id': 'admin',
  'POST /api/model_ownedby/': 'admin',
  'PUT /api/model_ownedby/': 'admin',
  'DELETE /api/model_ownedby/:id': 'admin',
  'GET /api/model_info/': 'public',
  'GET /api/model_info/:id': 'admin',
  'POST /api/model_info/': 'admin',
  'PUT /api/model_info/': 'admin',
  'DELETE /api/model_info/:id': 'admin',
  'GET /api/prices': 'public',
  'GET /api/prices/model_list': 'admin',
  'POST /api/prices/single': 'admin',
  'PUT /api/prices/single/*': 'admin',
  'DELETE /api/prices/single/*': 'admin',
  'POST /api/prices/multiple': 'admin',
  'PUT /api/prices/multiple/delete': 'admin',
  'POST /api/prices/sync': 'admin',
  'GET /api/prices/updateService': 'admin',
  'GET /api/available_model': 'public',
  'GET /api/user_group_map': 'public',
};

/**
 * Routes whose `1` would name root, whom the role rules protect with their own refusal: a missing
 * id keeps these calls about the guard alone.
 */
const CONCRETE_PATHS: Record<string, string> = {
  'GET /api/user/:id': '/api/user/999999',
  'DELETE /api/user/:id': '/api/user/999999',
  'POST /api/user/quota/:id': '/api/user/quota/999999',
};

const RANK: Record<Level, number> = { public: 0, user: 1, admin: 2, root: 3 };
type Caller = 'anonymous' | Exclude<Level, 'public'>;
const CALLERS: Caller[] = ['anonymous', 'user', 'admin', 'root'];

/** A concrete path for a route pattern: parameters become `1`, wildcards `x`. */
function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*[A-Za-z_]*/g, 'x');
}

/** What the guard did with the call: refused it as anonymous, refused the role, or let it through. */
function outcome(reply: {
  status: number;
  body: { code?: string };
}): 'unauthenticated' | 'forbidden' | 'passed' {
  if (reply.status === 401) return 'unauthenticated';
  if (reply.body?.code === 'FORBIDDEN') return 'forbidden';
  return 'passed';
}

/** What the contract says a caller gets from a route of `level`. */
function expectedOutcome(level: Level, caller: Caller): ReturnType<typeof outcome> {
  if (level === 'public') return 'passed';
  if (caller === 'anonymous') return 'unauthenticated';
  return RANK[caller] >= RANK[level] ? 'passed' : 'forbidden';
}

describe('authorization matrix (generated from the route table)', () => {
  let t: TestApp;
  let cookies: Record<Caller, string | undefined>;
  let app: FastifyInstance;

  beforeAll(async () => {
    // Guards do not depend on the dialect: one SQLite app is enough.
    t = await startTestApp('sqlite');
    app = t.app;
    const root = await signIn(app, 'root', ROOT_PASSWORD);
    const user = await createUser(app, root, 'matrix_user');
    await createUser(app, root, 'matrix_admin');
    const promoted = await call(app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'matrix_admin', action: 'promote' },
    });
    expect(promoted.body.success).toBe(true);
    const admin = await signIn(app, 'matrix_admin', 'password-123');
    cookies = { anonymous: undefined, user, admin, root };
  });
  afterAll(() => t.close());

  it('has an expectation for every route, and none for a route that does not exist', () => {
    const declared = app.gwRoutes.map((route) => `${route.method} ${route.url}`);
    expect(
      declared.filter((key) => !(key in EXPECTED)),
      'routes without an expectation',
    ).toEqual([]);
    expect(
      Object.keys(EXPECTED).filter((key) => !declared.includes(key)),
      'stale expectations',
    ).toEqual([]);
  });

  it('declares each route with the guard the contract gives it', () => {
    for (const route of app.gwRoutes) {
      expect(route.guard, `${route.method} ${route.url}`).toBe(EXPECTED[`${route.method} ${route.url}`]);
    }
  });

  /** Routes that end the caller's session(s): called with a fresh session, and the caller signs in again after. */
  const ENDS_SESSION = new Set(['GET /api/user/logout', 'POST /api/user/logout_all']);
  const SIGN_IN: Record<Exclude<Caller, 'anonymous'>, [string, string]> = {
    user: ['matrix_user', 'password-123'],
    admin: ['matrix_admin', 'password-123'],
    root: ['root', ROOT_PASSWORD],
  };
  async function cookieFor(caller: Caller, key: string): Promise<string | undefined> {
    if (caller === 'anonymous' || !ENDS_SESSION.has(key)) return cookies[caller];
    return signIn(app, ...SIGN_IN[caller]);
  }

  // Callers go from least to most privileged so that a root call with side effects runs last.
  it.each(CALLERS)('answers every route as the contract says for %s', async (caller) => {
    const wrong: string[] = [];
    for (const route of app.gwRoutes) {
      const level = EXPECTED[`${route.method} ${route.url}`];
      if (!level) continue;
      const path = CONCRETE_PATHS[`${route.method} ${route.url}`] ?? concrete(route.url);
      const reply = await call(app, route.method, path, {
        cookie: await cookieFor(caller, `${route.method} ${route.url}`),
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      const key = `${route.method} ${route.url}`;
      if (caller !== 'anonymous' && ENDS_SESSION.has(key))
        cookies[caller] = await signIn(app, ...SIGN_IN[caller]);
      const got = outcome(reply);
      const want = expectedOutcome(level, caller);
      if (got !== want)
        wrong.push(`${route.method} ${route.url}: ${caller} got ${got}, contract says ${want}`);
    }
    expect(wrong).toEqual([]);
  });
});
