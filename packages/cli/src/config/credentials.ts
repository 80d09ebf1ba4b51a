import type { ProfileStore } from './profiles.js';

type Env = Record<string, string | undefined>;

/** Where a value came from, so `gw auth status` and `gw logout` can say so. */
export type CredentialSource = 'env' | 'keyring' | 'config';

export interface ResolvedCredentials {
  profile: string;
  server: string | undefined;
  serverSource: CredentialSource | undefined;
  accessToken: string | undefined;
  tokenSource: CredentialSource | undefined;
  username: string | undefined;
}

/**
 * The server and token a command uses: `GW_SERVER` and `GW_TOKEN` win (CI), then the profile named by
 * `--profile` or `GW_PROFILE`, then the one switched to last.
 */
export function resolveCredentials(store: ProfileStore, env: Env, profileFlag?: string): ResolvedCredentials {
  const profile = profileFlag || env.GW_PROFILE || store.currentName();
  const stored = store.profile(profile);
  const envServer = env.GW_SERVER?.trim();
  const envToken = env.GW_TOKEN?.trim();
  const storedToken = envToken ? undefined : store.accessToken(profile);
  return {
    profile,
    server: envServer || stored?.server,
    serverSource: envServer ? 'env' : stored?.server ? 'config' : undefined,
    accessToken: envToken || storedToken,
    tokenSource: envToken ? 'env' : storedToken ? (stored?.keyring ? 'keyring' : 'config') : undefined,
    username: envToken ? undefined : stored?.username,
  };
}
