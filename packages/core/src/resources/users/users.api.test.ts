import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../http/client.js';
import { GwApiError } from '../../http/errors.js';
import { CookieJar } from '../../node/cookie-jar.js';
import { createNodeFetch } from '../../node/transport.js';
import { signInForAccessToken } from './users.api.js';

// A loopback stand-in for the three user endpoints: a session cookie from login, the profile
// behind it, and token generation that replaces the stored token.
let server: Server;
let baseUrl = '';
let storedToken = '';
let generated = 0;

const json = (res: ServerResponse, value: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
};
const signedIn = (req: IncomingMessage) => (req.headers.cookie ?? '').includes('session=s1');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const route = `${req.method} ${req.url}`;
      if (route === 'POST /api/user/login') {
        const { username, password } = JSON.parse(body) as { username: string; password: string };
        if (username !== 'root' || password !== 'secret-pass') {
          json(res, { success: false, message: 'wrong password' });
          return;
        }
        res.setHeader('set-cookie', 'session=s1; Path=/; HttpOnly');
        json(res, { success: true, message: '', data: { id: 1, username: 'root', role: 100 } });
      } else if (!signedIn(req)) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: false, message: 'not signed in' }));
      } else if (route === 'GET /api/user/self') {
        json(res, {
          success: true,
          message: '',
          data: { id: 1, username: 'root', role: 100, access_token: storedToken },
        });
      } else if (route === 'GET /api/user/token') {
        generated += 1;
        storedToken = `generated-${generated}`;
        json(res, { success: true, message: '', data: storedToken });
      } else {
        res.writeHead(404);
        res.end();
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((done) => server.close(() => done())));

beforeEach(() => {
  storedToken = '';
  generated = 0;
});

const client = () => new ApiClient({ baseUrl, fetch: createNodeFetch(new CookieJar()) });

describe('signing in for an access token', () => {
  it('Given an account that already has a token, Then it is kept and no new one is generated', async () => {
    storedToken = 'existing-token';
    const result = await signInForAccessToken(client(), { username: 'root', password: 'secret-pass' });
    expect(result.accessToken).toBe('existing-token');
    expect(result.user.username).toBe('root');
    expect(generated).toBe(0);
    expect(storedToken).toBe('existing-token');
  });

  it('Given an account with no token, Then exactly one is generated and returned', async () => {
    const result = await signInForAccessToken(client(), { username: 'root', password: 'secret-pass' });
    expect(result.accessToken).toBe('generated-1');
    expect(generated).toBe(1);
  });

  it('Given a wrong password, Then it fails and no token is generated', async () => {
    await expect(
      signInForAccessToken(client(), { username: 'root', password: 'wrong-pass' }),
    ).rejects.toBeInstanceOf(GwApiError);
    expect(generated).toBe(0);
  });
});
