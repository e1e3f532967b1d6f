import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { PHONE_CODE_MINUTES, PHONE_CODE_TRIES } from '../../../src/contract/user.js';
import { phoneCodes } from '../db/schema.js';

export type PhoneCodePurpose = 'register' | 'login';

/** Why a code did not work: `wrong` leaves `triesLeft` tries of it. */
export type PhoneCodeCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; triesLeft: number }
  | { ok: false; reason: 'expired' | 'used' | 'tries_used' | 'none' };

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether members may register and log in by phone here: codes can be sent (home data's `phone_sign_in`). */
    phoneSignInOffered: boolean;
    /**
     * One-time codes sent by SMS (table phone_codes). Only the latest code of a number works: asking for a new one
     * retires the earlier ones.
     */
    phoneCodes: {
      /** A new 6-digit code for `phone`, working for PHONE_CODE_MINUTES; only its salted hash is stored. */
      issue(phone: string, purpose: PhoneCodePurpose): Promise<{ id: number; code: string }>;
      /** Forgets a code whose SMS could not be sent: it was never the member's. */
      discard(id: number): Promise<void>;
      /**
       * Checks `code` against the latest code of `phone`, whatever it was asked for (registering a number that has an
       * account signs in to it), using it up when right. Each check takes a
       * try first, in the same statement that reads the code, so guesses sent at once get PHONE_CODE_TRIES
       * comparisons between them, no more; a right code is used once, even by two requests at once.
       */
      check(phone: string, code: string): Promise<PhoneCodeCheck>;
      /** Deletes codes sent more than a day ago (the hourly upkeep). */
      sweepExpired(): Promise<void>;
    };
  }
}

/** Salted so that two rows with one code differ; a 6-digit code is no secret against a stolen table for long, but it dies in 5 minutes. */
function hashCode(salt: string, code: string): Buffer {
  return createHash('sha256').update(`${salt}:${code}`).digest();
}

export interface PhoneCodeRepositoryOptions {
  /** Codes can be sent: an SMS provider is configured, or the server runs in development (codes to the log). */
  offered: boolean;
}

export default fp<PhoneCodeRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    fastify.decorate('phoneSignInOffered', options.offered);

    fastify.decorate('phoneCodes', {
      async issue(phone, purpose) {
        // Uniform over 000000-999999 (randomInt has no modulo bias).
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        const salt = randomBytes(16).toString('base64url');
        const [row] = await db
          .insert(phoneCodes)
          .values({
            phone,
            purpose,
            salt,
            codeHash: hashCode(salt, code).toString('hex'),
            expiresAt: sql`now() + make_interval(mins => ${PHONE_CODE_MINUTES})`,
          })
          .returning({ id: phoneCodes.id });
        if (!row) throw new Error('The code was not stored');
        return { id: row.id, code };
      },
      async discard(id) {
        await db.delete(phoneCodes).where(eq(phoneCodes.id, id));
      },
      async check(phone, code) {
        const [latest] = await db
          .select({ id: phoneCodes.id })
          .from(phoneCodes)
          .where(eq(phoneCodes.phone, phone))
          .orderBy(desc(phoneCodes.id))
          .limit(1);
        if (!latest) return { ok: false, reason: 'none' };
        const [taken] = await db
          .update(phoneCodes)
          .set({ tries: sql`${phoneCodes.tries} + 1` })
          .where(
            and(
              eq(phoneCodes.id, latest.id),
              sql`${phoneCodes.usedAt} is null`,
              sql`${phoneCodes.expiresAt} > now()`,
              lt(phoneCodes.tries, PHONE_CODE_TRIES),
            ),
          )
          .returning({ tries: phoneCodes.tries, salt: phoneCodes.salt, codeHash: phoneCodes.codeHash });
        if (!taken) {
          const [row] = await db
            .select({
              used: sql<boolean>`${phoneCodes.usedAt} is not null`,
              expired: sql<boolean>`${phoneCodes.expiresAt} <= now()`,
            })
            .from(phoneCodes)
            .where(eq(phoneCodes.id, latest.id));
          if (!row) return { ok: false, reason: 'none' };
          if (row.used) return { ok: false, reason: 'used' };
          if (row.expired) return { ok: false, reason: 'expired' };
          return { ok: false, reason: 'tries_used' };
        }
        const right = timingSafeEqual(hashCode(taken.salt, code), Buffer.from(taken.codeHash, 'hex'));
        if (!right) return { ok: false, reason: 'wrong', triesLeft: PHONE_CODE_TRIES - taken.tries };
        // Used in the statement that marks it: of two requests with the right code, one signs in.
        const [used] = await db
          .update(phoneCodes)
          .set({ usedAt: sql`now()` })
          .where(and(eq(phoneCodes.id, latest.id), sql`${phoneCodes.usedAt} is null`))
          .returning({ id: phoneCodes.id });
        return used ? { ok: true } : { ok: false, reason: 'used' };
      },
      async sweepExpired() {
        await db.delete(phoneCodes).where(lt(phoneCodes.createdAt, sql`now() - interval '1 day'`));
      },
    });
  },
  { name: 'phone-code-repository', dependencies: ['database'] },
);
