/**
 * The embedded database on a thread of its own. PGlite is PostgreSQL compiled to WebAssembly: every statement runs
 * synchronously on the thread that holds it. On the server's thread, each statement kept the server from reading
 * requests and writing answers while it ran, and under load the database took two thirds of that thread. Here the
 * server's thread only sends statements and receives their rows, and the database works on the machine's other core
 * meanwhile.
 *
 * `PGliteThread` offers what Drizzle's PGlite driver and the server use of a PGlite client: `query`, `exec`,
 * `transaction` (whose client offers `query` and `exec`) and `close`. A transaction holds the database until it
 * ends, as in PGlite: the statements of others wait for it.
 */
import type { Worker } from 'node:worker_threads';
import type { PGliteOptions, QueryOptions, Results } from '@electric-sql/pglite';
import { startWorkerThread } from '../entry-points.js';
import { PreparedStatements } from './pglite-statements.js';

export type ThreadRequest =
  | {
      id: number;
      op: 'query';
      tx?: number;
      sql: string;
      params: unknown[] | undefined;
      rowMode: 'array' | 'object' | undefined;
      /** Drizzle's parsers, which keep dates as text: functions cannot be sent to the thread, so it has its own. */
      drizzleParsers: boolean;
    }
  | { id: number; op: 'exec'; tx?: number; sql: string }
  /** Protocol messages for the engine, inside the transaction (pglite-statements.ts). */
  | { id: number; op: 'raw'; tx: number; message: Uint8Array }
  | { id: number; op: 'begin'; tx?: undefined }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close'; tx?: undefined }
  /** Hands over the notices on `channel` whose payload starts with one of `prefixes` (`onNotice`). */
  | { id: number; op: 'listen'; tx?: undefined; channel: string; prefixes: string[] };

/** A notice the database sent (NOTIFY) on a channel the thread listens to. */
export interface ThreadNotice {
  notice: string;
}

export interface ThreadReply {
  id: number;
  result?: unknown;
  error?: { message: string; name?: string; fields?: Record<string, unknown> };
}

/** The part of a PGlite client a transaction offers. */
export interface ThreadClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

type RequestWithoutId = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

function errorFrom(reply: NonNullable<ThreadReply['error']>): Error {
  const error = new Error(reply.message);
  if (reply.name) error.name = reply.name;
  Object.assign(error, reply.fields);
  return error;
}

export class PGliteThread implements ThreadClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #noticeHandlers: ((payload: string) => void)[] = [];
  #nextId = 1;
  #failure: Error | undefined;
  /** Statements outside any transaction. */
  readonly #outside = this.#client(undefined);
  /** Resolves once the database is open (and, for a new folder, created). */
  readonly waitReady: Promise<void>;

  constructor(dataDir: string | undefined, options: PGliteOptions) {
    this.#worker = startWorkerThread('pglite-worker', { dataDir, options });
    this.waitReady = new Promise((resolve, reject) => this.#pending.set(0, { resolve: () => resolve(), reject }));
    this.#worker.on('message', (reply: ThreadReply | ThreadNotice) => {
      if ('notice' in reply) {
        for (const handler of this.#noticeHandlers) handler(reply.notice);
        return;
      }
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (reply.error) pending.reject(errorFrom(reply.error));
      else pending.resolve(reply.result);
    });
    const fail = (error: Error) => {
      this.#failure = error;
      for (const pending of this.#pending.values()) pending.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code})`)));
  }

  #send(request: RequestWithoutId, id = this.#nextId++): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      const moved = request.op === 'raw' ? [request.message.buffer as ArrayBuffer] : [];
      this.#worker.postMessage({ ...request, id }, moved);
    });
  }

  /** The transactions' prepared statements, run by this thread through the engine's protocol. */
  readonly #prepared = new PreparedStatements(
    (message, tx) => this.#send({ op: 'raw', tx, message }) as Promise<Uint8Array>,
  );

  #client(tx: number | undefined): ThreadClient {
    const send = (request: RequestWithoutId) => this.#send(request);
    if (tx === undefined) {
      return {
        query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
          send({
            op: 'query',
            sql,
            params,
            rowMode: options?.rowMode,
            drizzleParsers: options?.parsers !== undefined,
          }) as Promise<Results<T>>,
        exec: (sql: string) => send({ op: 'exec', sql }) as Promise<Results[]>,
      };
    }
    // A transaction's statements reach the database's thread in the order they are given, though a new statement is
    // prepared first: each is sent once the one before it has been sent, without waiting for its answer.
    let lastSent: Promise<unknown> = Promise.resolve();
    const inOrder = <T>(sending: () => Promise<{ answer: Promise<T> }>): Promise<T> => {
      const sent = lastSent.then(sending);
      lastSent = sent.catch(() => {});
      return sent.then(({ answer }) => answer);
    };
    return {
      query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
        inOrder(async () =>
          // Drizzle's statements (Drizzle gives its parsers): prepared, as on PostgreSQL.
          options?.parsers !== undefined && this.#prepared.handles(sql)
            ? ((await this.#prepared.send(sql, params ?? [], options.rowMode ?? 'object', tx)) as {
                answer: Promise<Results<T>>;
              })
            : {
                answer: send({
                  op: 'query',
                  tx,
                  sql,
                  params,
                  rowMode: options?.rowMode,
                  drizzleParsers: options?.parsers !== undefined,
                }) as Promise<Results<T>>,
              },
        ),
      exec: (sql: string) => inOrder(async () => ({ answer: send({ op: 'exec', tx, sql }) as Promise<Results[]> })),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#outside.query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#outside.exec(sql);
  }

  /** Runs `work` in a transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadClient) => Promise<T>): Promise<T> {
    const id = this.#nextId++;
    // Not waited for: the first statement follows at once and waits on the database's thread until the transaction
    // is open (one exchange less per transaction). A failure to begin fails that statement too.
    const begun = this.#send({ op: 'begin' }, id);
    begun.catch(() => {});
    let result: T;
    try {
      result = await work(this.#client(id));
      await begun;
    } catch (error) {
      await this.#send({ op: 'end', tx: id, commit: false }).catch(() => {});
      throw error;
    }
    await this.#send({ op: 'end', tx: id, commit: true });
    return result;
  }

  /**
   * Calls `handler` with each notice sent on `channel` whose payload starts with one of `prefixes`, once the
   * transaction that sent it has committed (the embedded database's LISTEN: one process, so nothing crosses to others).
   * Resolves, once the thread listens, to the function that stops calling it.
   */
  async onNotice(channel: string, prefixes: string[], handler: (payload: string) => void): Promise<() => void> {
    const entry = (payload: string) => {
      if (prefixes.some((prefix) => payload.startsWith(prefix))) handler(payload);
    };
    this.#noticeHandlers.push(entry);
    await this.#send({ op: 'listen', channel, prefixes });
    return () => {
      const index = this.#noticeHandlers.indexOf(entry);
      if (index >= 0) this.#noticeHandlers.splice(index, 1);
    };
  }

  async close(): Promise<void> {
    try {
      await this.#send({ op: 'close' });
    } finally {
      await this.#worker.terminate();
    }
  }
}
