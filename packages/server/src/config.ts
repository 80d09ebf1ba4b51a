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
  /** Put before every Redis key and channel (REDIS_KEY_PREFIX), so several deployments can share one Redis. */
  redisKeyPrefix: string;
  /** Signs the `session` cookie; generated and persisted in the options table when unset. */
  sessionSecret: string | undefined;
  /** A session ends this many seconds after sign-in, however it is used (SESSION_MAX_AGE, default 30 days). */
  sessionMaxAgeSeconds: number;
  /** A session ends after this many seconds without a request; 0 = never (SESSION_IDLE_TIMEOUT, default 7 days). */
  sessionIdleSeconds: number;
  /** Signs API keys (contract §5.3); generated and persisted when unset. */
  userTokenSecret: string | undefined;
  /** The first root account's password; a random one is printed once when unset. */
  rootPassword: string | undefined;
  /** The built web console; `undefined` never, but the folder may be missing. */
  webDir: string;
  logLevel: string;
  /** Where the relay keeps its settlement journal (GW_DATA_DIR; default: beside the SQLite file, else ./data). */
  dataDir: string;
  /** Names this process's journal; processes sharing a data folder need distinct ids (GW_NODE_ID). */
  nodeId: string;
  /**
   * Relay processes of `gw serve` behind one port (GW_WORKERS, or `--workers`); undefined = the default:
   * one per core on PostgreSQL/MySQL, one on SQLite (cluster/serve-workers.ts).
   */
  workers: number | undefined;
  /**
   * Whether the built-in price list is added at start (AUTO_PRICE_UPDATES_MODE: `system`, one-hub's
   * default, or `off`) and whether into a table that already has prices (AUTO_PRICE_UPDATES; otherwise only
   * into an empty one).
   */
  priceSeed: Readonly<{ mode: 'system' | 'off'; always: boolean }>;
  /** The relay's settlement batches are written this often, in milliseconds (BATCH_UPDATE_INTERVAL, seconds). */
  batchFlushMs: number;
  /** Whole upstream request timeout in seconds, 0 = none (RELAY_TIMEOUT). */
  relayTimeoutSeconds: number;
  /** Upstream TCP connect timeout in seconds (CONNECT_TIMEOUT). */
  connectTimeoutSeconds: number;
  /** Upstream response headers (first byte) must arrive within this many seconds (UPSTREAM_HEADERS_TIMEOUT). */
  upstreamHeadersTimeoutSeconds: number;
  /** The longest silence between two chunks of an upstream body, seconds (UPSTREAM_IDLE_TIMEOUT). */
  upstreamIdleTimeoutSeconds: number;
  /** Each upstream call of a channel test, balance update or model list, whole, seconds (CHANNEL_TEST_TIMEOUT). */
  channelTestTimeoutSeconds: number;
  /** A Realtime WebSocket session silent both ways this long is ended (REALTIME_IDLE_TIMEOUT, spec §11.5). */
  realtimeIdleTimeoutSeconds: number;
  /** A client must have sent its whole request, headers and body, within this many seconds (CLIENT_REQUEST_TIMEOUT). */
  clientRequestTimeoutSeconds: number;
  /** A client must have sent its request headers within this many seconds (CLIENT_HEADERS_TIMEOUT). */
  clientHeadersTimeoutSeconds: number;
  /** The header holding the client IP behind a proxy (TRUSTED_HEADER); unset = the socket address. */
  trustedHeader: string | undefined;
  /** Per-IP requests per 180 s on /api (GLOBAL_API_RATE_LIMIT, default 300; 0 = off). */
  globalApiRateLimit: number;
  /** Per-IP requests per 1200 s on login, registration and mail flows (CRITICAL_RATE_LIMIT, default 20; 0 = off). */
  criticalRateLimit: number;
  /** On SIGTERM/SIGINT, requests in flight get this many seconds to finish before they are cut (SHUTDOWN_TIMEOUT, default 30). */
  shutdownTimeoutSeconds: number;
  /** The scrypt cost N of new password hashes, a power of two (PASSWORD_SCRYPT_N, default 2^17 = 131072). */
  passwordScryptN: number;
  /** Failed sign-ins of one account before each further one locks it, doubling (LOGIN_ACCOUNT_FAILURES, default 5). */
  loginAccountFailures: number;
  /** Failed sign-ins from one IP before each further one locks it, doubling (LOGIN_IP_FAILURES, default 20). */
  loginIpFailures: number;
  /** The longest sign-in lock, seconds (LOGIN_BACKOFF_MAX, default 900). */
  loginBackoffMaxSeconds: number;
  /**
   * Mails are written as files into this folder instead of being sent (MAIL_OUTBOX_DIR): for trying
   * registration and password reset without a mail server, and for end-to-end tests.
   */
  mailOutboxDir: string | undefined;
  /** A SearxNG instance (JSON format on) for the `#search` model suffix (SEARCH_SEARXNG_URL, one-hub's search.searxng.url). */
  searchSearxngUrl: string | undefined;
  /** A Tavily API key for the `#search` suffix when no SearxNG is set (SEARCH_TAVILY_KEY, one-hub's search.tavily.key). */
  searchTavilyKey: string | undefined;
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
/**
 * one-hub without `SQL_DSN` uses SQLite at `SQLITE_PATH` (a plain file path, possibly with Go driver
 * options after `?`): taken when neither DATABASE_URL nor SQL_DSN is set, so that deployment's
 * environment finds its database unchanged (docs/moving-from-one-hub.md).
 */
