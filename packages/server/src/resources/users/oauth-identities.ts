// Who a third-party code belongs to: GitHub, Lark (Feishu), a generic OIDC provider and the WeChat
// verification server, each asked the way one-hub asks it. Each call has 5 s (as one-hub); an
// unreachable provider and a refused code are told apart, so the callback page knows what is worth a retry.
import { ApiFailure } from '../../shared/api-failure.js';

/** A person at a provider, as gw stores the binding. */
export interface OAuthIdentity {
  /** The provider's stable id: GitHub login, Lark open_id, OIDC subject, WeChat id. */
  id: string;
  /** GitHub's numeric account id (survives a renamed login). */
  numericId?: number;
  /** The username the provider suggests (OIDC's configured claim). */
  username?: string;
  displayName: string;
  email: string;
  avatarUrl: string;
}

/** Where GitHub and Lark are (tests point these at a fake provider on loopback). */
export interface OAuthEndpoints {
  githubWeb: string;
  githubApi: string;
  lark: string;
}

export const DEFAULT_OAUTH_ENDPOINTS: OAuthEndpoints = {
  githubWeb: 'https://github.com',
  githubApi: 'https://api.github.com',
  lark: 'https://open.feishu.cn',
};

const PROVIDER_TIMEOUT_MS = 5000;

type Json = Record<string, unknown>;

const str = (value: unknown): string => (typeof value === 'string' ? value : '');

function unreachable(provider: string): ApiFailure {
  return new ApiFailure('FAILED', 'account.oauth.provider_unreachable', { params: { provider } });
}

/** The provider answered but would not identify the person (a used or wrong code, a bad secret). */
export function refused(provider: string, detail: string): ApiFailure {
  return new ApiFailure('FAILED', 'account.oauth.provider_refused', {
    params: { provider, detail: detail.slice(0, 200) || '-' },
  });
}

/** One JSON call to a provider; a network failure or timeout is "unreachable", a non-JSON reply "refused". */
async function callJson(provider: string, url: string, init: RequestInit = {}): Promise<Json> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: 'application/json', ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
  } catch {
    throw unreachable(provider);
  }
  if (response.status >= 500) throw unreachable(provider);
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw refused(provider, `HTTP ${response.status}`);
  }
  if (!body || typeof body !== 'object') throw refused(provider, `HTTP ${response.status}`);
  return body as Json;
}

const postJson = (body: Json, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** GitHub: the code for an access token, then `/user`. */
export async function githubIdentity(
  endpoints: OAuthEndpoints,
  client: { id: string; secret: string },
  code: string,
): Promise<OAuthIdentity> {
  const token = await callJson(
    'GitHub',
    `${endpoints.githubWeb}/login/oauth/access_token`,
    postJson({ client_id: client.id, client_secret: client.secret, code }),
  );
  const accessToken = str(token.access_token);
  if (!accessToken) throw refused('GitHub', str(token.error_description) || str(token.error));
  const user = await callJson('GitHub', `${endpoints.githubApi}/user`, bearer(accessToken));
  const login = str(user.login);
  if (!login) throw refused('GitHub', str(user.message));
  return {
    id: login,
    numericId: typeof user.id === 'number' ? user.id : 0,
    displayName: str(user.name) || login,
    email: str(user.email),
    avatarUrl: str(user.avatar_url),
  };
}

/** Lark: the app's own token, the code for the person's token, then their profile. */
export async function larkIdentity(
  endpoints: OAuthEndpoints,
  app: { id: string; secret: string },
  code: string,
): Promise<OAuthIdentity> {
  const base = `${endpoints.lark}/open-apis`;
  const appToken = await callJson(
    'Lark',
    `${base}/auth/v3/app_access_token/internal`,
    postJson({ app_id: app.id, app_secret: app.secret }),
  );
  if (appToken.code !== 0) throw refused('Lark', str(appToken.msg));
  const userToken = await callJson(
    'Lark',
    `${base}/authen/v1/oidc/access_token`,
    postJson(
      { grant_type: 'authorization_code', code },
      { authorization: `Bearer ${str(appToken.app_access_token)}` },
    ),
  );
  const data = (userToken.data ?? {}) as Json;
  if (userToken.code !== 0 || !str(data.access_token)) throw refused('Lark', str(userToken.msg));
  const info = await callJson('Lark', `${base}/authen/v1/user_info`, bearer(str(data.access_token)));
  const person = (info.data ?? {}) as Json;
  if (info.code !== 0 || !str(person.open_id)) throw refused('Lark', str(info.msg));
  return {
    id: str(person.open_id),
    displayName: str(person.name),
    email: str(person.email) || str(person.enterprise_email),
    avatarUrl: str(person.avatar_url),
  };
}

/** An OIDC provider's endpoints, from its discovery document. */
export interface OidcEndpoints {
  authorization: string;
  token: string;
  userinfo: string;
}

/** Reads `<issuer>/.well-known/openid-configuration`. */
export async function discoverOidc(issuer: string): Promise<OidcEndpoints> {
  const document = await callJson('OIDC', `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  const endpoints = {
    authorization: str(document.authorization_endpoint),
    token: str(document.token_endpoint),
    userinfo: str(document.userinfo_endpoint),
  };
  if (!endpoints.authorization || !endpoints.token || !endpoints.userinfo) {
    throw refused('OIDC', 'discovery document without authorization, token or userinfo endpoint');
  }
  return endpoints;
}

/** OIDC: the code for an access token at the token endpoint, then the userinfo claims. */
export async function oidcIdentity(
  endpoints: OidcEndpoints,
  client: { id: string; secret: string; redirectUri: string; usernameClaim: string },
  code: string,
): Promise<OAuthIdentity> {
  const token = await callJson('OIDC', endpoints.token, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirectUri,
      client_id: client.id,
      client_secret: client.secret,
    }).toString(),
  });
  const accessToken = str(token.access_token);
  if (!accessToken) throw refused('OIDC', str(token.error_description) || str(token.error));
  const claims = await callJson('OIDC', endpoints.userinfo, bearer(accessToken));
  const subject = str(claims.sub);
  if (!subject) throw refused('OIDC', 'userinfo without a subject');
  const username = str(claims[client.usernameClaim]);
  return {
    id: subject,
    username,
    displayName: str(claims.name) || str(claims.displayName) || username,
    email: str(claims.email),
    avatarUrl: str(claims.picture) || str(claims.avatar),
  };
}

/** WeChat: the verification server (one-hub's wechat-server) turns the code into the person's id. */
export async function wechatIdentity(
  server: { address: string; token: string },
  code: string,
): Promise<OAuthIdentity> {
  const reply = await callJson(
    'WeChat',
    `${server.address.replace(/\/+$/, '')}/api/wechat/user?code=${encodeURIComponent(code)}`,
    { headers: { authorization: server.token } },
  );
  const id = str(reply.data);
  if (reply.success !== true || !id) throw refused('WeChat', str(reply.message));
  return { id, displayName: '', email: '', avatarUrl: '' };
}
