import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../db/client.js';
import { jsonStatement, runSteps } from '../db/json-statement.js';
import { cartsOfUsers, type LineAdd, type LineQuantity } from './cart-repository.js';
import type { HttpError } from './error-handler.js';
import { insertAnswers, type IdempotencyClaim, type StoredOutcome } from './idempotency.js';

/**
 * Adding to the cart and setting a line's quantity, the shop's busiest writes, run in batches: the requests that
 * arrive while batches are in the database wait, then go together in one transaction: one statement per kind of
 * change and one that reads their carts back and stores the keyed answers. On the embedded database a batch goes in
 * one exchange as a transaction of its own (`runAtOnce`), and runs again with a look at each request (`runBatch`)
 * when one of them is refused or meets its key in use. Each request keeps its own outcome (a refusal refuses that
 * request only) and is answered once the transaction has committed. The embedded database costs about the same for
 * a statement of one row or of fifty, so under load the shoppers' adds no longer queue behind each other one
 * transaction at a time.
 * See the README (Performance) for what this costs and why.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Each answers the request with the user's cart, or rejects with the refusal. The reply comes back to be returned
     * by the route: Fastify then waits until the answer has been written (a compressed answer is a stream; a handler
     * that resolved without it would make Fastify send an empty body in its place).
     */
    cartWrites: {
      add(
        request: FastifyRequest,
        reply: FastifyReply,
        userId: number,
        productId: number,
        quantity: number,
      ): Promise<FastifyReply>;
      setQuantity(
        request: FastifyRequest,
        reply: FastifyReply,
        userId: number,
        lineId: number,
        quantity: number,
      ): Promise<FastifyReply>;
    };
  }
}

/** Requests in one batch at most: its statements' JSON documents stay a few kilobytes. */
const MAX_CART_BATCH = 100;

type CartWrite = ({ kind: 'add' } & LineAdd) | ({ kind: 'set' } & LineQuantity);

interface Pending {
  write: CartWrite;
  claim: IdempotencyClaim | undefined;
  reply: FastifyReply;
  resolve(reply: FastifyReply): void;
  reject(error: unknown): void;
}

/** How one request of a batch ends: its cart (as JSON text), a stored answer replayed, a refusal, or an error. */
type Outcome =
  | { kind: 'cart'; json: string }
  | StoredOutcome
  | { kind: 'refused'; error: HttpError }
  | { kind: 'failed'; error: Error };

/** A user's cart, as JSON text, and how many keyed answers the statement stored. */
interface AnswerRow {
  user_id: number;
  cart: string;
  stored: number;
}

/** The record a request's key is stored with, none without a key. */
function keyRecordOf(claim: IdempotencyClaim | undefined) {
  return claim ? [{ user_id: claim.userId, key: claim.key, fingerprint: claim.fingerprint }] : [];
}

/** A batch met an Idempotency-Key already in use. */
class KeyInUse extends Error {
  constructor() {
    super('An Idempotency-Key of the batch is in use');
  }
}

/** Takes from the front of the queue up to `max` requests, leaving a second use of one Idempotency-Key for later. */
function takeBatch<T extends { claim: IdempotencyClaim | undefined }>(queue: T[], max: number): T[] {
  const batch: T[] = [];
  const keys = new Set<string>();
  for (let index = 0; index < queue.length && batch.length < max;) {
    const item = queue[index]!;
    const key = item.claim ? `${item.claim.userId} ${item.claim.key}` : undefined;
    if (key !== undefined && keys.has(key)) {
      index += 1;
      continue;
    }
    if (key !== undefined) keys.add(key);
    batch.push(item);
    queue.splice(index, 1);
  }
  return batch;
}

