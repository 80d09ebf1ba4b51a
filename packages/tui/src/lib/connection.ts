import {
  ApiClient,
  getSelf,
  getStatus,
  type Language,
  type QuotaDisplay,
  quotaDisplayFromStatus,
  type SiteStatus,
  signInForAccessToken,
  type User,
} from '@gw/core';
import { CookieJar, createNodeFetch } from '@gw/core/node';

/** A signed-in console: the client every screen calls through, and who is signed in where. */
export interface TuiSession {
  client: ApiClient;
  server: string;
  user: User;
  status: SiteStatus;
  quota: QuotaDisplay;
  accessToken: string;
  /** Sends a new access token from now on (after the profile generated one: the old one no longer works). */
  setAccessToken: (token: string) => void;
}

/** A client bound to one server that keeps the session cookie and sends the access token once known. */
function connect(server: string, language: Language) {
  let accessToken: string | undefined;
  const client = new ApiClient({
    baseUrl: server,
    fetch: createNodeFetch(new CookieJar()),
    accessToken: () => accessToken,
    language: () => language,
  });
  return {
    client,
    setAccessToken(token: string) {
      accessToken = token;
    },
  };
}

/** The session the screens share; the profile's own copy of the token is blanked so no screen shows it. */
function sessionOf(
  client: ApiClient,
  server: string,
  user: User,
  status: SiteStatus,
  accessToken: string,
  setAccessToken: (token: string) => void,
): TuiSession {
  return {
    client,
    server,
    user: { ...user, access_token: '' },
    status,
    quota: quotaDisplayFromStatus(status),
    accessToken,
    setAccessToken,
  };
}

/**
 * Signs in with a password (core's `signInForAccessToken`: the account's token is kept, or one is
 * generated when it has none) so the terminal can sign in again without a password.
 */
export async function signInWithPassword(
  server: string,
  language: Language,
  username: string,
  password: string,
): Promise<TuiSession> {
  const { client, setAccessToken } = connect(server, language);
  const status = await getStatus(client);
  const { user, accessToken } = await signInForAccessToken(client, { username, password });
  setAccessToken(accessToken);
  return sessionOf(client, server, user, status, accessToken, setAccessToken);
}

/** Signs in with a saved management access token (`Authorization: Bearer`), checked through `getSelf`. */
export async function signInWithToken(
  server: string,
  language: Language,
  accessToken: string,
): Promise<TuiSession> {
  const { client, setAccessToken } = connect(server, language);
  setAccessToken(accessToken);
  // Both at once: the first frame waits on the slower, not on the two one after the other.
  const [status, user] = await Promise.all([getStatus(client), getSelf(client)]);
  return sessionOf(client, server, user, status, accessToken, setAccessToken);
}
