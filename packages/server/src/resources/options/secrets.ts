// Secrets the server needs on every start: taken from the environment, else generated once and kept in
// the options table so a restart keeps every session and API key valid.
import { randomBytes } from 'node:crypto';
import type { AppSecrets, OptionStore } from '../../shared/context.js';

// Keys end in "Secret" so the option listing (one-hub hides *Secret / *Token keys) never shows them.
export const SESSION_SECRET_OPTION = 'SessionSecret';
export const USER_TOKEN_SECRET_OPTION = 'UserTokenSecret';

async function persistedSecret(options: OptionStore, key: string): Promise<string> {
  const stored = await options.get(key);
  if (stored) return stored;
  const generated = randomBytes(32).toString('base64url');
  await options.set(key, generated);
  return generated;
}

/**
 * The configured secrets, or the persisted (generated on first start) ones. `hasSignedKeys` says whether
 * the database already holds keys signed with a secret gw never saw (one moved in from one-hub): a new
 * secret would then silently turn every one of them away, so the start is refused instead.
 */
export async function resolveSecrets(
  options: OptionStore,
  configured: { sessionSecret: string | undefined; userTokenSecret: string | undefined },
  hasSignedKeys: () => Promise<boolean> = async () => false,
): Promise<AppSecrets> {
  let userToken = configured.userTokenSecret ?? (await options.get(USER_TOKEN_SECRET_OPTION));
  if (!userToken) {
    if (await hasSignedKeys()) {
      throw new Error(
        'This database holds API keys signed by another server (one-hub): set USER_TOKEN_SECRET to the ' +
          'USER_TOKEN_SECRET that server used, or the keys will stop working (docs/moving-from-one-hub.md).',
      );
    }
    userToken = await persistedSecret(options, USER_TOKEN_SECRET_OPTION);
  }
  return {
    session: configured.sessionSecret ?? (await persistedSecret(options, SESSION_SECRET_OPTION)),
    userToken,
  };
}