function oneHubSqlitePath(path: string | undefined): string | undefined {
  const file = path?.split('?')[0]?.trim();
  return file ? `sqlite:${file}` : undefined;
}

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
  const database = Object.freeze(
    parseDatabaseUrl(
      value('DATABASE_URL', 'SQL_DSN') ?? oneHubSqlitePath(value('SQLITE_PATH')) ?? 'sqlite:./data/gw.db',
      cwd,
      databaseVariable,
    ),
  );
  const dataDir = value('GW_DATA_DIR');
  const nodeId = value('GW_NODE_ID') ?? 'main';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(nodeId)) {
    throw new ConfigError('GW_NODE_ID', 'use 1–64 letters, digits, ".", "_" or "-"');
  }
  const clientRequestTimeoutSeconds = parseSeconds(
    'CLIENT_REQUEST_TIMEOUT',
    value('CLIENT_REQUEST_TIMEOUT'),
    60,
    0.1,
  );
  const clientHeadersTimeoutSeconds = parseSeconds(
    'CLIENT_HEADERS_TIMEOUT',
    value('CLIENT_HEADERS_TIMEOUT'),
    Math.min(30, clientRequestTimeoutSeconds),
    0.1,
  );
  // Node refuses to start a server whose headers may take longer than the whole request.
  if (clientHeadersTimeoutSeconds > clientRequestTimeoutSeconds) {
    throw new ConfigError('CLIENT_HEADERS_TIMEOUT', 'must not exceed CLIENT_REQUEST_TIMEOUT');
  }
  return Object.freeze({
    port: parsePort(value('PORT')),
    host: value('HOST') ?? '0.0.0.0',
    database,
    redisUrl: parseRedisUrl(value('REDIS_URL', 'REDIS_CONN_STRING')),
    redisKeyPrefix: value('REDIS_KEY_PREFIX') ?? '',
    sessionSecret: value('SESSION_SECRET'),
    sessionMaxAgeSeconds: Math.round(
      parseSeconds('SESSION_MAX_AGE', value('SESSION_MAX_AGE'), 2_592_000, 60),
    ),
    sessionIdleSeconds: Math.round(
      parseSeconds('SESSION_IDLE_TIMEOUT', value('SESSION_IDLE_TIMEOUT'), 604_800, 0),
    ),
    userTokenSecret: value('USER_TOKEN_SECRET'),
    rootPassword: value('GW_ROOT_PASSWORD'),
    webDir: webDir ? resolve(cwd, webDir) : defaultWebDir(),
    logLevel,
    dataDir: dataDir ? resolve(cwd, dataDir) : defaultDataDir(database, cwd),
    nodeId,
    workers: parseWorkers(value('GW_WORKERS')),
    priceSeed: Object.freeze({
      mode: parsePriceSeedMode(value('AUTO_PRICE_UPDATES_MODE')),
      always: parseSwitch('AUTO_PRICE_UPDATES', value('AUTO_PRICE_UPDATES'), false),
    }),
    batchFlushMs: Math.round(
      parseSeconds('BATCH_UPDATE_INTERVAL', value('BATCH_UPDATE_INTERVAL'), 1, 0.01) * 1000,
    ),
    relayTimeoutSeconds: parseSeconds('RELAY_TIMEOUT', value('RELAY_TIMEOUT'), 0, 0),
    connectTimeoutSeconds: parseSeconds('CONNECT_TIMEOUT', value('CONNECT_TIMEOUT'), 5, 0.1),
    // Ten minutes, the OpenAI SDK's own default: a non-streamed reasoning answer sends its headers only
    // when it is complete, and a reasoning stream may be silent as long before its first token.
    upstreamHeadersTimeoutSeconds: parseSeconds(
      'UPSTREAM_HEADERS_TIMEOUT',
      value('UPSTREAM_HEADERS_TIMEOUT'),
      600,
      0.01,
    ),
    upstreamIdleTimeoutSeconds: parseSeconds(
      'UPSTREAM_IDLE_TIMEOUT',
      value('UPSTREAM_IDLE_TIMEOUT'),
      600,
      0.01,
    ),
    channelTestTimeoutSeconds: parseSeconds('CHANNEL_TEST_TIMEOUT', value('CHANNEL_TEST_TIMEOUT'), 60, 0.01),
    realtimeIdleTimeoutSeconds: parseSeconds(
      'REALTIME_IDLE_TIMEOUT',
      value('REALTIME_IDLE_TIMEOUT'),
      120,
      0.01,
    ),
    clientRequestTimeoutSeconds,
    clientHeadersTimeoutSeconds,
    trustedHeader: value('TRUSTED_HEADER')?.toLowerCase(),
    globalApiRateLimit: parseCount('GLOBAL_API_RATE_LIMIT', value('GLOBAL_API_RATE_LIMIT'), 300),
    criticalRateLimit: parseCount('CRITICAL_RATE_LIMIT', value('CRITICAL_RATE_LIMIT'), 20),
    shutdownTimeoutSeconds: parseSeconds('SHUTDOWN_TIMEOUT', value('SHUTDOWN_TIMEOUT'), 30, 0),
    passwordScryptN: parseScryptN(value('PASSWORD_SCRYPT_N')),
    loginAccountFailures: parseCount('LOGIN_ACCOUNT_FAILURES', value('LOGIN_ACCOUNT_FAILURES'), 5),
    loginIpFailures: parseCount('LOGIN_IP_FAILURES', value('LOGIN_IP_FAILURES'), 20),
    loginBackoffMaxSeconds: parseSeconds('LOGIN_BACKOFF_MAX', value('LOGIN_BACKOFF_MAX'), 900, 1),
    mailOutboxDir: optionalDir(value('MAIL_OUTBOX_DIR'), cwd),
    searchSearxngUrl: parseHttpUrl('SEARCH_SEARXNG_URL', value('SEARCH_SEARXNG_URL')),
    searchTavilyKey: value('SEARCH_TAVILY_KEY'),
  });
}

