// Passkeys end to end on a real app and database: a software authenticator (test-support) registers and
// signs in through the real ceremonies, and the refusals — a wrong challenge, a wrong origin, an unknown
// credential, a replayed counter, a reused or missing ceremony — leave nothing signed in or stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DIALECTS } from '../../test-support/databases.js';
import { createSoftAuthenticator } from '../../test-support/soft-authenticator.js';
import {
  type CallOptions,
  type CallResult,
  call,
  createUser,
  ROOT_PASSWORD,
  signIn,
  startTestApp,
  type TestApp,
} from '../../test-support/test-app.js';

const HOST = 'passkey.test:8080';
const ORIGIN = `http://${HOST}`;
const RP_ID = 'passkey.test';

/** The cookie pairs a reply sets, merged over the ones sent (a cleared cookie is dropped). */
function cookiesAfter(sent: string, reply: CallResult): string {
  const jar = new Map(
    sent
      .split('; ')
      .filter(Boolean)
      .map((pair) => [pair.split('=')[0] ?? '', pair] as const),
  );
  const setCookie = reply.headers['set-cookie'];
  for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : []) {
    const pair = line.split(';')[0] ?? '';
    const [name, value] = pair.split('=');
    if (!name) continue;
    if (!value) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

describe.each(TEST_DIALECTS)('passkeys on %s', (kind) => {
  let t: TestApp;
  let aliceCookie: string;
  let aliceId: number;

  /** A call as the browser at ORIGIN would make it. */
  const browser = (method: 'GET' | 'POST' | 'DELETE', url: string, options: CallOptions = {}) =>
    call(t.app, method, url, { ...options, headers: { host: HOST, ...options.headers } });

  /** Registers a new software passkey for the signed-in `cookie`; returns it and the reply of finish. */
  async function register(cookie: string, userId: number, alias = '') {
    const authenticator = createSoftAuthenticator(userId);
    const begin = await browser('POST', '/api/webauthn/registration/begin', { cookie, body: { alias } });
    expect(begin.body).toMatchObject({ success: true });
    const options = begin.body.data.publicKey;
    const jar = cookiesAfter(cookie, begin);
    const finish = await browser('POST', '/api/webauthn/registration/finish', {
      cookie: jar,
      body: authenticator.register({ challenge: options.challenge, rpId: RP_ID, origin: ORIGIN }),
    });
    return { authenticator, begin, finish };
  }

  /** Begins a sign-in for `username`; returns the challenge and the ceremony cookie. */
  async function beginLogin(username: string) {
    const begin = await browser('POST', '/api/webauthn/login/begin', { body: { username } });
    expect(begin.status, JSON.stringify(begin.body)).toBe(200);
    return { challenge: begin.body.data.publicKey.challenge as string, jar: cookiesAfter('', begin), begin };
  }

  beforeAll(async () => {
    t = await startTestApp(kind);
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    aliceCookie = await createUser(t.app, root, 'alice');
    aliceId = (await call(t.app, 'GET', '/api/user/self', { cookie: aliceCookie })).body.data.id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('registers a passkey, lists it and signs in with it by name and without a name', async () => {
    // Given alice signed in, when she registers a passkey named "laptop".
    const { authenticator, begin, finish } = await register(aliceCookie, aliceId, 'laptop');
    // Then the options name this site's host as the relying party and her as the user.
    const options = begin.body.data.publicKey;
    expect(options.rp).toMatchObject({ id: RP_ID });
    expect(options.user).toMatchObject({ name: 'alice', id: authenticator.userHandle });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(finish.status, JSON.stringify(finish.body)).toBe(200);
    expect(finish.body).toMatchObject({ success: true });
    expect(finish.body.message).toBeTruthy();

    // And the list shows it: standard base64 of the raw id, the alias, the time.
    const list = await browser('GET', '/api/webauthn/credentials', { cookie: aliceCookie });
    expect(list.body.data).toEqual([
      {
        id: expect.any(Number),
        credential_id: Buffer.from(authenticator.id, 'base64url').toString('base64'),
        alias: 'laptop',
        created_time: expect.any(Number),
      },
    ]);
    expect(Math.abs(list.body.data[0].created_time - Date.now() / 1000)).toBeLessThan(60);

    // When alice signs in by name, then the options allow just her passkey and a session starts.
    const named = await beginLogin('alice');
    expect(named.begin.body.data.publicKey.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.id, type: 'public-key' }),
    ]);
    const signed = await browser('POST', '/api/webauthn/login/finish', {
      cookie: named.jar,
      body: authenticator.assert({ challenge: named.challenge, rpId: RP_ID, origin: ORIGIN }),
    });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body).toMatchObject({ success: true, data: { id: aliceId, username: 'alice' } });
    const session = cookiesAfter('', signed);
    expect(session).toMatch(/session=/);
    const self = await call(t.app, 'GET', '/api/user/self', { cookie: session });
    expect(self.body.data).toMatchObject({ id: aliceId, username: 'alice' });

    // And a discoverable sign-in (no name) finds her by the credential, with no allow list.
    const anyone = await beginLogin('');
    expect(anyone.begin.body.data.publicKey.allowCredentials ?? []).toEqual([]);
    const second = await browser('POST', '/api/webauthn/login/finish', {
      cookie: anyone.jar,
      body: authenticator.assert({ challenge: anyone.challenge, rpId: RP_ID, origin: ORIGIN }),
    });
    expect(second.body).toMatchObject({ success: true, data: { id: aliceId } });
    const stored = await t.app.gw.db.selectFrom('webauthn_credentials').selectAll().execute();
    expect(stored.map((row) => Number(row.sign_count))).toEqual([authenticator.counter]);
  });

  it('refuses a wrong challenge, a wrong origin, an unknown credential and a replayed counter', async () => {
    const { authenticator } = await register(aliceCookie, aliceId, 'refusals');
    const before = await t.app.gw.db.selectFrom('sessions').selectAll().execute();
    const refusedWith = async (status: number, body: unknown, jar: string) => {
      const reply = await browser('POST', '/api/webauthn/login/finish', { cookie: jar, body });
      expect(reply.status, JSON.stringify(reply.body)).toBe(status);
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toBeTruthy();
      expect(String(reply.headers['set-cookie'] ?? '')).not.toMatch(/(^|, )session=[^;]/);
      return reply;
    };

    // A signature over another challenge.
    let login = await beginLogin('alice');
    await refusedWith(
      400,
      authenticator.assert({ challenge: 'AAAAAAAAAAAAAAAAAAAAAA', rpId: RP_ID, origin: ORIGIN }),
      login.jar,
    );
    // A page of another origin.
    login = await beginLogin('alice');
    await refusedWith(
      400,
      authenticator.assert({ challenge: login.challenge, rpId: RP_ID, origin: 'http://evil.test:8080' }),
      login.jar,
    );
    // A passkey this site never registered.
    login = await beginLogin('');
    const stranger = createSoftAuthenticator(aliceId);
    await refusedWith(
      404,
      stranger.assert({ challenge: login.challenge, rpId: RP_ID, origin: ORIGIN }),
      login.jar,
    );
    // A good assertion, then one replaying an older counter (a cloned authenticator).
    login = await beginLogin('alice');
    const good = authenticator.assert({ challenge: login.challenge, rpId: RP_ID, origin: ORIGIN });
    const ok = await browser('POST', '/api/webauthn/login/finish', { cookie: login.jar, body: good });
    expect(ok.body.success, JSON.stringify(ok.body)).toBe(true);
    login = await beginLogin('alice');
    await refusedWith(
      400,
      authenticator.assert(
        { challenge: login.challenge, rpId: RP_ID, origin: ORIGIN },
        authenticator.counter - 1,
      ),
      login.jar,
    );
    // The same finish body again: the ceremony was used up.
    await refusedWith(400, good, login.jar);
    // No ceremony at all.
    await refusedWith(400, good, '');
    // Only the one good sign-in made a session.
    const after = await t.app.gw.db.selectFrom('sessions').selectAll().execute();
    expect(after.length).toBe(before.length + 1);

    // A registration signed for another origin stores nothing.
    const rows = await t.app.gw.db.selectFrom('webauthn_credentials').selectAll().execute();
    const begin = await browser('POST', '/api/webauthn/registration/begin', {
      cookie: aliceCookie,
      body: {},
    });
    const badOrigin = await browser('POST', '/api/webauthn/registration/finish', {
      cookie: cookiesAfter(aliceCookie, begin),
      body: createSoftAuthenticator(aliceId).register({
        challenge: begin.body.data.publicKey.challenge,
        rpId: RP_ID,
        origin: 'http://evil.test:8080',
      }),
    });
    expect(badOrigin.status).toBe(400);
    expect(await t.app.gw.db.selectFrom('webauthn_credentials').selectAll().execute()).toEqual(rows);
  });

  it('names a configured ServerAddress as the relying party, and deletes only the caller’s passkeys', async () => {
    const bob = await createUser(t.app, await signIn(t.app, 'root', ROOT_PASSWORD), 'bob');
    const bobId = (await call(t.app, 'GET', '/api/user/self', { cookie: bob })).body.data.id;
    const { finish } = await register(bob, bobId);
    expect(finish.body.success).toBe(true);
    const bobs = (await browser('GET', '/api/webauthn/credentials', { cookie: bob })).body.data;
    expect(bobs).toHaveLength(1);
    // Alice cannot delete bob's passkey: 404, and it is still there.
    const foreign = await browser('DELETE', `/api/webauthn/credentials/${bobs[0].id}`, {
      cookie: aliceCookie,
    });
    expect(foreign.status).toBe(404);
    expect((await browser('GET', '/api/webauthn/credentials', { cookie: bob })).body.data).toHaveLength(1);
    // Bob can; his list is null again (as one-hub's).
    const own = await browser('DELETE', `/api/webauthn/credentials/${bobs[0].id}`, { cookie: bob });
    expect(own.body).toMatchObject({ success: true });
    expect((await browser('GET', '/api/webauthn/credentials', { cookie: bob })).body).toMatchObject({
      success: true,
      data: null,
    });
    // A name without passkeys cannot begin a sign-in, the same as an unknown name.
    expect((await browser('POST', '/api/webauthn/login/begin', { body: { username: 'bob' } })).status).toBe(
      404,
    );
    expect(
      (await browser('POST', '/api/webauthn/login/begin', { body: { username: 'nobody' } })).status,
    ).toBe(404);

    // With ServerAddress set, the relying party is its host, whatever Host the request names.
    const root = await signIn(t.app, 'root', ROOT_PASSWORD);
    const set = await call(t.app, 'PUT', '/api/option/', {
      cookie: root,
      body: { key: 'ServerAddress', value: 'https://gw.example.com/' },
    });
    expect(set.body).toMatchObject({ success: true });
    const begin = await browser('POST', '/api/webauthn/registration/begin', { cookie: bob, body: {} });
    expect(begin.body.data.publicKey.rp.id).toBe('gw.example.com');
    const authenticator = createSoftAuthenticator(bobId);
    const finish2 = await browser('POST', '/api/webauthn/registration/finish', {
      cookie: cookiesAfter(bob, begin),
      body: authenticator.register({
        challenge: begin.body.data.publicKey.challenge,
        rpId: 'gw.example.com',
        origin: 'https://gw.example.com',
      }),
    });
    expect(finish2.body, JSON.stringify(finish2.body)).toMatchObject({ success: true });
  });
});