export default fp(
  async (fastify) => {
    const { db, database, cartRepository, idempotency } = fastify;
    const queue: Pending[] = [];
    let draining = false;

    // The carts of the batch's users as JSON text, and the answers of its keyed requests stored, in one statement:
    // the carts never travel back into the database to be stored. `strict`, it fails (SQLSTATE CV001) unless
    // every key was new and stored.
    const answerStatement = (strict: boolean) =>
      jsonStatement<AnswerRow>(
        database.kind,
        (document) => sql`
          with cart as (${cartsOfUsers(sql`${document}->'users'`)}),
          stored as (${insertAnswers(
            sql`${document}->'keys'`,
            sql`select user_id, 200 as status_code, cart as response from cart`,
          )})
          select cart.user_id, cart.cart::text as cart, (select count(*)::integer from stored) as stored from cart
          ${strict ? sql`where fail_unless((select count(*)::integer from stored) = jsonb_array_length(${document}->'keys'), 'An Idempotency-Key of the batch is in use')` : sql``}`,
      );
    const answers = answerStatement(false);
    const strictAnswers = answerStatement(true);

    /**
     * Each request of the batch answered with its user's cart, from the answer statement's rows. It throws nothing:
     * it runs after the commit of a batch sent in one exchange, whose requests must not then run again.
     */
    function cartsFor(writes: CartWrite[], rows: AnswerRow[]): Outcome[] {
      const carts = new Map(rows.map((row) => [row.user_id, row.cart]));
      return writes.map((write) => {
        const json = carts.get(write.userId);
        if (json === undefined)
          return { kind: 'failed', error: new Error(`No cart came back for user ${write.userId}`) };
        return { kind: 'cart', json };
      });
    }

    /**
     * The batch as nearly every batch goes: nothing refused, every key new. Its statements, strict ones that fail
     * rather than refuse a request or meet a key in use, go to the embedded database in one exchange, which runs
     * them as a transaction of its own (PostgreSQL runs the statements of one simple query so): one exchange per
     * batch instead of three, and the database never waits for the server's thread to commit. Undefined when the
     * exchange failed, and so changed nothing, or on PostgreSQL: the batch then runs in `runBatch`.
     */
    async function runAtOnce(batch: Pending[]): Promise<Outcome[] | undefined> {
      if (database.kind !== 'pglite') return undefined;
      const writes = batch.map(({ write }) => write);
      const adds = writes.filter((write): write is CartWrite & { kind: 'add' } => write.kind === 'add');
      const sets = writes.filter((write): write is CartWrite & { kind: 'set' } => write.kind === 'set');
      const steps = [
        ...cartRepository.planAdds(adds, true).steps,
        ...cartRepository.planSets(sets, true).steps,
        strictAnswers.step({
          users: writes.map((write) => write.userId),
          keys: batch.flatMap(({ claim }) => keyRecordOf(claim)),
        }),
      ];
      let rows: unknown[][];
      try {
        rows = await runSteps(db, steps);
      } catch (error) {
        if ((error as { code?: unknown }).code !== 'CV001') {
          fastify.log.debug({ err: error, requests: batch.length }, 'cart batch failed in one exchange');
        }
        return undefined;
      }
      return cartsFor(writes, (rows.at(-1) ?? []) as AnswerRow[]);
    }

    /**
     * The batch with a look at each request, in a transaction: on PostgreSQL, and on the embedded database for a
     * batch that failed at once. A refused request is answered with its refusal and the others go on. A batch of
     * several requests takes their keys to be new: a key found in use after all (a replay, another process's
     * request) fails the batch, whose requests then run one at a time, each looking its key up first.
     */
    async function runBatch(tx: Database, batch: Pending[]): Promise<Outcome[]> {
      const outcomes: (Outcome | undefined)[] = batch.map(() => undefined);
      const claim = batch[0]!.claim;
      // A request alone whose key is in use answers as its record says, without running.
      if (batch.length === 1 && claim) outcomes[0] = await idempotency.findAnswer(tx, claim);

      const running = batch.flatMap(({ write }, index) => (outcomes[index] === undefined ? [{ index, write }] : []));
      const adds = running.filter(({ write }) => write.kind === 'add');
      const sets = running.filter(({ write }) => write.kind === 'set');
      const addPlan = cartRepository.planAdds(adds.map(({ write }) => write as LineAdd));
      const setPlan = cartRepository.planSets(sets.map(({ write }) => write as LineQuantity));
      // The answers are stored for every request that runs, refused or not, in the same exchange as the changes:
      // a refusal, which is rare, then takes its stored answer back below.
      const keys = running.flatMap(({ index }) => keyRecordOf(batch[index]!.claim));
      const answer = answers.step({ users: running.map(({ write }) => write.userId), keys });
      const rows = await runSteps(tx, [...addPlan.steps, ...setPlan.steps, ...(running.length > 0 ? [answer] : [])]);
      const addRefusals = addPlan.read(rows.slice(0, addPlan.steps.length));
      const setRefusals = setPlan.read(rows.slice(addPlan.steps.length, addPlan.steps.length + setPlan.steps.length));
      const refusedKeys: typeof keys = [];
      for (const [writes, refusals] of [
        [adds, addRefusals],
        [sets, setRefusals],
      ] as const) {
        writes.forEach(({ index }, position) => {
          const error = refusals[position];
          if (!error) return;
          outcomes[index] = { kind: 'refused', error };
          refusedKeys.push(...keyRecordOf(batch[index]!.claim));
        });
      }
      if (running.length === 0) return outcomes as Outcome[];

      const stored = (rows.at(-1) ?? []) as AnswerRow[];
      // A key was in use (a replay), or another process on the same PostgreSQL database took one meanwhile: the
      // batch rolls back and its requests run again one by one, that one then answering as the key's record says.
      if ((stored[0]?.stored ?? 0) !== keys.length) throw new KeyInUse();
      // A refused request stores nothing: its key stays free for the request sent again.
      if (refusedKeys.length > 0) await idempotency.forgetKeys(tx, refusedKeys);
      const carts = cartsFor(
        batch.map(({ write }) => write),
        stored,
      );
      return outcomes.map((outcome, index) => outcome ?? carts[index]!);
    }

    function settle(pending: Pending, outcome: Outcome): void {
      const { reply } = pending;
      if (outcome.kind === 'refused' || outcome.kind === 'failed') return pending.reject(outcome.error);
      if (outcome.kind === 'replay') {
        reply.code(outcome.statusCode).header('idempotent-replayed', 'true').send(outcome.response);
      } else {
        // The cart as the database wrote it, already JSON in the contract's shape (the server tests hold it to the
        // schema): it is sent as it is, neither parsed nor serialized again. As bytes: Node writes a text answer
        // joined to its headers, a copy of both (twice the text's length when it holds a character such as '’').
        reply.type('application/json; charset=utf-8').send(Buffer.from(outcome.json));
      }
      pending.resolve(reply);
    }

    /**
     * Runs a batch and resolves, once its transaction has committed (or failed), to what answers its requests: a
     * request is never told of a change that is then rolled back.
     */
    async function run(batch: Pending[], keyMetInUse = false): Promise<() => void> {
      try {
        const outcomes = (await runAtOnce(batch)) ?? (await db.transaction((tx) => runBatch(tx, batch)));
        return () =>
          batch.forEach((pending, index) => {
            try {
              settle(pending, outcomes[index]!);
            } catch (error) {
              pending.reject(error);
            }
          });
      } catch (error) {
        // A request alone whose key another server process took between the look-up and the insert: that process
        // has committed by now (the insert waited for it), so the request runs once more and replays its answer.
        if (batch.length === 1 && error instanceof KeyInUse && !keyMetInUse) return run(batch, true);
        if (batch.length === 1) return () => batch[0]!.reject(error);
        // A batch that failed as a whole (a database error, a key taken by another server process) runs again one
        // request at a time, so that one request's failure is never another's.
        if (error instanceof KeyInUse) fastify.log.debug({ requests: batch.length }, 'cart batch met a key in use');
        else
          fastify.log.warn(
            { err: error, requests: batch.length },
            'cart batch failed; running its requests one by one',
          );
        for (const pending of batch) (await run([pending]))();
        return () => {};
      }
    }

    async function drain(): Promise<void> {
      try {
        let answer: (() => void) | undefined;
        while (queue.length > 0) {
          const next = run(takeBatch(queue, MAX_CART_BATCH));
          // The batch before is answered while the database runs this one: on the next turn of the event loop, once
          // this batch's statements are on their way to the database's thread.
          if (answer) setImmediate(answer);
          answer = await next;
        }
        answer?.();
      } finally {
        draining = false;
      }
    }

    function submit(request: FastifyRequest, reply: FastifyReply, write: CartWrite): Promise<FastifyReply> {
      const claim = idempotency.claimOf(request);
      return new Promise<FastifyReply>((resolve, reject) => {
        queue.push({ write, claim, reply, resolve, reject });
        if (draining) return;
        draining = true;
        // Started on the next turn of the event loop, so that the requests read in this one join the first batch.
        setImmediate(() => void drain());
      });
    }

    fastify.decorate('cartWrites', {
      add: (request, reply, userId, productId, quantity) =>
        submit(request, reply, { kind: 'add', userId, productId, quantity }),
      setQuantity: (request, reply, userId, lineId, quantity) =>
        submit(request, reply, { kind: 'set', userId, lineId, quantity }),
    });
  },
  { name: 'cart-writes', dependencies: ['database', 'idempotency', 'cart-repository'] },
);
