// The generated bad-input suite (issue 8): every route of the app's route table and every relay route is
// called with each class of hostile input — nesting past the limit, a NUL, a lone surrogate, bytes and
// percent-escapes that are not UTF-8, ids past the int32 columns, undecodable percent-encoding, broken
// multipart, wrong types — as anonymous, user, admin
// and root, on every dialect of the run. No reply may be a 5xx; every refusal is in the API's own shape
// (the envelope under /api, the OpenAI error shape on the relay); and no table changes.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from './relay/test-support/fake-upstream/index.js';
import { TEST_DIALECTS } from './test-support/databases.js';
import {
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from './test-support/test-app.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Role = 'anonymous' | 'user' | 'admin' | 'root';
// Least to most privileged; root last, as the one who can change the most.
const ROLES: Role[] = ['anonymous', 'user', 'admin', 'root'];

/** One request of a bad-input class against a route pattern. */
interface BadRequest {
  url: string;
  payload?: string | Buffer;
  contentType?: string;
}

/**
 * A route to attack: its method, its pattern (`:id`, `*`), whether it is a relay route, and whether it
 * reads a body or a query (a route that ignores its query or body would rightly run with any).
 */
interface Target {
  method: Method;
  pattern: string;
  relay: boolean;
  readsBody: boolean;
  readsQuery: boolean;
}

const INT32_PAST = '2147483648';
const DEEP = 5_000;
const deepJson = `{"model":"gpt-4o","x":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`;
/** Every field name the routes commonly read, so each route meets its own fields with the bad text. */
const FIELDS = ['model', 'name', 'username', 'password', 'key', 'models', 'group', 'prompt', 'input', 'tag'];
const withText = (text: string) =>
  JSON.stringify({
    ...Object.fromEntries(FIELDS.map((field) => [field, text])),
    messages: [{ role: 'user', content: text }],
    id: 1,
  });
/** The same fields as `withText`, with bytes that are not UTF-8 in every text (they used to be stored as U+FFFD). */
const NOT_UTF8 = Buffer.from(withText('gpt-@x').replaceAll('@', '\u00ff'), 'latin1');
const WRONG_TYPES = JSON.stringify({
  ...Object.fromEntries(FIELDS.map((field, index) => [field, index % 2 === 0 ? [1] : { a: 1 }])),
  id: 'one',
  ids: 'all',
  quota: 'lots',
  status: [],
  messages: 'hello',
  stream: 'yes',
  max_tokens: 'many',
  value: { deep: true },
});
const HUGE_ID_FIELDS = [
  'id',
  'user_id',
  'channel_id',
  'token_id',
  'group_id',
  'gateway_id',
  'type',
  'status',
];
const HUGE_ID_QUERY = [...HUGE_ID_FIELDS, 'user_ids', 'channel_ids']
  .map((field) => `${field}=${INT32_PAST}`)
  .join('&');
const HUGE_IDS = JSON.stringify({
  ...Object.fromEntries(HUGE_ID_FIELDS.map((field) => [field, Number(INT32_PAST)])),
  ids: [Number(INT32_PAST)],
  name: 'x',
  model: 'gpt-4o',
});
const HUGE_IDS_BAD_NAMES = JSON.stringify({ ...JSON.parse(HUGE_IDS), name: 5, model: 5, username: 5 });
const BROKEN_MULTIPART = '------gw\r\nContent-Disposition: form-data; name="model"\r\n\r\nwhisper-1';

/** A concrete path: parameters (`:id`, `:tag`, `*`) filled with `value`. */
function fill(pattern: string, value: string): string {
  return pattern.replace(/:[A-Za-z_]+/g, value).replace(/\*[A-Za-z_]*/g, value);
}

const hasBody = (method: Method) => method !== 'GET';
const hasParams = (pattern: string) => /[:*]/.test(pattern);

/** The classes of bad input; each returns the requests it makes of a target (none when it does not apply). */
const CLASSES: Record<string, (target: Target) => BadRequest[]> = {
  deep: (t) => (hasBody(t.method) ? [{ url: fill(t.pattern, '1'), payload: deepJson }] : []),
  nul: (t) => [
    { url: `${fill(t.pattern, '1')}?model=gpt-%00x&keyword=a%00` },
    ...(hasParams(t.pattern) ? [{ url: fill(t.pattern, 'a%00b') }] : []),
    ...(hasBody(t.method) ? [{ url: fill(t.pattern, '1'), payload: withText('gpt-\u0000x') }] : []),
  ],
  surrogate: (t) =>
    hasBody(t.method) ? [{ url: fill(t.pattern, '1'), payload: withText('gpt-\ud800x') }] : [],
  notUtf8: (t) => [
    ...(hasBody(t.method) ? [{ url: fill(t.pattern, '1'), payload: NOT_UTF8 }] : []),
    { url: `${fill(t.pattern, '1')}?model=gpt-%FFx&keyword=%ED%A0%80` },
  ],
  hugeId: (t) => [
    ...(hasParams(t.pattern)
      ? [{ url: fill(t.pattern, INT32_PAST) }, { url: fill(t.pattern, '9'.repeat(30)) }]
      : []),
    ...(t.readsQuery
      ? [
          {
            url: `${fill(t.pattern, '1')}?${HUGE_ID_QUERY}&page=${INT32_PAST}&start_timestamp=1e30&end_timestamp=${'9'.repeat(25)}`,
          },
        ]
      : []),
    // A create route would rightly store a valid body with extra ids: creates get them with bad names.
    ...(t.readsBody && !t.relay
      ? [{ url: fill(t.pattern, '1'), payload: t.method === 'POST' ? HUGE_IDS_BAD_NAMES : HUGE_IDS }]
      : []),
  ],
  badEncoding: (t) => [
    ...(t.readsQuery ? [{ url: `${fill(t.pattern, '1')}?q=%ZZ&keyword=%E0%A4%A&p=%` }] : []),
    ...(hasParams(t.pattern) ? [{ url: fill(t.pattern, '%E0%A4%A') }] : [{ url: `${t.pattern}/%E0%A4%A` }]),
  ],
  badMultipart: (t) =>
    hasBody(t.method)
      ? [
          {
            url: fill(t.pattern, '1'),
            payload: BROKEN_MULTIPART,
            contentType: 'multipart/form-data; boundary=----gw',
          },
          { url: fill(t.pattern, '1'), payload: BROKEN_MULTIPART, contentType: 'multipart/form-data' },
          // Well-formed multipart where JSON is expected (and, for transcriptions, without a file).
          {
            url: fill(t.pattern, '1'),
            payload: `${BROKEN_MULTIPART}\r\n------gw--\r\n`,
            contentType: 'multipart/form-data; boundary=----gw',
          },
        ]
      : [],
  // Fields of the wrong types, and bodies that are not objects at all.
  wrongTypes: (t) =>
    t.readsBody
      ? [WRONG_TYPES, '[1,"two"]', '"text"', '42', 'null'].map((payload) => ({
          url: fill(t.pattern, '1'),
          payload,
        }))
      : [],
};

/** The relay's routes (registered in their own scope, not in the route table). */
const RELAY_TARGETS: Target[] = [
  ...[
    '/v1/chat/completions',
    '/v1/completions',
    '/v1/embeddings',
    '/v1/images/generations',
    '/v1/audio/speech',
    '/v1/audio/transcriptions',
    '/v1/moderations',
    '/v1/responses',
    '/claude/v1/messages',
    '/gemini/v1beta/models/*',
    // Paths the relay does not serve: their 404 comes before any body is read.
    '/v1/images/edits',
    '/v1/audio/translations',
  ].map((pattern) => ({ method: 'POST' as const, pattern, relay: true, readsBody: true, readsQuery: false })),
  ...[
    '/v1/models',
    '/v1/models/:model',
    '/dashboard/billing/subscription',
    '/v1/dashboard/billing/usage',
  ].map((pattern) => ({ method: 'GET' as const, pattern, relay: true, readsBody: false, readsQuery: false })),
];

/** Paths that only the static file layer and the not-found handler see. */
const STATIC_PATHS = [
  '/%00',
  '//x',
  `/${'a'.repeat(5_000)}`,
  '/a/../../etc/passwd',
  '/..%2f..%2fetc%2fpasswd',
  '/x%E0%A4%A',
];

const AUDIT_TABLE = 'audit_logs';
/**
 * Begun passkey ceremonies: a sign-in's begin call (public, whatever name is typed) hands out a challenge
 * that lives five minutes. It is the server's memory of a question asked, not stored data a refusal could
 * change; it was kept in process memory before it moved to the database for multi-process servers.
 */
const CEREMONY_TABLE = 'webauthn_ceremonies';

/**
 * How many entries of the audit trail say fields changed. A bad request may add refused attempts, and a
 * call that is no refusal but finds nothing to change (deleting tag "2147483648") an entry without changes,
 * never an entry that changed a field.
 */
async function madeChanges(app: FastifyInstance): Promise<number> {
  const row = await app.gw.db
    .selectFrom(AUDIT_TABLE)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('success', '=', 1)
    .where('changes', '!=', '{}')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A checksum of every row of every table but the audit trail and begun ceremonies: what a refused request must leave as it was. */
async function snapshot(app: FastifyInstance): Promise<Record<string, string>> {
  const db = app.gw.db;
  const kind = app.gw.dbKind;
  const names =
    kind === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db)
      : kind === 'postgres'
        ? await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(
            db,
          )
        : await sql<{
            name: string;
          }>`select table_name as name from information_schema.tables where table_schema = database()`.execute(
            db,
          );
  const sums: Record<string, string> = {};
  for (const { name } of names.rows) {
    // The audit trail keeps refused administrative attempts on purpose (counted apart: madeChanges).
    if (name === AUDIT_TABLE || name === CEREMONY_TABLE) continue;
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    const kept = rows.rows.filter((row) => !(name === 'sqlite_sequence' && row.name === AUDIT_TABLE));
    const lines = kept.map((row) =>
      JSON.stringify(row, (_key, value) => (typeof value === 'bigint' ? String(value) : value)),
    );
    lines.sort();
    sums[name] = `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
  }
  return sums;
}

/** The reply's shape is the one of its API: the envelope under /api and the web, OpenAI's on the relay. */
function shapeProblem(relay: boolean, status: number, text: string, contentType: string): string | undefined {
  if (status >= 500) return `status ${status}`;
  if (!contentType.includes('json')) {
    // The web console (history fallback) and files are not JSON; a refusal must be.
    return status < 400 ? undefined : `non-JSON refusal (${contentType})`;
  }
  // biome-ignore lint/suspicious/noExplicitAny: the reply's shape is what is checked here.
  let body: any;
  try {
    body = JSON.parse(text);
  } catch {
    return 'unparsable JSON';
  }
  if (relay) {
    if (status < 400) return undefined;
    return typeof body?.error?.message === 'string' ? undefined : 'not the OpenAI error shape';
  }
  if (typeof body?.success === 'boolean' && typeof body?.message === 'string') return undefined;
  // Unknown /api paths answer the contract's OpenAI-shaped 404 (contract §0.1).
  if (status === 404 && typeof body?.error?.message === 'string') return undefined;
  return status < 400 && !('success' in (body ?? {})) ? undefined : 'not the envelope';
}

describe.each(TEST_DIALECTS)('bad input on every route (%s)', (kind) => {
  let t: TestApp;
  let upstream: FakeUpstream;
  let webDir: string;
  const cookies: Record<Role, string | undefined> = {
    anonymous: undefined,
    user: undefined,
    admin: undefined,
    root: undefined,
  };
  const keys: Record<Role, string | undefined> = {
    anonymous: undefined,
    user: undefined,
    admin: undefined,
    root: undefined,
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    // A built console, so that odd paths reach the static file layer as in production.
    webDir = mkdtempSync(join(tmpdir(), 'gw-bad-input-web-'));
    writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>gw</title>');
    t = await startTestApp(kind, { GW_WEB_DIR: webDir, BATCH_UPDATE_INTERVAL: '3600' });
    const app = t.app;
    const root = await signIn(app, 'root', ROOT_PASSWORD);
    cookies.root = root;
    cookies.user = await createUser(app, root, 'bi_user');
    await createUser(app, root, 'bi_admin');
    const promoted = await call(app, 'POST', '/api/user/manage', {
      cookie: root,
      body: { username: 'bi_admin', action: 'promote' },
    });
    expect(promoted.body.success).toBe(true);
    cookies.admin = await signIn(app, 'bi_admin', 'password-123');
    // A channel for any model, so that an input slipping through would be relayed and billed (and seen).
    const channel = await call(app, 'POST', '/api/channel/', {
      cookie: root,
      body: {
        type: 1,
        name: 'any',
        key: 'sk-upstream',
        base_url: upstream.url,
        models: 'gpt-*,whisper-1',
        group: 'default',
      },
    });
    expect(channel.body.success).toBe(true);
    for (const role of ['user', 'admin', 'root'] as const) {
      const created = await call(app, 'POST', '/api/token/', {
        cookie: cookies[role],
        body: { name: 'bad-input', unlimited_quota: true },
      });
      expect(created.body.success).toBe(true);
      const listed = await call(app, 'GET', '/api/token/', { cookie: cookies[role] });
      keys[role] = `sk-${listed.body.data.data[0].key}`;
    }
    // Every key holder can pay, so a bad input is stopped by its own check, not by an empty balance.
    for (const username of ['bi_user', 'bi_admin']) {
      const found = await app.gw.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirstOrThrow();
      const funded = await call(app, 'POST', `/api/user/quota/${found.id}`, {
        cookie: root,
        body: { quota: 100_000_000 },
      });
      expect(funded.body.success).toBe(true);
    }
  });
  afterAll(async () => {
    await t?.close();
    await upstream?.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('answers every route × bad-input class × role without a 5xx, in its own shape, changing nothing', async () => {
    const app = t.app;
    const targets: Target[] = [
      ...app.gwRoutes.map((route) => ({
        method: route.method,
        pattern: route.url,
        relay: false,
        readsBody: route.body !== undefined,
        readsQuery: route.query !== undefined,
      })),
      ...RELAY_TARGETS,
    ];
    await app.gwRelay.ledger.flush();
    const before = await snapshot(app);
    const madeBefore = await madeChanges(app);
    const wrong: string[] = [];
    let calls = 0;
    for (const role of ROLES) {
      const auth: Record<string, string> = {};
      if (cookies[role]) auth.cookie = cookies[role];
      for (const target of targets) {
        if (target.relay && keys[role]) auth.authorization = `Bearer ${keys[role]}`;
        else delete auth.authorization;
        for (const [name, make] of Object.entries(CLASSES)) {
          for (const bad of make(target)) {
            const headers: Record<string, string> = { ...auth };
            if (bad.payload !== undefined) headers['content-type'] = bad.contentType ?? 'application/json';
            const reply = await app.inject({
              method: target.method,
              url: bad.url,
              headers,
              ...(bad.payload === undefined ? {} : { payload: bad.payload }),
            });
            calls += 1;
            const problem = shapeProblem(
              target.relay,
              reply.statusCode,
              reply.body,
              String(reply.headers['content-type'] ?? ''),
            );
            if (problem) {
              wrong.push(
                `${role} ${name} ${target.method} ${bad.url.slice(0, 80)}: ${problem} ${reply.body.slice(0, 160)}`,
              );
            }
          }
        }
      }
    }
    for (const path of STATIC_PATHS) {
      const reply = await app.inject({ method: 'GET', url: path });
      const problem = shapeProblem(
        false,
        reply.statusCode,
        reply.body,
        String(reply.headers['content-type'] ?? ''),
      );
      if (problem) wrong.push(`static GET ${path.slice(0, 60)}: ${problem} ${reply.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(calls).toBeGreaterThan(2_500);
    expect(upstream.requests).toEqual([]);
    await app.gwRelay.ledger.flush();
    expect(await snapshot(app)).toEqual(before);
    expect(await madeChanges(app)).toBe(madeBefore);
    // Thousands of calls: a few seconds on an idle machine, far more on a shared one.
  }, 600_000);
});
