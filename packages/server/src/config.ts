// Environment → one frozen configuration object; every setting of the server is read here and only here.
import { mkdirSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type DatabaseKind = 'sqlite' | 'postgres' | 'mysql';

export interface DatabaseConfig {
  kind: DatabaseKind;
  /** The URL as given (SQLite: `sqlite:<path>`). */
  url: string;
  /** SQLite only: the absolute file path (`:memory:` stays as is). */
  file?: string;
}

export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseConfig;
  redisUrl: string | undefined;
  /** Signs the `session` cookie; generated and persisted in the options table when unset. */
  sessionSecret: string | undefined;
  /** Signs API keys (contract §5.3); generated and persisted when unset. */
  userTokenSecret: string | undefined;
  /** The first root account's password; a random one is printed once when unset. */
  rootPassword: string | undefined;
  /** The built web console; `undefined` never, but the folder may be missing. */
  webDir: string;
  logLevel: string;
}

/** A setting that cannot be used, named by its environment variable. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** The web build beside this package: `packages/web/dist`, found from this file's own location. */
export function defaultWebDir(): string {
  // src/config.ts and dist/config.js both sit one level below the package folder.
  const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  return resolve(packageDir, '..', 'web', 'dist');
}

/** Reads the environment (with one-hub's aliases) into a frozen config; throws ConfigError on bad values. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<ServerConfig> {
  const value = (name: string, alias?: string) => {
    const own = env[name]?.trim();
    if (own) return own;
    const aliased = alias ? env[alias]?.trim() : undefined;
    return aliased || undefined;
  };
  const databaseVariable = env.DATABASE_URL?.trim()
    ? 'DATABASE_URL'
    : env.SQL_DSN?.trim()
      ? 'SQL_DSN'
      : 'DATABASE_URL';
  const logLevel = value('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}`);
  }
  const webDir = value('GW_WEB_DIR');
  return Object.freeze({
    port: parsePort(value('PORT')),
    host: value('HOST') ?? '0.0.0.0',
    database: Object.freeze(
      parseDatabaseUrl(value('DATABASE_URL', 'SQL_DSN') ?? 'sqlite:./data/gw.db', cwd, databaseVariable),
    ),
    redisUrl: parseRedisUrl(value('REDIS_URL', 'REDIS_CONN_STRING')),
    sessionSecret: value('SESSION_SECRET'),
    userTokenSecret: value('USER_TOKEN_SECRET'),
    rootPassword: value('GW_ROOT_PASSWORD'),
    webDir: webDir ? resolve(cwd, webDir) : defaultWebDir(),
    logLevel,
  });
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 3000;
  const port = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError('PORT', `"${text}" is not a port number (0–65535)`);
  }
  return port;
}

function parseRedisUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!/^rediss?:\/\//.test(text)) {
    throw new ConfigError('REDIS_URL', 'must start with redis:// or rediss://');
  }
  return text;
}

/** Picks the database from its URL: `sqlite:<path>`, `postgres(ql)://…` or `mysql://…`. */
export function parseDatabaseUrl(url: string, cwd: string, variable = 'DATABASE_URL'): DatabaseConfig {
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  if (/^mysql:\/\//.test(url)) return { kind: 'mysql', url };
  const sqlite = /^sqlite:(?:\/\/)?(.+)$/.exec(url);
  if (sqlite?.[1]) {
    const path = sqlite[1];
    if (path === ':memory:') return { kind: 'sqlite', url, file: path };
    return { kind: 'sqlite', url, file: isAbsolute(path) ? path : resolve(cwd, path) };
  }
  throw new ConfigError(
    variable,
    `unsupported database URL "${redactUrl(url)}"; use sqlite:<file>, postgres://… or mysql://…`,
  );
}

/** Creates the folder that holds a SQLite file. */
export function ensureSqliteFolder(database: DatabaseConfig): void {
  if (database.kind === 'sqlite' && database.file && database.file !== ':memory:') {
    mkdirSync(dirname(database.file), { recursive: true });
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}
