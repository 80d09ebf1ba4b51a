// A software passkey authenticator for tests: an ES256 key pair made with node:crypto, and the bytes a
// real authenticator would return — attestation "none" at registration, a signed assertion at sign-in —
// built by hand (a small CBOR writer included), so the server's WebAuthn checks run for real.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) {
    const bytes = Buffer.alloc(3);
    bytes[0] = (major << 5) | 25;
    bytes.writeUInt16BE(length, 1);
    return bytes;
  }
  const bytes = Buffer.alloc(5);
  bytes[0] = (major << 5) | 26;
  bytes.writeUInt32BE(length, 1);
  return bytes;
}

/** CBOR (RFC 8949) for the few types WebAuthn uses: integers, byte and text strings, maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

export interface CeremonyTarget {
  /** The challenge of the begin reply, base64url. */
  challenge: string;
  rpId: string;
  origin: string;
}

export function createSoftAuthenticator(userId: number) {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  let counter = 0;

  const authData = (rpId: string, flags: number, count: number, attested?: Buffer) => {
    const countBytes = Buffer.alloc(4);
    countBytes.writeUInt32BE(count);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), countBytes, ...(attested ? [attested] : [])]);
  };
  const clientData = (type: string, target: CeremonyTarget) =>
    Buffer.from(
      JSON.stringify({ type, challenge: target.challenge, origin: target.origin, crossOrigin: false }),
    );

  return {
    id: b64url(credentialId),
    /** The user handle this passkey carries (the server's: the user id's digits). */
    userHandle: b64url(Buffer.from(String(userId))),
    get counter() {
      return counter;
    },
    /** What `navigator.credentials.create` gives as JSON, attestation "none". */
    register(target: CeremonyTarget) {
      // COSE_Key of an EC2 P-256 key for ES256: kty 2, alg -7, crv 1, x, y.
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x ?? '', 'base64url')],
          [-3, Buffer.from(jwk.y ?? '', 'base64url')],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, coseKey]);
      const data = authData(
        target.rpId,
        FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA,
        counter,
        attested,
      );
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', data],
        ]),
      );
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          attestationObject: b64url(attestationObject),
          clientDataJSON: b64url(clientData('webauthn.create', target)),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    /**
     * What `navigator.credentials.get` gives as JSON: the counter goes up by one, unless `count` names
     * the one to sign (a cloned authenticator replaying an old counter).
     */
    assert(target: CeremonyTarget, count?: number) {
      if (count === undefined) counter += 1;
      const data = authData(target.rpId, FLAG_USER_PRESENT | FLAG_USER_VERIFIED, count ?? counter);
      const client = clientData('webauthn.get', target);
      const signature = sign('sha256', Buffer.concat([data, sha256(client)]), privateKey);
      return {
        id: b64url(credentialId),
        rawId: b64url(credentialId),
        type: 'public-key',
        response: {
          authenticatorData: b64url(data),
          clientDataJSON: b64url(client),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from(String(userId))),
        },
        clientExtensionResults: {},
      };
    },
  };
}
