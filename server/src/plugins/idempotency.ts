import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError } from './error-handler.js';

/**
 * Idempotency-Key support for the shop's POST and DELETE calls. The key is claimed, the work done and the answer
 * stored in one transaction, so an effect and its record commit together or not at all. Keys belong to a user and
 * are kept for 24 hours; a refused request (4xx) rolls back and stores nothing, so it may be retried with its key.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Runs `work` in a transaction, at most once per Idempotency-Key and request body. */
    runIdempotent<T>(request: FastifyRequest, reply: FastifyReply, work: (tx: Database) => Promise<T>): Promise<T>;
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 24 hours, in milliseconds: long enough for a phone to come back online, short enough to keep the table small. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The request's Idempotency-Key, undefined when it has none; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters', 'Idempotency-Key');
  }
  return header;
}
/** Expired keys are swept hourly. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** JSON with object keys sorted, so that `{a, b}` and `{b, a}` are the same body. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    const expiredBefore = () => sql`now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`;

    const sweep = setInterval(() => {
      db.delete(idempotencyKeys)
        .where(lt(idempotencyKeys.createdAt, expiredBefore()))
        .catch((error: unknown) => fastify.log.warn({ err: error }, 'idempotency sweep failed'));
    }, SWEEP_INTERVAL_MS);
    sweep.unref();
    fastify.addHook('onClose', async () => clearInterval(sweep));

    fastify.decorate('runIdempotent', async function runIdempotent<
      T,
    >(request: FastifyRequest, reply: FastifyReply, work: (tx: Database) => Promise<T>): Promise<T> {
      const header = idempotencyKeyOf(request);
      if (header === undefined) return db.transaction((tx) => work(tx));
      const userId = request.user?.id;
      if (userId === undefined) throw new HttpError(401, 'Please log in to continue');
      const path = request.url.split('?')[0] ?? request.url;
      const fingerprint = createHash('sha256')
        .update(`${request.method} ${path}\n${canonicalJson(request.body)}`)
        .digest('hex');
      const sameKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, header));

      return db.transaction(async (tx) => {
        // Claimed when new, or taken over when its record has expired; a live record is left alone (no row back).
        // On PostgreSQL a second request with the same key waits here until the first commits, then replays it.
        const [claimed] = await tx
          .insert(idempotencyKeys)
          .values({ userId, key: header, fingerprint })
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: { fingerprint, statusCode: null, response: null, createdAt: sql`now()` },
            setWhere: lt(idempotencyKeys.createdAt, expiredBefore()),
          })
          .returning({ id: idempotencyKeys.id });
        if (!claimed) {
          const [stored] = await tx.select().from(idempotencyKeys).where(sameKey).limit(1);
          if (!stored || stored.statusCode === null) {
            throw new HttpError(409, 'A request with this Idempotency-Key is still in progress; try again shortly');
          }
          if (stored.fingerprint !== fingerprint) {
            throw new HttpError(
              422,
              'This Idempotency-Key was already used for a different request',
              'Idempotency-Key',
            );
          }
          reply.code(stored.statusCode).header('idempotent-replayed', 'true');
          return stored.response as T;
        }
        const result = await work(tx);
        await tx
          .update(idempotencyKeys)
          .set({ statusCode: reply.statusCode, response: result })
          .where(eq(idempotencyKeys.id, claimed.id));
        return result;
      });
    });
  },
  { name: 'idempotency', dependencies: ['database'] },
);
