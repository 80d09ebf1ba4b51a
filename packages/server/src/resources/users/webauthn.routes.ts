// Passkeys (contract §1.3): register one while signed in, sign in with one (named user or discoverable),
// list and delete them. The cryptography is @simplewebauthn/server's; this file keeps the ceremony's
// challenge, picks the relying party from the site's address, and stores credentials.
// Refusals here use real HTTP codes (400/403/404), as one-hub's WebAuthn controller does.
import {
  nowSeconds,
  PASSKEY_CREDENTIAL_ID_MAX,
  passkeyAssertionSchema,
  passkeyLoginBeginSchema,
  passkeyRegistrationBeginSchema,
  passkeyRegistrationSchema,
  passkeySchema,
  USER_STATUS,
  userSchema,
} from '@gw/core';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type WebAuthnCredential,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Authenticator } from '../../plugins/auth.js';
import { ApiFailure } from '../../shared/api-failure.js';
import { BODY_LIMITS } from '../../shared/body-limits.js';
import type { OptionStore } from '../../shared/context.js';
import { type AnyRoute, defineRoute } from '../../shared/route.js';
import { idParamsSchema } from '../../shared/route-params.js';
import type { Ceremonies } from './webauthn.ceremonies.js';
import type { StoredCredential, WebauthnRepository } from './webauthn.repository.js';
import type { UsersRepository } from './users.repository.js';
import { userRowToLoginUser } from './users.wire.js';

const TAG = 'webauthn';
/** A begin reply's data: the options for the browser's WebAuthn call (the library's JSON form). */
const ceremonyReply = z.object({ publicKey: z.looseObject({ challenge: z.string() }) });
/** How long the browser waits for the authenticator, ms (go-webauthn's default, as one-hub). */
const CEREMONY_TIMEOUT_MS = 60_000;
/** ES256, EdDSA, RS256: what authenticators offer (the library would add ML-DSA, still experimental in Node). */
const ALGORITHMS = [-7, -8, -257];

const refused = (status: 400 | 403 | 404, key: string, params: Record<string, unknown> = {}) =>
  new ApiFailure(status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'FAILED', key, {
    httpStatus: status,
    params,
  });

/** The user handle a passkey carries: the user id's decimal digits (no name or address in it). */
const userHandleOf = (userId: number) => new TextEncoder().encode(String(userId));

const transportsOf = (credential: StoredCredential) =>
  credential.transports ? (credential.transports.split(',') as WebAuthnCredential['transports']) : undefined;

/** The list's credential id: standard base64, as one-hub sends its []byte column. */
const standardBase64 = (base64url: string) => Buffer.from(base64url, 'base64url').toString('base64');

export interface WebauthnDeps {
  credentials: WebauthnRepository;
  users: Pick<UsersRepository, 'findById' | 'findByUsername' | 'update'>;
  ceremonies: Ceremonies;
  options: OptionStore;
  auth: Authenticator;
  ipOf: (request: FastifyRequest) => string;
}

