import { createHash } from 'node:crypto';
import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { HttpError } from './error-handler.js';

/**
 * Idempotency-Key support for the shop's POST and DELETE calls. The key is claimed, the work done and the answer
 * stored in one transaction, so an effect and its record commit together or not at all. Keys belong to a user and
 * are kept for 24 hours; a refused request (4xx) rolls back and stores nothing, so it may be retried with its key.
 *
 * Work that runs many requests in one transaction (the cart's batches, plugins/cart-writes) stores the answers of
 * those it did with the statement that builds them (`insertAnswers`), and looks a key up (`findAnswer`) when it runs
 * a request alone.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Runs `work` in a transaction, at most once per Idempotency-Key and request body. */
    runIdempotent<T>(request: FastifyRequest, reply: FastifyReply, work: (tx: Database) => Promise<T>): Promise<T>;
    idempotency: {
      /** The request's key and fingerprint, undefined when it has no Idempotency-Key; a malformed key is a 400. */
      claimOf(request: FastifyRequest): IdempotencyClaim | undefined;
      /**
       * What a request whose key is in use must answer instead of running: the stored answer, or a refusal (in
       * progress, or another request's key); undefined when the key is free.
       */
      findAnswer(tx: Database, claim: IdempotencyClaim): Promise<StoredOutcome | undefined>;
      /** Deletes the records of these keys, stored in this transaction for requests that were then refused. */
      forgetKeys(tx: Database, keys: { user_id: number; key: string }[]): Promise<void>;
      /** Deletes the expired records (the upkeep plugin does it hourly). */
      sweepExpired(): Promise<void>;
    };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 24 hours, in milliseconds: long enough for a phone to come back online, short enough to keep the table small. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyClaim {
  userId: number;
  key: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  fingerprint: string;
}

/** A finished request's answer, to replay, or the refusal of a key that is in use otherwise. */
export type StoredOutcome =
  { kind: 'replay'; statusCode: number; response: unknown } | { kind: 'refused'; error: HttpError };

/** The request's Idempotency-Key, undefined when it has none; a malformed one is a 400 naming the header. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(header)) {
    throw new HttpError(400, 'Idempotency-Key must be 1 to 255 visible ASCII characters', 'Idempotency-Key');
  }
  return header;
}
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

function claimOf(request: FastifyRequest): IdempotencyClaim | undefined {
  const key = idempotencyKeyOf(request);
  if (key === undefined) return undefined;
  const userId = request.user?.id;
  if (userId === undefined) throw new HttpError(401, 'Please log in to continue');
  const path = request.url.split('?')[0] ?? request.url;
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${path}\n${canonicalJson(request.body)}`)
    .digest('hex');
  return { userId, key, fingerprint };
}

/** What a request must answer whose key has a live record: still in progress, another request's key, or replay. */
function outcomeOfStored(
  stored: { fingerprint: string; statusCode: number | null; response: unknown } | undefined,
  fingerprint: string,
): StoredOutcome {
  if (!stored || stored.statusCode === null) {
    const error = new HttpError(409, 'A request with this Idempotency-Key is still in progress; try again shortly');
    return { kind: 'refused', error };
  }
  if (stored.fingerprint !== fingerprint) {
    const error = new HttpError(
      422,
      'This Idempotency-Key was already used for a different request',
      'Idempotency-Key',
    );
    return { kind: 'refused', error };
  }
  return { kind: 'replay', statusCode: stored.statusCode, response: stored.response };
}

/** The record of the claim's key. */
const sameKeyAs = (claim: IdempotencyClaim) =>
  and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));

/** A record older than this is expired: its key may be used again. */
const expiredBefore = sql.raw(`now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`);

/**
 * The body of a statement (a CTE) that stores answers built in the same statement: `keys` is a JSON array of
 * `{ user_id, key, fingerprint }` (the requests that ran), `answers` a relation of `(user_id, status_code, response)`,
 * one answer per user. An expired record is taken over; a key in use (a replay, or another process's request on the
 * same PostgreSQL database) is not stored and does not come back, so the caller can compare the count and roll
 * back. Rows go in (user, key) order, as every writer locks them.
 */
export function insertAnswers(keys: SQL, answers: SQL): SQL {
  return sql`
    insert into ${idempotencyKeys} (user_id, key, fingerprint, status_code, response)
    select claim.user_id, claim.key, claim.fingerprint, answer.status_code, answer.response
    from jsonb_to_recordset(${keys}) as claim(user_id integer, key text, fingerprint text)
    join (${answers}) as answer on answer.user_id = claim.user_id
    order by claim.user_id, claim.key
    on conflict (user_id, key) do update
      set fingerprint = excluded.fingerprint, status_code = excluded.status_code, response = excluded.response,
        created_at = now()
      where ${idempotencyKeys.createdAt} < ${expiredBefore}
    returning ${idempotencyKeys.id}`;
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('idempotency', {
      claimOf,
      async sweepExpired() {
        await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore));
      },
      async findAnswer(tx, claim) {
        const [stored] = await tx
          .select()
          .from(idempotencyKeys)
          .where(and(sameKeyAs(claim), gte(idempotencyKeys.createdAt, expiredBefore)))
          .limit(1);
        return stored ? outcomeOfStored(stored, claim.fingerprint) : undefined;
      },
      async forgetKeys(tx, keys) {
        await tx.execute(sql`
          delete from ${idempotencyKeys}
          where (${idempotencyKeys.userId}, ${idempotencyKeys.key}) in (
            select forgotten.user_id, forgotten.key
            from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as forgotten(user_id integer, key text)
          )`);
      },
    });

    fastify.decorate('runIdempotent', async function runIdempotent<
      T,
    >(request: FastifyRequest, reply: FastifyReply, work: (tx: Database) => Promise<T>): Promise<T> {
      const claim = claimOf(request);
      if (claim === undefined) return db.transaction((tx) => work(tx));

      return db.transaction(async (tx) => {
        // Claimed when new, or taken over when its record has expired; a live record is left alone (no row back).
        // On PostgreSQL a second request with the same key waits here until the first commits, then replays it.
        const [claimed] = await tx
          .insert(idempotencyKeys)
          .values(claim)
          .onConflictDoUpdate({
            target: [idempotencyKeys.userId, idempotencyKeys.key],
            set: { fingerprint: claim.fingerprint, statusCode: null, response: null, createdAt: sql`now()` },
            setWhere: lt(idempotencyKeys.createdAt, expiredBefore),
          })
          .returning({ id: idempotencyKeys.id });
        if (!claimed) {
          const [stored] = await tx.select().from(idempotencyKeys).where(sameKeyAs(claim)).limit(1);
          const outcome = outcomeOfStored(stored, claim.fingerprint);
          if (outcome.kind === 'refused') throw outcome.error;
          reply.code(outcome.statusCode).header('idempotent-replayed', 'true');
          return outcome.response as T;
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
