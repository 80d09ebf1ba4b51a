// Builds a real app on a fresh database and talks to it through inject, as the route tests need.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tokenSchema } from '@gw/core';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app.js';
import { type DatabaseKind, loadConfig } from '../config.js';
import { freshDatabase } from './databases.js';

export const ROOT_PASSWORD = 'root-test-password';

export interface TestApp {
  app: FastifyInstance;
  kind: DatabaseKind;
  url: string;
  close: () => Promise<void>;
}

/** A built app on a fresh database of `kind`, root password fixed, logs silenced; `options` reach buildApp. */
export async function startTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
  options: BuildAppOptions = {},
): Promise<TestApp> {
  const database = await freshDatabase(kind);
  const webDir = mkdtempSync(join(tmpdir(), 'gw-no-web-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    GW_ROOT_PASSWORD: ROOT_PASSWORD,
    LOG_LEVEL: 'silent',
    GW_WEB_DIR: webDir,
    // The relay's journal goes to a folder of this app's own, removed on close.
    GW_DATA_DIR: join(webDir, 'data'),
    // Suites make hundreds of /api calls and logins from one address; the limiter tests set their own limits.
    GLOBAL_API_RATE_LIMIT: '1000000',
    CRITICAL_RATE_LIMIT: '1000000',
    // Suites sign in hundreds of times: 2^14 instead of the default 2^17 (password.test.ts covers that).
    PASSWORD_SCRYPT_N: '16384',
    // Suites try wrong passwords on purpose; the throttle tests set their own limits.
    LOGIN_ACCOUNT_FAILURES: '1000000',
    LOGIN_IP_FAILURES: '1000000',
    // Suites price the models they use; the built-in list would price theirs too (built-in-prices.test.ts
    // starts with it on).
    AUTO_PRICE_UPDATES_MODE: 'off',
    ...env,
  });
  const app = await buildApp(config, options);
  return {
    app,
    kind,
    url: database.url,
    close: async () => {
      await app.close();
      await database.drop();
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  cookie?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary reply shapes.
  body: any;
  headers: Record<string, unknown>;
}

/** One request through inject, JSON in and out. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.token !== undefined) headers.authorization = options.token;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  let body: unknown = response.body;
  try {
    body = JSON.parse(response.body);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.statusCode, body, headers: response.headers };
}

/** Signs in and returns the `session=…` cookie pair. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await call(app, 'POST', '/api/user/login', { body: { username, password } });
  if (!response.body.success) throw new Error(`sign-in failed: ${response.body.message}`);
  const setCookie = String(response.headers['set-cookie'] ?? '');
  return setCookie.split(';')[0] ?? '';
}

/** Root creates a user; returns that user's session cookie. */
export async function createUser(
  app: FastifyInstance,
  rootCookie: string,
  username: string,
  password = 'password-123',
): Promise<string> {
  const created = await call(app, 'POST', '/api/user/', { cookie: rootCookie, body: { username, password } });
  if (!created.body.success) throw new Error(`create user failed: ${created.body.message}`);
  return signIn(app, username, password);
}

/** Creates a token as the signed-in `cookie` and returns it parsed (fails the test on a refusal). */
export async function createTokenAs(app: FastifyInstance, cookie: string, body: Record<string, unknown>) {
  const reply = await call(app, 'POST', '/api/token/', { cookie, body });
  expect(reply.body).toMatchObject({ success: true });
  return tokenSchema.parse(reply.body.data);
}

/** Every stored token row, by id: what a refused request must leave unchanged. */
export function tokenRows(app: FastifyInstance) {
  return app.gw.db.selectFrom('tokens').selectAll().orderBy('id').execute();
}
