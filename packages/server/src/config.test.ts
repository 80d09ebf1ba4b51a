// Config from the environment: defaults, one-hub aliases, clear errors, and secrets that survive restarts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { defaultWorkers } from './cluster/serve-workers.js';
import { ConfigError, defaultWebDir, loadConfig } from './config.js';
import { call, signIn } from './test-support/test-app.js';

describe('loadConfig', () => {
  it('Given no environment, Then it uses the documented defaults', () => {
    const config = loadConfig({}, '/srv/gw');
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: '/srv/gw/data/gw.db' },
      redisUrl: undefined,
      sessionSecret: undefined,
      userTokenSecret: undefined,
      rootPassword: undefined,
      webDir: defaultWebDir(),
    });
    expect(defaultWebDir()).toMatch(/packages\/web\/dist$/);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('bounds every upstream wait by default (connect, first byte, silence, channel checks) and reads each', () => {
    expect(loadConfig({})).toMatchObject({
      relayTimeoutSeconds: 0,
      connectTimeoutSeconds: 5,
      upstreamHeadersTimeoutSeconds: 600,
      upstreamIdleTimeoutSeconds: 600,
      channelTestTimeoutSeconds: 60,
      realtimeIdleTimeoutSeconds: 120,
    });
    const set = loadConfig({
      RELAY_TIMEOUT: '900',
      UPSTREAM_HEADERS_TIMEOUT: '120',
      UPSTREAM_IDLE_TIMEOUT: '90',
      CHANNEL_TEST_TIMEOUT: '15',
      REALTIME_IDLE_TIMEOUT: '45',
    });
    expect(set).toMatchObject({
      relayTimeoutSeconds: 900,
      upstreamHeadersTimeoutSeconds: 120,
      upstreamIdleTimeoutSeconds: 90,
      channelTestTimeoutSeconds: 15,
      realtimeIdleTimeoutSeconds: 45,
    });
    for (const variable of [
      'UPSTREAM_HEADERS_TIMEOUT',
      'UPSTREAM_IDLE_TIMEOUT',
      'CHANNEL_TEST_TIMEOUT',
      'REALTIME_IDLE_TIMEOUT',
    ]) {
      expect(() => loadConfig({ [variable]: '0' })).toThrow(new RegExp(`^${variable}:`));
    }
  });

  it('bounds how long a client may take to send its request, headers within the whole', () => {
    expect(loadConfig({})).toMatchObject({
      clientRequestTimeoutSeconds: 60,
      clientHeadersTimeoutSeconds: 30,
    });
    expect(loadConfig({ CLIENT_REQUEST_TIMEOUT: '10' })).toMatchObject({
      clientRequestTimeoutSeconds: 10,
      clientHeadersTimeoutSeconds: 10,
    });
    expect(() => loadConfig({ CLIENT_REQUEST_TIMEOUT: '10', CLIENT_HEADERS_TIMEOUT: '20' })).toThrow(
      /^CLIENT_HEADERS_TIMEOUT:/,
    );
    expect(() => loadConfig({ CLIENT_REQUEST_TIMEOUT: '0' })).toThrow(/^CLIENT_REQUEST_TIMEOUT:/);
  });

  it('reads GW_WORKERS (a whole number from 1, or auto) and defaults per database', () => {
    expect(loadConfig({}).workers).toBeUndefined();
    expect(loadConfig({ GW_WORKERS: 'auto' }).workers).toBeUndefined();
    expect(loadConfig({ GW_WORKERS: '4' }).workers).toBe(4);
    for (const bad of ['0', '-1', '1.5', 'many', '257']) {
      expect(() => loadConfig({ GW_WORKERS: bad })).toThrow(/^GW_WORKERS:/);
    }
    expect(defaultWorkers('sqlite', 8)).toBe(1);
    expect(defaultWorkers('postgres', 8)).toBe(8);
    expect(defaultWorkers('mysql', 32)).toBe(32);
  });

  it('accepts one-hub’s SQL_DSN and REDIS_CONN_STRING aliases, the gw names winning', () => {
    const aliased = loadConfig({ SQL_DSN: 'mysql://root@db/gw', REDIS_CONN_STRING: 'redis://cache:6379' });
    expect(aliased.database).toEqual({ kind: 'mysql', url: 'mysql://root@db/gw' });
    expect(aliased.redisUrl).toBe('redis://cache:6379');
    const both = loadConfig({ SQL_DSN: 'mysql://root@db/gw', DATABASE_URL: 'postgresql://pg/gw' });
    expect(both.database.kind).toBe('postgres');
  });

  it('finds one-hub’s SQLite file through SQLITE_PATH when no DSN is set', () => {
    const sqlite = loadConfig({ SQLITE_PATH: 'one-api.db?_busy_timeout=5000' }, '/srv/one-hub');
    expect(sqlite.database).toMatchObject({ kind: 'sqlite', file: '/srv/one-hub/one-api.db' });
    const dsnWins = loadConfig({ SQLITE_PATH: 'one-api.db', SQL_DSN: 'mysql://root@db/gw' });
    expect(dsnWins.database.kind).toBe('mysql');
  });

  it('reads port, host, secrets, root password and web folder', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        HOST: '127.0.0.1',
        SESSION_SECRET: 's1',
        USER_TOKEN_SECRET: 'u1',
        GW_ROOT_PASSWORD: 'pw-123456',
        GW_WEB_DIR: 'web',
        DATABASE_URL: 'sqlite:///var/lib/gw.db',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      sessionSecret: 's1',
      userTokenSecret: 'u1',
      rootPassword: 'pw-123456',
      webDir: '/srv/web',
      database: { kind: 'sqlite', file: '/var/lib/gw.db' },
    });
  });

  it('reads the #search engine settings (one-hub search.searxng.url and search.tavily.key)', () => {
    expect(loadConfig({})).toMatchObject({ searchSearxngUrl: undefined, searchTavilyKey: undefined });
    const config = loadConfig({ SEARCH_SEARXNG_URL: 'http://127.0.0.1:8888', SEARCH_TAVILY_KEY: ' tvly-1 ' });
    expect(config).toMatchObject({ searchSearxngUrl: 'http://127.0.0.1:8888', searchTavilyKey: 'tvly-1' });
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'oracle://x' }, 'DATABASE_URL'],
    [{ SQL_DSN: 'mongodb://u:secret@x' }, 'SQL_DSN'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ SEARCH_SEARXNG_URL: 'searx.local' }, 'SEARCH_SEARXNG_URL'],
    [{ SEARCH_SEARXNG_URL: 'ftp://searx.local' }, 'SEARCH_SEARXNG_URL'],
  ])('refuses %o naming the variable', (env, variable) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^${variable}:`));
  });

  it('never echoes a database password in its error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'oracle://user:hunter2@db' })).toThrow(/user:\*\*\*@/);
  });
});

describe('secrets and root bootstrap', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('Given no secrets in the environment, When the server restarts, Then the first session still works', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-restart-'));
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`,
      GW_ROOT_PASSWORD: 'first-password',
      LOG_LEVEL: 'silent',
    };
    const first = await buildApp(loadConfig(env));
    const cookie = await signIn(first, 'root', 'first-password');
    const created = await call(first, 'POST', '/api/token/', { cookie, body: { name: 'kept' } });
    await first.close();

    const second = await buildApp(loadConfig(env));
    const self = await call(second, 'GET', '/api/user/self', { cookie });
    expect(self.body).toMatchObject({ success: true, data: { username: 'root' } });
    expect(second.gw.secrets.session).toBe(first.gw.secrets.session);
    expect(second.gw.secrets.userToken).toBe(first.gw.secrets.userToken);
    const again = await call(second, 'GET', `/api/token/${created.body.data.id}`, { cookie });
    expect(again.body.data.key).toBe(created.body.data.key);
    await second.close();
  });

  it('Given a restart, Then a session lives on in the database, and one signed out does not', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-secret-'));
    const base = {
      DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`,
      GW_ROOT_PASSWORD: 'pw-1234567',
      LOG_LEVEL: 'silent',
    };
    const first = await buildApp(loadConfig(base));
    const kept = await signIn(first, 'root', 'pw-1234567');
    const ended = await signIn(first, 'root', 'pw-1234567');
    await call(first, 'GET', '/api/user/logout', { cookie: ended });
    await first.close();
    const second = await buildApp(loadConfig(base));
    expect((await call(second, 'GET', '/api/user/self', { cookie: kept })).status).toBe(200);
    expect((await call(second, 'GET', '/api/user/self', { cookie: ended })).status).toBe(401);
    await second.close();
  });

  it('Given no GW_ROOT_PASSWORD, Then a random root password is logged once and works', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-root-'));
    const env = { DATABASE_URL: `sqlite:${join(dir, 'gw.db')}`, LOG_LEVEL: 'warn' };
    let log = '';
    const stream = new PassThrough();
    stream.on('data', (chunk) => {
      log += String(chunk);
    });
    const first = await buildApp(loadConfig(env), { logStream: stream });
    const password = /初始密码：(\S+?)（/.exec(log)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(password).not.toBe('123456');
    await signIn(first, 'root', password);
    await first.close();

    log = '';
    const second = await buildApp(loadConfig(env), { logStream: stream });
    expect(log).not.toContain(password);
    await second.close();
  });

  it('creates the folder of a relative SQLite path under the working directory', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gw-folder-'));
    const app = await buildApp(loadConfig({ GW_ROOT_PASSWORD: 'pw-1234567', LOG_LEVEL: 'silent' }, dir));
    await app.close();
    const { existsSync } = await import('node:fs');
    expect(existsSync(join(dir, 'data', 'gw.db'))).toBe(true);
  });
});
