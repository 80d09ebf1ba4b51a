// A fake of every third party gw's sign-in talks to, on loopback: GitHub (web + API), Lark, a generic
// OIDC provider (discovery, authorize redirect, token, userinfo), the WeChat verification server and
// Cloudflare's Turnstile siteverify. Route tests and browser journeys issue codes for people, then let
// gw exchange them exactly as it would with the real services.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Someone who signs in at the provider. */
export interface FakePerson {
  /** GitHub login, Lark open_id, OIDC subject or WeChat id. */
  id: string;
  numericId?: number;
  name?: string;
  email?: string;
  username?: string;
  avatar?: string;
}

export const FAKE_CLIENT_ID = 'fake-client-id';
export const FAKE_CLIENT_SECRET = 'fake-client-secret';
export const FAKE_WECHAT_TOKEN = 'fake-wechat-token';
export const FAKE_TURNSTILE_SECRET = 'fake-turnstile-secret';
/** The only Turnstile response token the fake siteverify accepts. */
export const FAKE_TURNSTILE_PASS = 'turnstile-pass';

export interface FakeOAuthProvider {
  url: string;
  /** A one-time code that identifies `person` at every provider. */
  issueCode(person: FakePerson): string;
  /** The person the OIDC authorize page signs in next (the browser journey's redirect). */
  setOidcPerson(person: FakePerson): void;
  /** While true every call answers 503, as a provider that is down. */
  setDown(down: boolean): void;
  /** Requests received, as `METHOD path`. */
  requests: string[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('json')) return JSON.parse(text) as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

/** Starts the fake on a free loopback port. */
export async function startFakeOAuthProvider(): Promise<FakeOAuthProvider> {
  const codes = new Map<string, FakePerson>();
  const tokens = new Map<string, FakePerson>();
  const requests: string[] = [];
  let down = false;
  let oidcPerson: FakePerson = { id: 'oidc-subject', username: 'oidcuser', name: 'OIDC Person' };
  let base = '';

  const issueCode = (person: FakePerson) => {
    const code = `code-${randomBytes(6).toString('hex')}`;
    codes.set(code, person);
    return code;
  };
  const tokenFor = (code: string | undefined) => {
    const person = code ? codes.get(code) : undefined;
    if (!person || !code) return undefined;
    codes.delete(code);
    const token = `tok-${randomBytes(6).toString('hex')}`;
    tokens.set(token, person);
    return token;
  };
  const personOf = (req: IncomingMessage) =>
    tokens.get(String(req.headers.authorization ?? '').replace(/^Bearer /, ''));

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    requests.push(`${req.method} ${url.pathname}`);
    if (down) return send(res, 503, { message: 'unavailable' });
    void (async () => {
      const body = req.method === 'POST' ? await bodyOf(req) : {};
      const clientOk = body.client_id === FAKE_CLIENT_ID && body.client_secret === FAKE_CLIENT_SECRET;
      switch (`${req.method} ${url.pathname}`) {
        case 'POST /login/oauth/access_token': {
          const token = clientOk ? tokenFor(body.code) : undefined;
          return token
            ? send(res, 200, { access_token: token, token_type: 'bearer', scope: 'user:email' })
            : send(res, 200, {
                error: 'bad_verification_code',
                error_description: 'The code is incorrect or expired.',
              });
        }
        case 'GET /user': {
          const person = personOf(req);
          if (!person) return send(res, 401, { message: 'Bad credentials' });
          return send(res, 200, {
            login: person.id,
            id: person.numericId ?? 0,
            name: person.name ?? null,
            email: person.email ?? null,
            avatar_url: person.avatar ?? '',
          });
        }
        case 'POST /open-apis/auth/v3/app_access_token/internal':
          return body.app_id === FAKE_CLIENT_ID && body.app_secret === FAKE_CLIENT_SECRET
            ? send(res, 200, { code: 0, msg: 'ok', app_access_token: 'app-token' })
            : send(res, 200, { code: 10014, msg: 'app secret invalid' });
        case 'POST /open-apis/authen/v1/oidc/access_token': {
          const token = req.headers.authorization === 'Bearer app-token' ? tokenFor(body.code) : undefined;
          return token
            ? send(res, 200, { code: 0, msg: 'success', data: { access_token: token } })
            : send(res, 200, { code: 20003, msg: 'invalid code' });
        }
        case 'GET /open-apis/authen/v1/user_info': {
          const person = personOf(req);
          if (!person) return send(res, 200, { code: 99991663, msg: 'invalid access token' });
          return send(res, 200, {
            code: 0,
            msg: 'success',
            data: {
              open_id: person.id,
              name: person.name ?? '',
              email: person.email ?? '',
              avatar_url: person.avatar ?? '',
            },
          });
        }
        case 'GET /oidc/.well-known/openid-configuration':
          return send(res, 200, {
            issuer: `${base}/oidc`,
            authorization_endpoint: `${base}/oidc/authorize`,
            token_endpoint: `${base}/oidc/token`,
            userinfo_endpoint: `${base}/oidc/userinfo`,
          });
        case 'GET /oidc/authorize': {
          // The provider's sign-in page, already signed in: straight back to gw with a code.
          const back = new URL(url.searchParams.get('redirect_uri') ?? '');
          back.searchParams.set('code', issueCode(oidcPerson));
          back.searchParams.set('state', url.searchParams.get('state') ?? '');
          res.writeHead(302, { location: back.toString() });
          return res.end();
        }
        case 'POST /oidc/token': {
          const token = clientOk ? tokenFor(body.code) : undefined;
          return token
            ? send(res, 200, { access_token: token, token_type: 'Bearer' })
            : send(res, 400, { error: 'invalid_grant', error_description: 'unknown code' });
        }
        case 'GET /oidc/userinfo': {
          const person = personOf(req);
          if (!person) return send(res, 401, { error: 'invalid_token' });
          return send(res, 200, {
            sub: person.id,
            preferred_username: person.username ?? '',
            name: person.name ?? '',
            email: person.email ?? '',
            picture: person.avatar ?? '',
          });
        }
        case 'GET /api/wechat/user': {
          if (req.headers.authorization !== FAKE_WECHAT_TOKEN)
            return send(res, 200, { success: false, message: 'token invalid' });
          const code = url.searchParams.get('code') ?? '';
          const person = codes.get(code);
          if (!person) return send(res, 200, { success: false, message: 'verification code invalid' });
          codes.delete(code);
          return send(res, 200, { success: true, message: '', data: person.id });
        }
        case 'POST /turnstile/siteverify':
          return send(res, 200, {
            success: body.secret === FAKE_TURNSTILE_SECRET && body.response === FAKE_TURNSTILE_PASS,
          });
        default:
          return send(res, 404, { message: 'not found' });
      }
    })().catch(() => send(res, 500, { message: 'fake provider failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    issueCode,
    setOidcPerson: (person) => {
      oidcPerson = person;
    },
    setDown: (value) => {
      down = value;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