/** An optional http(s) URL. */
function parseHttpUrl(variable: string, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(variable, `"${text}" is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(variable, `"${text}" is not an http or https URL`);
  }
  return text;
}

/** An optional folder, resolved against the working directory. */
function optionalDir(text: string | undefined, cwd: string): string | undefined {
  return text === undefined ? undefined : resolve(cwd, text);
}

/** The data folder when GW_DATA_DIR is unset: the SQLite file's folder, else ./data. */
function defaultDataDir(database: DatabaseConfig, cwd: string): string {
  if (database.kind === 'sqlite' && database.file && database.file !== ':memory:')
    return dirname(database.file);
  return resolve(cwd, 'data');
}

/** A number of seconds ≥ `min`, or the default when unset. */
function parseSeconds(variable: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds < min) {
    throw new ConfigError(variable, `"${text}" is not a number of seconds (at least ${min})`);
  }
  return seconds;
}

/** true/false (also 1/0, yes/no, on/off), or the default when unset. */
function parseSwitch(variable: string, text: string | undefined, fallback: boolean): boolean {
  if (text === undefined) return fallback;
  const word = text.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(word)) return true;
  if (['false', '0', 'no', 'off'].includes(word)) return false;
  throw new ConfigError(variable, `"${text}" is not true or false`);
}

/**
 * `system` (the built-in price list) or `off`. one-hub's other modes take the list from
 * update_price_service on a timer, which gw does not do: they are refused with the way to do it instead.
 */
function parsePriceSeedMode(text: string | undefined): 'system' | 'off' {
  if (text === undefined) return 'system';
  const mode = text.toLowerCase();
  if (mode === 'system' || mode === 'off') return mode;
  if (['add', 'update', 'overwrite'].includes(mode)) {
    throw new ConfigError(
      'AUTO_PRICE_UPDATES_MODE',
      `"${text}" takes prices from a price service on a timer, which gw does not do; use "system" or "off" and import a remote list from the console's price screen (check updates)`,
    );
  }
  throw new ConfigError('AUTO_PRICE_UPDATES_MODE', `"${text}" is not "system" or "off"`);
}

