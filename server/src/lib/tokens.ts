import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits) as base64url: far beyond guessing, and safe in a header. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as SHA-256: they are random, so a fast hash is enough and a look-up stays one index probe. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