export function webauthnRoutes(deps: WebauthnDeps): AnyRoute[] {
  const { credentials, users, ceremonies, options, auth } = deps;

  /**
   * The relying party: the configured ServerAddress's origin and host name, else the address the browser
   * used (the Host header), so a site reached by its own name works before anyone sets the option.
   */
  const relyingParty = async (request: FastifyRequest) => {
    const configured = ((await options.get('ServerAddress')) ?? '').trim();
    let origin = '';
    try {
      if (configured) origin = new URL(configured).origin;
    } catch {
      origin = '';
    }
    if (!origin || origin === 'null') origin = `${request.protocol}://${request.host}`;
    const name = ((await options.get('SystemName')) ?? '').trim() || 'gw';
    return { origin, id: new URL(origin).hostname, name };
  };

  return [
    defineRoute({
      method: 'POST',
      url: '/api/webauthn/registration/begin',
      guard: 'user',
      tag: TAG,
      summary: 'Start registering a passkey for the caller: the creation options (base64url)',
      body: passkeyRegistrationBeginSchema,
      reply: ceremonyReply,
      handler: async ({ user, body, request, reply }) => {
        const rp = await relyingParty(request);
        const existing = await credentials.listOf(user.id);
        const publicKey = await generateRegistrationOptions({
          rpName: rp.name,
          rpID: rp.id,
          userName: user.username,
          userDisplayName: user.display_name || user.username,
          userID: userHandleOf(user.id),
          timeout: CEREMONY_TIMEOUT_MS,
          attestationType: 'none',
          supportedAlgorithmIDs: ALGORITHMS,
          // The same authenticator twice would be one key under two names.
          excludeCredentials: existing.map((row) => ({
            id: row.credential_id,
            transports: transportsOf(row),
          })),
          // Discoverable when the authenticator can, so a sign-in needs no username.
          authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        });
        await ceremonies.begin(request, reply, {
          kind: 'registration',
          challenge: publicKey.challenge,
          userId: user.id,
          alias: body.alias,
        });
        // one-hub's reply has no `message`; gw's envelope always carries one (empty), which readers ignore.
        return { publicKey };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/webauthn/registration/finish',
      guard: 'user',
      tag: TAG,
      summary: 'Finish registering: checks the new credential against the challenge and stores it',
      bodyLimit: BODY_LIMITS.standard,
      body: passkeyRegistrationSchema,
      handler: async ({ user, body, request, reply, t }) => {
        const ceremony = await ceremonies.take(request, reply, 'registration');
        if (!ceremony || ceremony.userId !== user.id) throw refused(400, 'errors.webauthn.session_expired');
        const rp = await relyingParty(request);
        let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>['registrationInfo'];
        try {
          const verified = await verifyRegistrationResponse({
            // biome-ignore lint/suspicious/noExplicitAny: the schema checked the fields the library reads.
            response: body as any,
            expectedChallenge: ceremony.challenge,
            expectedOrigin: rp.origin,
            expectedRPID: rp.id,
            requireUserVerification: false,
            supportedAlgorithmIDs: ALGORITHMS,
          });
          info = verified.verified ? verified.registrationInfo : undefined;
        } catch (error) {
          throw refused(400, 'errors.webauthn.verify_failed', { reason: (error as Error).message });
        }
        if (!info) throw refused(400, 'errors.webauthn.verify_failed', { reason: 'not verified' });
        if (info.credential.id.length > PASSKEY_CREDENTIAL_ID_MAX)
          throw refused(400, 'errors.webauthn.id_too_long');
        if (await credentials.findByCredentialId(info.credential.id)) {
          throw refused(400, 'errors.webauthn.already_registered');
        }
        await credentials.insert({
          user_id: user.id,
          credential_id: info.credential.id,
          public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
          sign_count: info.credential.counter,
          transports: (body.response.transports ?? []).join(','),
          alias: ceremony.alias,
        });
        void reply.send({ success: true, message: t('errors.webauthn.registered') });
        return reply;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/webauthn/login/begin',
      guard: 'public',
      tag: TAG,
      summary: 'Start a passkey sign-in for a username, or any passkey of this site when it is blank',
      bodyLimit: BODY_LIMITS.credentials,
      body: passkeyLoginBeginSchema,
      reply: ceremonyReply,
      handler: async ({ body, request, reply }) => {
        let userId: number | undefined;
        let allow: StoredCredential[] = [];
        if (body.username) {
          const user = await users.findByUsername(body.username);
          allow = user ? await credentials.listOf(user.id) : [];
          // An unknown name and a name without passkeys answer alike, so names cannot be probed here.
          if (!user || allow.length === 0) throw refused(404, 'errors.webauthn.no_passkey');
          userId = user.id;
        }
        const rp = await relyingParty(request);
        const publicKey = await generateAuthenticationOptions({
          rpID: rp.id,
          timeout: CEREMONY_TIMEOUT_MS,
          userVerification: 'preferred',
          allowCredentials: allow.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
        });
        await ceremonies.begin(request, reply, {
          kind: 'login',
          challenge: publicKey.challenge,
          userId,
          alias: '',
        });
        return { publicKey };
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/api/webauthn/login/finish',
      guard: 'public',
      tag: TAG,
      summary: 'Finish a passkey sign-in: checks the signature and counter, then sets the session cookie',
      bodyLimit: BODY_LIMITS.standard,
      body: passkeyAssertionSchema,
      reply: userSchema,
      handler: async ({ body, request, reply }) => {
        const ceremony = await ceremonies.take(request, reply, 'login');
        if (!ceremony) throw refused(400, 'errors.webauthn.session_expired');
        const stored = await credentials.findByCredentialId(body.id);
        if (!stored) throw refused(404, 'errors.webauthn.unknown_credential');
        // A named sign-in takes only that user's passkeys; a discoverable one must name its owner.
        if (ceremony.userId !== undefined && stored.user_id !== ceremony.userId) {
          throw refused(400, 'errors.webauthn.unknown_credential');
        }
        const handle = body.response.userHandle;
        if (handle && Buffer.from(handle, 'base64url').toString() !== String(stored.user_id)) {
          throw refused(400, 'errors.webauthn.unknown_credential');
        }
        const rp = await relyingParty(request);
        let newCounter: number;
        try {
          const verified = await verifyAuthenticationResponse({
            // biome-ignore lint/suspicious/noExplicitAny: the schema checked the fields the library reads.
            response: body as any,
            expectedChallenge: ceremony.challenge,
            expectedOrigin: rp.origin,
            expectedRPID: rp.id,
            requireUserVerification: false,
            credential: {
              id: stored.credential_id,
              publicKey: new Uint8Array(Buffer.from(stored.public_key, 'base64url')),
              counter: Number(stored.sign_count),
              transports: transportsOf(stored),
            },
          });
          if (!verified.verified) throw new Error('not verified');
          newCounter = verified.authenticationInfo.newCounter;
        } catch (error) {
          throw refused(400, 'errors.webauthn.verify_failed', { reason: (error as Error).message });
        }
        // Authenticators that count must move forward; a parallel sign-in that already raised it wins.
        if (newCounter > 0 && !(await credentials.raiseCounter(stored.id, newCounter))) {
          throw refused(400, 'errors.webauthn.verify_failed', { reason: 'counter did not increase' });
        }
        const user = await users.findById(stored.user_id);
        if (!user || user.status !== USER_STATUS.enabled) throw refused(403, 'errors.user_disabled');
        const changes = { last_login_time: nowSeconds(), last_login_ip: deps.ipOf(request) };
        await users.update(user.id, changes);
        await auth.startSession(reply, user.id);
        return userRowToLoginUser({ ...user, ...changes });
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/api/webauthn/credentials',
      guard: 'user',
      tag: TAG,
      summary: "The caller's passkeys (null when none, as one-hub)",
      reply: z.array(passkeySchema).nullable(),
      handler: async ({ user }) => {
        const rows = await credentials.listOf(user.id);
        if (rows.length === 0) return null;
        return rows.map((row) => ({
          id: row.id,
          credential_id: standardBase64(row.credential_id),
          alias: row.alias,
          created_time: Number(row.created_time),
        }));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/api/webauthn/credentials/:id',
      guard: 'user',
      tag: TAG,
      summary: "Delete one of the caller's passkeys by its row id",
      params: idParamsSchema,
      handler: async ({ user, params, reply, t }) => {
        if (!(await credentials.deleteOf(user.id, params.id))) {
          throw refused(404, 'errors.webauthn.not_found');
        }
        void reply.send({ success: true, message: t('errors.webauthn.deleted') });
        return reply;
      },
    }),
  ];
}
