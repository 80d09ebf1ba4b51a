import {
  ApiClient,
  DEFAULT_QUOTA_DISPLAY,
  type Language,
  type QuotaDisplay,
  type SiteStatus,
  type User,
  generateAccessToken,
  getSelf,
  getStatus,
  login,
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
}

/** The default server when none is given. */
export const DEFAULT_SERVER = 'http://localhost:3000';

/** Turns what the user typed into a server origin (`localhost:3000` → `http://localhost:3000`), or undefined. */
export function normalizeServerUrl(text: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
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

function quotaDisplayOf(status: SiteStatus): QuotaDisplay {
  return {
    displayInCurrency: status.display_in_currency ?? DEFAULT_QUOTA_DISPLAY.displayInCurrency,
    quotaPerUnit: status.quota_per_unit || DEFAULT_QUOTA_DISPLAY.quotaPerUnit,
  };
}

/**
 * Signs in with a password: `login` sets the session cookie, `getSelf` reads the profile; a user
 * with no access token gets one generated so the terminal can sign in again without a password.
 */
export async function signInWithPassword(
  server: string,
  language: Language,
  username: string,
  password: string,
): Promise<TuiSession> {
  const { client, setAccessToken } = connect(server, language);
  const status = await getStatus(client);
  await login(client, { username, password });
  const user = await getSelf(client);
  const accessToken = user.access_token || (await generateAccessToken(client));
  setAccessToken(accessToken);
  return {
    client,
    server,
    user: { ...user, access_token: '' },
    status,
    quota: quotaDisplayOf(status),
    accessToken,
  };
}

/** Signs in with a saved management access token (`Authorization: Bearer`), checked through `getSelf`. */
export async function signInWithToken(
  server: string,
  language: Language,
  accessToken: string,
): Promise<TuiSession> {
  const { client, setAccessToken } = connect(server, language);
  setAccessToken(accessToken);
  const status = await getStatus(client);
  const user = await getSelf(client);
  return {
    client,
    server,
    user: { ...user, access_token: '' },
    status,
    quota: quotaDisplayOf(status),
    accessToken,
  };
}
