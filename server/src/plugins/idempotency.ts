import { createHash } from 'node:crypto';
import { lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { builtOnce } from '../db/built-once.js';
import { rowsOf, type Database } from '../db/client.js';
import { idempotencyKeys } from '../db/schema.js';
import { jsonTextOf } from '../lib/json-text.js';
import { HttpError } from './error-handler.js';

/**
 * Idempotency-Key support for every keyed write, the one path they all take (`runIdempotent`). The key's record is
 * looked up, the work done and the answer stored in one transaction, so an effect and its record commit together or
 * not at all. Keys belong to a user and are kept for 24 hours; a refused request (4xx) stores nothing, so it may be
 * retried with its key. A write that is any work runs in a transaction of its own; only one-statement writes (the
 * cart's) share a transaction with others sent at the same moment. See
 * docs/decisions/2026-11-28-one-statement-batches.md, 2026-11-26-keyed-writes-sent-together.md and
 * 2026-11-26-answers-written-once.md.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** Runs `work` in a transaction, at most once per Idempotency-Key and request body. */
    runIdempotent<T>(request: FastifyRequest, reply: FastifyReply, work: KeyedWork<T>): Promise<T>;
    idempotency: {
      /** Deletes the expired records (the upkeep plugin does it hourly). */
      sweepExpired(): Promise<void>;
    };
  }
}

/**
 * A write that is one statement: `answer` reads its rows, and throws to refuse it. Such writes share a transaction
 * with others sent at the same moment (a batch), sent to the database together without waiting for each other's
 * answers. So a refusal does not roll back its batch-mates: the statement must write nothing when `answer` refuses
 * it (an HttpError under 500), and is then answered with the refusal while the others commit. Anything else that
 * fails, the statement itself or `answer` with another error, rolls the batch back and runs its writes again one at a
 * time.
 */
export interface OneStatement<T> {
  statement: SQL;
  answer(rows: unknown[]): T;
}

/** What a keyed write does in its transaction: any work, or one statement. */
export type KeyedWork<T> = ((tx: Database) => Promise<T>) | OneStatement<T>;

