// @gw/server: the gateway server. `gw serve` loads this lazily and calls startServer.
export { type BuildAppOptions, buildApp } from './app.js';
export {
  ConfigError,
  type DatabaseConfig,
  type DatabaseKind,
  loadConfig,
  type ServerConfig,
} from './config.js';
export { BackupError, backupSqlite } from './db/backup.js';
export { buildOpenApiDocument } from './plugins/openapi.js';
export { type RunningServer, type StartServerOptions, startServer } from './server.js';
export { defaultWorkers, type ServeOptions, serve } from './cluster/serve-workers.js';
