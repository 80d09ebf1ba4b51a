import { join } from 'node:path';
import { configDir, readJsonFile, writePrivateJsonFile } from './config-file.js';
import { type SecretStore, systemSecretStore } from './keyring.js';

type Env = Record<string, string | undefined>;

/** One server gw signs in to, under a name (`gw --profile work …`). */
export interface StoredProfile {
  server?: string;
  username?: string;
  /** The access token, when no keyring holds it. */
  accessToken?: string;
  /** Set when the OS keyring holds this profile's token. */
  keyring?: boolean;
}

interface ConfigShape {
  current?: string;
  profiles: Record<string, StoredProfile>;
}

/** The profile used when none is named and none was switched to. */
export const DEFAULT_PROFILE = 'default';

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

function readProfile(value: unknown): StoredProfile {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return {
    server: text(raw.server),
    username: text(raw.username),
    accessToken: text(raw.accessToken),
    keyring: raw.keyring === true ? true : undefined,
  };
}

/** The config file's content; the single-server file of earlier versions becomes the default profile. */
function readConfig(raw: Record<string, unknown>): ConfigShape {
  if (!('profiles' in raw)) {
    const legacy = readProfile(raw);
    return { profiles: legacy.server || legacy.accessToken ? { [DEFAULT_PROFILE]: legacy } : {} };
  }
  const profiles: Record<string, StoredProfile> = {};
  for (const [name, value] of Object.entries((raw.profiles ?? {}) as Record<string, unknown>)) {
    profiles[name] = readProfile(value);
  }
  return { current: text(raw.current), profiles };
}

/**
 * The profiles in gw's config file (mode 0600), with their tokens in the OS keyring when there is
 * one. `GW_CONFIG_DIR` moves the file, so tests and several setups stay apart.
 */
export class ProfileStore {
  private readonly env: Env;
  private secrets: SecretStore | undefined | null = null;

  constructor(env: Env, secrets?: SecretStore) {
    this.env = env;
    if (secrets) this.secrets = secrets;
  }

  get path(): string {
    return join(configDir(this.env), 'config.json');
  }

  /** The keyring, looked for once and only when a token is read or written. */
  secretStore(): SecretStore | undefined {
    if (this.secrets === null) this.secrets = systemSecretStore(this.env);
    return this.secrets;
  }

  private load(): ConfigShape {
    return readConfig(readJsonFile(this.path));
  }

  private write(config: ConfigShape): void {
    writePrivateJsonFile(this.path, config);
  }

  /** The profile commands use when none is named: the one switched to last, else `default`. */
  currentName(): string {
    const config = this.load();
    return config.current ?? (Object.keys(config.profiles)[0] || DEFAULT_PROFILE);
  }

  names(): string[] {
    return Object.keys(this.load().profiles);
  }

  profile(name: string): StoredProfile | undefined {
    return this.load().profiles[name];
  }

  /** A profile's access token, from the keyring or the file. */
  accessToken(name: string): string | undefined {
    const profile = this.profile(name);
    if (!profile) return undefined;
    return profile.keyring ? this.secretStore()?.get(name) : profile.accessToken;
  }

  /** Stores a sign-in; answers where the token went (the keyring, else the file). */
  save(name: string, signIn: { server: string; username: string; accessToken: string }): 'keyring' | 'file' {
    const config = this.load();
    const inKeyring = this.secretStore()?.set(name, signIn.accessToken) === true;
    config.profiles[name] = {
      server: signIn.server,
      username: signIn.username,
      ...(inKeyring ? { keyring: true } : { accessToken: signIn.accessToken }),
    };
    config.current ??= name;
    this.write(config);
    return inKeyring ? 'keyring' : 'file';
  }

  /** Forgets a profile's token and user, keeping its server for the next sign-in. */
  signOut(name: string): void {
    const config = this.load();
    const profile = config.profiles[name];
    if (!profile) return;
    if (profile.keyring) this.secretStore()?.delete(name);
    config.profiles[name] = { server: profile.server };
    this.write(config);
  }

  /** Makes `name` the profile commands use; false when there is no such profile. */
  switchTo(name: string): boolean {
    const config = this.load();
    if (!config.profiles[name]) return false;
    config.current = name;
    this.write(config);
    return true;
  }
}
