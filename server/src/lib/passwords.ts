import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { WorkQueue } from './work-queue.js';

/**
 * Passwords are stored as scrypt hashes with one of OWASP's equivalent parameter sets (N = 2^15, r = 8, p = 3: a
 * few hundred milliseconds per hash but 32 MiB of memory, where N = 2^17, p = 1 needs 128 MiB per login at once), a
 * 16-byte random salt and a 32-byte key, as `scrypt$N$r$p$salt$key` in base64url. The parameters travel with each
 * hash, so hashes made with other parameters (N = 2^17 before) keep working and they can be raised later.
 */
const DEFAULT_PARAMS = { N: 2 ** 15, r: 8, p: 3 };
const KEY_LENGTH = 32;

/**
 * Hashes in flight, and hashes waiting. Node runs scrypt on its pool of 4 threads, which reading files (the app's
 * assets, uploaded images) shares: 200 logins at once queued 200 hashes there and an image took 25 s instead of
 * 8 ms. Two hashes run at once, 30 more wait (a few seconds' work), and a hash beyond that is refused with 503 and
 * Retry-After.
 */
export const HASHES_IN_FLIGHT = 2;
export const HASHES_WAITING = 30;
const hashing = new WorkQueue(HASHES_IN_FLIGHT, HASHES_WAITING);

function scrypt(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  // maxmem must exceed 128 * N * r bytes, or Node refuses the parameters.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return hashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, DEFAULT_PARAMS);
  const { N, r, p } = DEFAULT_PARAMS;
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await scrypt(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/**
 * A hash of a random password, compared against when an email is unknown, so that a wrong email takes as long as a
 * wrong password and the answer time does not tell which emails have accounts.
 */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  // A refused hash (the queue was full) is not kept: the next login makes the decoy again.
  decoyHash ??= hashPassword(randomBytes(16).toString('hex')).catch((error: unknown) => {
    decoyHash = undefined;
    throw error;
  });
  return decoyHash;
}
