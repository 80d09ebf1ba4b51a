// What every resource receives from app.ts: the database, secrets and site options (composed one level up).
import type { DatabaseKind, ServerConfig } from '../config.js';
import type { GwDb } from '../db/database.js';

/** Reads and writes site options (`options` table) with their documented defaults. */
export interface OptionStore {
  get(key: string): Promise<string | undefined>;
  getMany(keys: readonly string[]): Promise<Map<string, string>>;
  set(key: string, value: string): Promise<void>;
}

export interface AppSecrets {
  /** Signs the `session` cookie. */
  session: string;
  /** Signs API keys (contract §5.3). */
  userToken: string;
}

export interface AppContext {
  config: Readonly<ServerConfig>;
  db: GwDb;
  dbKind: DatabaseKind;
  secrets: Readonly<AppSecrets>;
  options: OptionStore;
  /** Unix seconds when this process started serving. */
  startTime: number;
}