/** A whole number ≥ 0, or the default when unset. */
function parseCount(variable: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const count = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(count)) {
    throw new ConfigError(variable, `"${text}" is not a whole number (0 or more)`);
  }
  return count;
}

/** A power of two from 2^10 to 2^20, or 2^17 (OWASP) when unset. */
function parseScryptN(text: string | undefined): number {
  if (text === undefined) return 131_072;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1024 || n > 1_048_576 || (n & (n - 1)) !== 0) {
    throw new ConfigError('PASSWORD_SCRYPT_N', `"${text}" is not a power of two from 1024 to 1048576`);
  }
  return n;
}

/** The most worker processes `gw serve` starts. */
export const MAX_WORKERS = 256;

function parseWorkers(text: string | undefined): number | undefined {
  if (text === undefined || text === '' || text === 'auto') return undefined;
  const workers = Number(text);
  if (!Number.isInteger(workers) || workers < 1 || workers > MAX_WORKERS) {
    throw new ConfigError('GW_WORKERS', `use a whole number from 1 to ${MAX_WORKERS}, or auto`);
  }
  return workers;
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
export function parseDatabaseUrl(given: string, cwd: string, variable = 'DATABASE_URL'): DatabaseConfig {
  const url = goMysqlDsnToUrl(given) ?? given;
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
    `unsupported database URL "${redactUrl(url)}"; use sqlite:<file>, postgres://…, mysql://… or user:pass@tcp(host:3306)/db`,
  );
}

/** Go's MySQL driver options that mean nothing to mysql2 (it reads times and zones its own way). */
const GO_ONLY_DSN_PARAMS = new Set([
  'parseTime',
  'loc',
  'allowNativePasswords',
  'checkConnLiveness',
  'collation',
]);

/**
 * one-hub's `SQL_DSN` is Go's MySQL DSN, `user:pass@tcp(host:3306)/db?charset=utf8mb4&parseTime=True`
 * (or `unix(/path/to/socket)`): the same as a `mysql://` URL, so a one-hub deployment's environment works
 * unchanged (issue 15). Undefined for anything else.
 */
export function goMysqlDsnToUrl(dsn: string): string | undefined {
  // The password may hold "@": the address starts after the last one before `tcp(` / `unix(`.
  const match = /^(?:([^:@/]*)(?::(.*))?@)?(tcp|unix)\(([^)]*)\)\/([^?/]*)(?:\?(.*))?$/.exec(dsn);
  if (!match) return undefined;
  const [, user = '', password, protocol, address = '', database = '', query = ''] = match;
  const params = new URLSearchParams();
  for (const [key, value] of new URLSearchParams(query)) {
    if (!GO_ONLY_DSN_PARAMS.has(key)) params.append(key, value);
  }
  let host = address || '127.0.0.1:3306';
  if (protocol === 'unix') {
    params.set('socketPath', address);
    host = 'localhost';
  } else if (!/:\d+$/.test(host)) {
    host = `${host}:3306`;
  }
  const credentials = user
    ? `${encodeURIComponent(user)}${password === undefined ? '' : `:${encodeURIComponent(password)}`}@`
    : '';
  const search = params.size > 0 ? `?${params}` : '';
  return `mysql://${credentials}${host}/${encodeURIComponent(database)}${search}`;
}

/** Creates the folder that holds a SQLite file. */
export function ensureSqliteFolder(database: DatabaseConfig): void {
  if (database.kind === 'sqlite' && database.file && database.file !== ':memory:') {
    mkdirSync(dirname(database.file), { recursive: true });
  }
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  return url
    .replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@')
    .replace(/^([^:@/]*):.*@(tcp|unix)\(/, '$1:***@$2(')
    .replace(/^([^:@/]*):[^/]*@/, '$1:***@');
}
