// Password hashing with node:crypto scrypt: a random salt per password and a timing-safe compare.
// The stored value `scrypt$N$r$p$<salt>$<hash>` carries its own parameters, so a hash made at an older
// cost still verifies and is rehashed at the current cost on the next sign-in (issue 15).
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

/** OWASP's scrypt recommendation: N = 2^17, r = 8, p = 1 (128 MiB per hash). */
export const DEFAULT_SCRYPT_N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 64;
/** The largest N a stored hash may ask for (a malformed value must not make the server allocate GiBs). */
const MAX_N = 2 ** 20;

let currentN = DEFAULT_SCRYPT_N;

/**
 * Sets the cost of new hashes (PASSWORD_SCRYPT_N; buildApp calls this). Lower costs exist for test
 * suites that sign in hundreds of times, and for very small machines; they are rehashed up when raised.
 */
export function configurePasswordCost(n: number): void {
  currentN = n;
}

/** How many scrypt derivations ran, at which N: what the sign-in cost tests count instead of timing. */
export const derivations: number[] = [];

function derive(password: string, salt: Buffer, options: ScryptOptions & { N: number; r: number }) {
  derivations.push(options.N);
  if (derivations.length > 1000) derivations.splice(0, derivations.length - 1000);
  // Node refuses a derivation needing more than `maxmem`; scrypt needs 128·N·r bytes, with room above it.
  const maxmem = 256 * options.N * options.r;
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$<salt>$<hash>` (base64url parts) at the current cost. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N: currentN, r: R, p: P });
  return ['scrypt', currentN, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

// Signs-ins for unknown usernames (and accounts without a usable hash: OAuth-only, imported) still run
// one scrypt at the current cost against this salt, so the time of a refusal does not tell which
// usernames exist (issue 8, item 10).
const DUMMY_SALT = randomBytes(16);

interface StoredHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function parseStored(stored: string | undefined): StoredHash | undefined {
  const [scheme, n, r, p, saltText, hashText, ...rest] = (stored ?? '').split('$');
  if (scheme !== 'scrypt' || !saltText || !hashText || rest.length > 0) return undefined;
  const [N, rr, pp] = [Number(n), Number(r), Number(p)];
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !Number.isInteger(rr) || rr < 1 || rr > 32) return undefined;
  if (!Number.isInteger(pp) || pp < 1 || pp > 16) return undefined;
  return {
    N,
    r: rr,
    p: pp,
    salt: Buffer.from(saltText, 'base64url'),
    hash: Buffer.from(hashText, 'base64url'),
  };
}

/** one-hub's hashes: bcrypt (`$2a$`, Go writes `$2a$10$…`; `$2b$`/`$2y$` from other tools), 60 characters. */
function isBcrypt(stored: string | undefined): stored is string {
  return stored !== undefined && /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/.test(stored);
}

/** Checks a password against a stored hash; false, after the same work, for a missing or malformed hash. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  // A user moved in from one-hub signs in with the password one-hub hashed (docs/moving-from-one-hub.md).
  if (isBcrypt(stored)) return bcrypt.compare(password, stored);
  const parsed = parseStored(stored);
  if (!parsed) {
    await derive(password, DUMMY_SALT, { N: currentN, r: R, p: P });
    return false;
  }
  const actual = await derive(password, parsed.salt, { N: parsed.N, r: parsed.r, p: parsed.p });
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** Whether a stored hash was made with other parameters than new hashes get (rehash it at sign-in). */
export function needsRehash(stored: string): boolean {
  // A one-hub bcrypt hash is kept: one-hub, still able to start on the database, could not read scrypt.
  if (isBcrypt(stored)) return false;
  const parsed = parseStored(stored);
  return !parsed || parsed.N !== currentN || parsed.r !== R || parsed.p !== P;
}
