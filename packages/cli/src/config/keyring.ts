import type * as ChildProcess from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

type Env = Record<string, string | undefined>;

/** Where access tokens are kept when the OS offers a keyring: one secret per profile. */
export interface SecretStore {
  /** Shown by `gw auth status`. */
  readonly name: string;
  get(profile: string): string | undefined;
  set(profile: string, secret: string): boolean;
  delete(profile: string): void;
}

/** Finds a program on PATH without running a shell. */
export function findOnPath(program: string, env: Env): string | undefined {
  for (const dir of (env.PATH ?? '').split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, program);
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

// Loaded on first use: most commands never reach the keyring (GW_TOKEN set, or no keyring at all).
const require = createRequire(import.meta.url);
const childProcess = () => require('node:child_process') as typeof ChildProcess;

const ATTRIBUTES = (profile: string) => ['service', 'gw', 'profile', profile];

/**
 * The desktop keyring through libsecret's `secret-tool` (GNOME Keyring, KWallet): no native module to
 * build. Used when the program is on PATH and a session bus is there to reach the keyring; `GW_KEYRING=off`
 * turns it off. Returns undefined when there is no keyring, and the config file keeps the token.
 */
export function systemSecretStore(env: Env): SecretStore | undefined {
  if (env.GW_KEYRING === 'off' || env.GW_KEYRING === '0') return undefined;
  if (process.platform !== 'linux' && process.platform !== 'freebsd') return undefined;
  if (!env.DBUS_SESSION_BUS_ADDRESS) return undefined;
  const program = findOnPath('secret-tool', env);
  if (!program) return undefined;
  const run = (args: string[], input?: string) =>
    childProcess().spawnSync(program, args, {
      env,
      input,
      encoding: 'utf8',
      timeout: 5000,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
  return {
    name: 'secret-tool',
    get: (profile) => {
      const result = run(['lookup', ...ATTRIBUTES(profile)]);
      const secret = result.status === 0 ? result.stdout.replace(/\r?\n$/, '') : '';
      return secret || undefined;
    },
    set: (profile, secret) =>
      run(['store', `--label=gw (${profile})`, ...ATTRIBUTES(profile)], secret).status === 0,
    delete: (profile) => {
      run(['clear', ...ATTRIBUTES(profile)]);
    },
  };
}