/** Runs a keyed write's work in `tx`. */
function perform<T>(tx: Database, work: KeyedWork<T>): Promise<T> {
  if (typeof work === 'function') return work(tx);
  return tx.execute(work.statement).then((result) => work.answer(rowsOf(result)));
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** 24 hours, in milliseconds: long enough for a phone to come back online, short enough to keep the table small. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

interface IdempotencyClaim {
  userId: number;
  key: string;
  /** SHA-256 of the method, path and body: the same key with another request is refused. */
  fingerprint: string;
}

/** A finished request's answer, to replay, or the refusal of a key that is in use otherwise. */
type StoredOutcome = { kind: 'replay'; statusCode: number; response: unknown } | { kind: 'refused'; error: HttpError };

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

/** What a request must answer whose key has a live record: another request's key, or its replay. */
function outcomeOfStored(stored: StoredRecord, fingerprint: string): StoredOutcome {
  if (stored.fingerprint !== fingerprint) {
    const error = new HttpError(
      422,
      'This Idempotency-Key was already used for a different request',
      'Idempotency-Key',
    );
    return { kind: 'refused', error };
  }
  const response: unknown = stored.response === null ? null : JSON.parse(stored.response);
  return { kind: 'replay', statusCode: stored.statusCode ?? 200, response };
}

/** A record older than this is expired: its key may be used again. */
const expiredBefore = sql.raw(`now() - make_interval(secs => ${IDEMPOTENCY_TTL_MS / 1000})`);

/** A live record as `liveRecordOf` reads it. */
interface StoredRecord {
  userId: number;
  key: string;
  fingerprint: string;
  statusCode: number | null;
  /** The answer as JSON text. */
  response: string | null;
}

/** The live record of a user's key, if it has one: looked up through the unique index. */
const liveRecordOf = builtOnce(
  ['userId', 'key'],
  ({ userId, key }) => sql`
  select ${idempotencyKeys.userId} as "userId", ${idempotencyKeys.key}, ${idempotencyKeys.fingerprint},
    ${idempotencyKeys.statusCode} as "statusCode", ${idempotencyKeys.response}::text as response
  from ${idempotencyKeys}
  where ${idempotencyKeys.userId} = ${userId}::integer and ${idempotencyKeys.key} = ${key}::text
    and ${idempotencyKeys.createdAt} >= ${expiredBefore}
  limit 1`,
);

/** A finished write's record, as `storeAnswers` stores it. */
export interface Answer {
  userId: number;
  key: string;
  fingerprint: string;
  statusCode: number;
  /** The answer as JSON text, null for none. */
  response: string | null;
}

/** The statement storing a given number of answers, each made once. */
const storeStatements = new Map<number, (values: Record<string, unknown>) => SQL>();

/**
 * Stores the `answers`, each a new key or one whose record has expired, and returns a row for each answer stored.
 * Each value is a parameter of its own: taken out of one JSON value, parsing that took twice as long as storing.
 * (The bench's write floor stores its answers with it too.)
 */
export function storeAnswers(answers: Answer[]): SQL {
  const count = answers.length;
  let statement = storeStatements.get(count);
  if (!statement) {
    const names = answers.flatMap((_, row) =>
      ['userId', 'key', 'fingerprint', 'statusCode', 'response'].map((name) => `${name}${row}`),
    );
    statement = builtOnce(names, (value) => {
      const rows = answers.map((_, row) => {
        const of = (name: string) => value[`${name}${row}`]!;
        return sql`(${of('userId')}::integer, ${of('key')}::text, ${of('fingerprint')}::text,
          ${of('statusCode')}::integer, ${of('response')}::text::json)`;
      });
      return sql`
        insert into ${idempotencyKeys} (user_id, key, fingerprint, status_code, response)
        values ${sql.join(rows, sql`, `)}
        on conflict (user_id, key) do update
          set fingerprint = excluded.fingerprint, status_code = excluded.status_code, response = excluded.response,
            created_at = now()
          where ${idempotencyKeys.createdAt} < ${expiredBefore}
        returning ${idempotencyKeys.id}`;
    });
    storeStatements.set(count, statement);
  }
  const values: Record<string, unknown> = {};
  answers.forEach((answer, row) => {
    for (const [name, value] of Object.entries(answer)) values[`${name}${row}`] = value;
  });
  return statement(values);
}

/** Keyed writes in one batch at most. */
const MAX_BATCH = 50;

/** A key of the batch got a live record from another transaction while the batch ran. */
class KeyStoredMeanwhile extends Error {
  constructor() {
    super('An Idempotency-Key was stored by another transaction meanwhile');
  }
}

/** A keyed write waiting for its batch, or running alone. */
interface Pending {
  claim: IdempotencyClaim;
  reply: FastifyReply;
  work: KeyedWork<unknown>;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * How a keyed write of a batch ended: its work's result (and status), what its key's record says, or the refusal of a
 * one-statement write, which wrote nothing.
 */
type Settlement = { kind: 'done'; statusCode: number; response: unknown } | StoredOutcome;

/** A refusal a one-statement write answers with in its batch, its statement having written nothing. */
function isRefusal(error: unknown): error is HttpError {
  return error instanceof HttpError && error.statusCode < 500;
}

/** A key as one string: its user and itself. */
const keyOf = ({ userId, key }: { userId: number; key: string }) => `${userId} ${key}`;

/** Takes up to `max` writes from the front of the queue, leaving a second use of one key for a later batch. */
function takeBatch(queue: Pending[], max: number): Pending[] {
  const batch: Pending[] = [];
  const keys = new Set<string>();
  for (let index = 0; index < queue.length && batch.length < max;) {
    const pending = queue[index]!;
    const key = keyOf(pending.claim);
    if (keys.has(key)) {
      index += 1;
      continue;
    }
    keys.add(key);
    batch.push(pending);
    queue.splice(index, 1);
  }
  return batch;
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('idempotency', {
      async sweepExpired() {
        await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, expiredBefore));
      },
    });

    /**
     * Runs a batch of keyed writes in one transaction: each new key's work in the batch's order, their answers stored
     * in one statement. A batch of several holds one-statement writes only; any other work is a batch of its own. A
     * one-statement write refused by its answer wrote nothing: it is answered with its refusal and the batch goes on.
     * Any other failure fails the batch, which rolls back and runs again one write at a time, so that one write's
     * failure is never another's.
     *
     * Only a single write looks its key up first. A batch of several expects new keys (a replay is the retry of a
     * write whose answer was lost), so it saves that round trip: a key with a live record after all makes the store
     * write fewer rows, as a key stored meanwhile does, and the batch rolls back and runs one write at a time, each
     * answered by its record or done then.
     */
    async function runBatch(batch: Pending[]): Promise<Settlement[]> {
      return db.transaction(async (tx) => {
        let stored: StoredRecord[] = [];
        if (batch.length === 1) {
          const { userId, key } = batch[0]!.claim;
          stored = rowsOf<StoredRecord>(await tx.execute(liveRecordOf({ userId, key })));
        }
        const recordOf = new Map(stored.map((row) => [keyOf(row), row]));

        // Each write's work in the batch's order. A one-statement write is sent without waiting for its answer, so
        // that consecutive ones travel to the database together; any other work is waited for before the next
        // write's statements are sent, as it may read what the writes before it left.
        const outcomes: Promise<Settlement>[] = [];
        for (const { claim, reply, work } of batch) {
          const record = recordOf.get(keyOf(claim));
          if (record) {
            outcomes.push(Promise.resolve(outcomeOfStored(record, claim.fingerprint)));
            continue;
          }
          const done = perform(tx, work).then(
            (response): Settlement => ({ kind: 'done', statusCode: reply.statusCode, response }),
            (error: unknown): Settlement => {
              // Only a one-statement write's refusal leaves its transaction as it was; other work may have written.
              if (typeof work !== 'function' && isRefusal(error)) return { kind: 'refused', error };
              throw error;
            },
          );
          // Observed by Promise.all below; a failure before then would otherwise count as unhandled.
          done.catch(() => {});
          outcomes.push(done);
          if (typeof work === 'function') await done;
        }
        const settlements = await Promise.all(outcomes);
        const answers = batch.flatMap(({ claim }, index): Answer[] => {
          const settlement = settlements[index]!;
          if (settlement.kind !== 'done') return [];
          const { userId, key, fingerprint } = claim;
          const response =
            settlement.response === undefined
              ? null
              : (jsonTextOf(settlement.response) ?? JSON.stringify(settlement.response));
          return [{ userId, key, fingerprint, statusCode: settlement.statusCode, response }];
        });
        if (answers.length > 0) {
          // In (user, key) order, as every writer locks them. A key that has a live record now was not looked up (a
          // batch of several looks up none), or was stored meanwhile by a transaction this one could not see (on
          // PostgreSQL, another batch or process, which this statement waited for): the batch rolls back, and its
          // writes run again one at a time, that one answered by the record.
          answers.sort((a, b) => a.userId - b.userId || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
          const written = rowsOf(await tx.execute(storeAnswers(answers)));
          if (written.length < answers.length) throw new KeyStoredMeanwhile();
        }
        return settlements;
      });
    }

    function settle(pending: Pending, settlement: Settlement): void {
      if (settlement.kind === 'refused') return pending.reject(settlement.error);
      if (settlement.kind === 'replay') {
        pending.reply.code(settlement.statusCode).header('idempotent-replayed', 'true');
      }
      pending.resolve(settlement.response);
    }

    /** Runs a batch, and its writes one at a time when it fails as a whole. */
    async function run(batch: Pending[], attempt = 1): Promise<void> {
      try {
        const settlements = await runBatch(batch);
        batch.forEach((pending, index) => settle(pending, settlements[index]!));
      } catch (error) {
        if (batch.length > 1) {
          for (const pending of batch) await run([pending]);
        } else if (error instanceof KeyStoredMeanwhile && attempt < 3) {
          // Once more, now that the other transaction has committed: its record answers this write.
          await run(batch, attempt + 1);
        } else {
          batch[0]!.reject(error);
        }
      }
    }

    const queue: Pending[] = [];
    /**
     * Batches of one-statement writes in the database at once: one on the embedded database, which runs one
     * transaction at a time; eight on PostgreSQL (docs/decisions/2026-11-26-eight-batches.md).
     */
    const maxRunning = fastify.database.kind === 'postgres' ? 8 : 1;
    let running = 0;

    function drain(): void {
      while (running < maxRunning && queue.length > 0) {
        running += 1;
        void run(takeBatch(queue, MAX_BATCH)).finally(() => {
          running -= 1;
          drain();
        });
      }
    }

    fastify.decorate('runIdempotent', function runIdempotent<
      T,
    >(request: FastifyRequest, reply: FastifyReply, work: KeyedWork<T>): Promise<T> {
      const claim = claimOf(request);
      if (claim === undefined) return db.transaction((tx) => perform(tx, work));
      return new Promise<T>((resolve, reject) => {
        const pending = { claim, reply, work, resolve: resolve as (result: unknown) => void, reject };
        // Any work but one statement is a plain transaction of its own with its key: a batch-mate's refusal could
        // otherwise make it run twice (an image encoded twice, a mail queued twice).
        if (typeof work === 'function') return void run([pending]);
        queue.push(pending);
        // On the next turn of the event loop, so that the writes read in this one share the batch.
        if (queue.length === 1) setImmediate(drain);
      });
    });
  },
  { name: 'idempotency', dependencies: ['database'] },
);
