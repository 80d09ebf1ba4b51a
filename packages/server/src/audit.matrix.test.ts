// The audit trail for each administrative route (issue 15), generated from the app's own route table like
// the authorization matrix: every mutating admin/root route has an audit rule (or is named as changing
// nothing), and a call to each, made or refused, appends exactly one entry naming the route's action,
// the actor, the address and the path. A common user's refused call appends nothing.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_RULES, NOT_AUDITED } from './audit/audit-rules.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from './test-support/test-app.js';

/** Routes whose `1` would name root, whom the role rules protect: a missing id keeps the calls harmless. */
const CONCRETE_PATHS: Record<string, string> = {
  'DELETE /api/user/:id': '/api/user/999999',
  'POST /api/user/quota/:id': '/api/user/quota/999999',
};

function concrete(url: string): string {
  return url.replace(/:[A-Za-z_]+/g, '1').replace(/\*[A-Za-z_]*/g, 'x');
}

describe('audit trail matrix (generated from the route table)', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let root: string;
  let user: string;
  const administrative = () =>
    app.gwRoutes.filter(
      (route) => route.method !== 'GET' && (route.guard === 'admin' || route.guard === 'root'),
    );

  const newest = async () => {
    const reply = await call(app, 'GET', '/api/audit?order=-id&size=1', { cookie: root });
    expect(reply.body.success).toBe(true);
    return { total: reply.body.data.total_count as number, entry: reply.body.data.data[0] };
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite');
    app = t.app;
    root = await signIn(app, 'root', ROOT_PASSWORD);
    user = await createUser(app, root, 'audit_user');
  });
  afterAll(() => t.close());

  it('has a rule for every mutating admin route, and none for a route that does not exist', () => {
    const keys = administrative().map((route) => `${route.method} ${route.url}`);
    expect(
      keys.filter((key) => !(key in AUDIT_RULES) && !NOT_AUDITED.includes(key)),
      'administrative routes without an audit rule',
    ).toEqual([]);
    const declared = app.gwRoutes.map((route) => `${route.method} ${route.url}`);
    expect(
      [...Object.keys(AUDIT_RULES), ...NOT_AUDITED].filter((key) => !declared.includes(key)),
      'stale rules',
    ).toEqual([]);
    // Rules name admin routes only: a user's own changes (profile, tokens) are not administrative.
    expect(Object.keys(AUDIT_RULES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('appends one entry per administrative call, made or refused, naming action, actor, address and path', async () => {
    const wrong: string[] = [];
    for (const route of administrative()) {
      const key = `${route.method} ${route.url}`;
      const rule = AUDIT_RULES[key];
      if (!rule) continue;
      const path = CONCRETE_PATHS[key] ?? concrete(route.url);
      const { total } = await newest();
      const reply = await call(app, route.method, path, {
        cookie: root,
        body: route.method === 'DELETE' ? undefined : {},
      });
      const after = await newest();
      if (after.total !== total + 1) {
        wrong.push(`${key}: ${after.total - total} entries`);
        continue;
      }
      const entry = after.entry;
      const expected = {
        action: rule.action,
        resource: rule.action.split('.')[0],
        username: 'root',
        user_id: 1,
        role: 100,
        ip: '127.0.0.1',
        method: route.method,
        path,
        success: reply.body.success === true,
      };
      for (const [field, value] of Object.entries(expected)) {
        if (entry[field] !== value) wrong.push(`${key}: ${field} is ${entry[field]}, expected ${value}`);
      }
      if (!entry.success && !entry.error) wrong.push(`${key}: a refused change without its code`);
    }
    expect(wrong).toEqual([]);
  });

  it('appends nothing for a caller the guard refuses', async () => {
    const { total } = await newest();
    for (const route of administrative()) {
      await call(app, route.method, CONCRETE_PATHS[`${route.method} ${route.url}`] ?? concrete(route.url), {
        cookie: user,
        body: route.method === 'DELETE' ? undefined : {},
      });
    }
    expect((await newest()).total).toBe(total);
  });
});
