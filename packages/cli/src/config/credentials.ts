import { DEFAULT_SERVER_URL } from '@gw/core';
import Conf from 'conf';

/** What `gw login` remembers between runs. */
export interface StoredCredentials {
  server?: string;
  accessToken?: string;
  username?: string;
}

type Env = Record<string, string | undefined>;

/**
 * The config file (`conf`, project `gw`). `GW_CONFIG_DIR` moves it, so tests and several profiles
 * stay apart. The file holds an access token, so it is written readable by its owner only.
 */
export class CredentialStore {
  private conf: Conf<StoredCredentials> | undefined;
  private readonly env: Env;

  constructor(env: Env) {
    this.env = env;
  }

  private store(): Conf<StoredCredentials> {
    this.conf ??= new Conf<StoredCredentials>({
      projectName: 'gw',
      projectSuffix: '',
      configFileMode: 0o600,
      ...(this.env.GW_CONFIG_DIR ? { cwd: this.env.GW_CONFIG_DIR } : {}),
    });
    return this.conf;
  }

  /** The stored credentials (empty when nobody signed in). */
  read(): StoredCredentials {
    const { server, accessToken, username } = this.store().store;
    return { server, accessToken, username };
  }

  /** Replaces the stored credentials. */
  save(credentials: StoredCredentials): void {
    this.store().store = { ...credentials };
  }

  /** Forgets the access token and user, keeping the server for the next `gw login`. */
  clear(): void {
    const { server } = this.read();
    this.store().store = server ? { server } : {};
  }

  /** Where the file lives (for `gw help environment` and messages). */
  get path(): string {
    return this.store().path;
  }
}

/** Where a value came from, so `gw whoami` and `gw logout` can say so. */
export type CredentialSource = 'env' | 'config' | 'default';

export interface ResolvedCredentials {
  server: string;
  serverSource: CredentialSource;
  accessToken: string | undefined;
  tokenSource: CredentialSource | undefined;
  username: string | undefined;
}

/** Applies the environment over the stored file: `GW_SERVER` and `GW_TOKEN` win (for scripts). */
export function resolveCredentials(stored: StoredCredentials, env: Env): ResolvedCredentials {
  const envServer = env.GW_SERVER?.trim();
  const envToken = env.GW_TOKEN?.trim();
  return {
    server: envServer || stored.server || DEFAULT_SERVER_URL,
    serverSource: envServer ? 'env' : stored.server ? 'config' : 'default',
    accessToken: envToken || stored.accessToken || undefined,
    tokenSource: envToken ? 'env' : stored.accessToken ? 'config' : undefined,
    username: envToken ? undefined : stored.username,
  };
}
