// Password hashing with node:crypto scrypt: a random salt per password and a timing-safe compare.
import { randomBytes, scrypt, type ScryptOptions, timingSafeEqual } from 'node:crypto';

const PARAMS = { N: 16384, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Hashes a password as `scrypt$N$r$p$<salt>$<hash>` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

// Signs-ins for unknown usernames (and accounts without a usable hash: OAuth-only, imported) still run
// one scrypt at the usual cost against this salt, so the time of a refusal does not tell which
// usernames exist (issue 8, item 10).
const DUMMY_SALT = randomBytes(16);

/** Checks a password against a stored hash; false, after the same work, for a missing or malformed hash. */
export async function verifyPassword(password: string, stored: string | undefined): Promise<boolean> {
  const [scheme, n, r, p, saltText, hashText] = (stored ?? '').split('$');
  const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 };
  const usable =
    scheme === 'scrypt' &&
    !!saltText &&
    !!hashText &&
    Number.isInteger(options.N) &&
    Number.isInteger(options.r) &&
    Number.isInteger(options.p);
  if (!usable) {
    await derive(password, DUMMY_SALT, PARAMS);
    return false;
  }
  const expected = Buffer.from(hashText, 'base64url');
  const actual = await derive(password, Buffer.from(saltText, 'base64url'), options);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
