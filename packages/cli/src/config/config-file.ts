import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

type Env = Record<string, string | undefined>;

/**
 * The folder of gw's config file: `GW_CONFIG_DIR`, else the user's config folder as `conf` (which
 * gw used before) placed it, so an existing sign-in is still found.
 */
export function configDir(env: Env, platform: NodeJS.Platform = process.platform): string {
  if (env.GW_CONFIG_DIR) return env.GW_CONFIG_DIR;
  const home = env.HOME || homedir();
  if (platform === 'darwin') return join(home, 'Library', 'Preferences', 'gw');
  if (platform === 'win32') return join(env.APPDATA || join(home, 'AppData', 'Roaming'), 'gw', 'Config');
  return join(env.XDG_CONFIG_HOME || join(home, '.config'), 'gw');
}

/** Reads a JSON file; a missing or unreadable one is empty. */
export function readJsonFile(path: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Writes a JSON file readable by its owner only (it may hold access tokens): into a temporary file
 * first, so a crash never leaves half a config behind.
 */
export function writePrivateJsonFile(path: string, value: unknown): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  chmodSync(temporary, 0o600);
  renameSync(temporary, path);
}
