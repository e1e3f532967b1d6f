/**
 * The embedded database's own thread (see pglite-thread.ts). It opens PGlite in the folder it is given and runs the
 * statements the server's thread sends it, one message each, in the order they arrive; a transaction's statements
 * run inside that transaction, which holds the database until the server's thread commits or rolls it back.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type PGliteOptions, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { concat, DRIZZLE_TEXT_TYPES } from './pglite-statements.js';
import type { ThreadReply, ThreadRequest } from './pglite-thread.js';

interface Settings {
  dataDir: string | undefined;
  options: PGliteOptions;
}

const port = parentPort;
if (!port) throw new Error('pglite-worker.ts runs as a worker thread');
const { dataDir, options } = workerData as Settings;

/**
 * Drizzle's parsers (drizzle-orm/pglite): dates, times and intervals stay the strings PostgreSQL wrote. They are the
 * database's own, since Drizzle sends nearly every statement: PGlite copies its whole table of parsers for each
 * statement given parsers of its own, which took a sixth of this thread under load. A statement not from Drizzle
 * gets PGlite's parsers for those types back.
 */
const identity = (value: string) => value;
const drizzleParsers = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, identity]));
const pgliteParsers = Object.fromEntries(
  DRIZZLE_TEXT_TYPES.map((oid) => [oid, (value: string) => types.parseType(value, oid) as unknown]),
);

interface OpenTransaction {
  tx: Transaction;
  finish: (commit: boolean) => void;
  done: Promise<void>;
}

/**
 * The open transactions, each from the moment its `begin` arrives: the server's thread sends the transaction's first
 * statement without waiting for the answer to `begin`, and that statement waits here until the transaction is open.
 */
const transactions = new Map<number, Promise<OpenTransaction>>();
/** Thrown inside a transaction to roll it back: PGlite then rolls back and rethrows it. */
const ROLL_BACK = Symbol('roll back');

function answer(reply: ThreadReply): void {
  // The engine's answer bytes are a copy of their own: moved to the server's thread, not copied again.
  port!.postMessage(reply, reply.result instanceof Uint8Array ? [reply.result.buffer as ArrayBuffer] : []);
}

function describe(error: unknown): ThreadReply['error'] {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

// PGlite reads its options from the first argument when no folder is given: (undefined, options) would drop them.
// pg_trgm: the directory's search indexes (migration 0016); an extension's code cannot cross to the thread, so it is
// named here.
const databaseOptions: PGliteOptions = {
  ...options,
  parsers: { ...options.parsers, ...drizzleParsers },
  extensions: { pg_trgm },
};
const database = dataDir === undefined ? new PGlite(databaseOptions) : new PGlite(dataDir, databaseOptions);

function begin(id: number): Promise<OpenTransaction> {
  let opened!: (open: OpenTransaction) => void;
  const ready = new Promise<OpenTransaction>((resolve) => (opened = resolve));
  let finish!: (commit: boolean) => void;
  const ended = new Promise<boolean>((resolve) => (finish = resolve));
  // PGlite holds the database for the transaction from here: statements sent outside it wait until it ends.
  const done: Promise<void> = database
    .transaction(async (tx) => {
      opened({ tx, finish, done });
      if (!(await ended)) throw ROLL_BACK;
    })
    .then(
      () => undefined,
      (error: unknown) => {
        if (error !== ROLL_BACK) throw error;
      },
    );
  const started = Promise.race([
    ready,
    done.then(() => Promise.reject(new Error(`Transaction ${id} ended before it began`))),
  ]);
  transactions.set(id, started);
  started.catch(() => transactions.delete(id));
  return started;
}

/**
 * The engine's answer bytes to a protocol message, copied once out of its memory. PGlite's own `execProtocolRaw` also
 * parses every message of the answer, which only the server's thread reads.
 */
async function engineAnswer(message: Uint8Array): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  // Each chunk is a view of the engine's memory, which the engine writes over afterwards.
  await database.execProtocolRawStream(message, { onRawData: (chunk) => chunks.push(chunk.slice()) });
  return chunks.length === 1 ? chunks[0]! : concat(chunks);
}

/** The channels listened to, each with the payload prefixes handed over to the server's thread. */
const listened = new Map<string, Set<string>>();

async function handle(request: ThreadRequest): Promise<unknown> {
  const open = request.tx === undefined ? undefined : await transactions.get(request.tx);
  if (request.tx !== undefined && !open) throw new Error(`Transaction ${request.tx} is not open`);
  const target = open?.tx ?? database;
  switch (request.op) {
    case 'query':
      return target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        ...(request.drizzleParsers ? {} : { parsers: pgliteParsers }),
      });
    case 'raw':
      return engineAnswer(request.message);
    case 'exec':
      return target.exec(request.sql);
    case 'begin':
      await begin(request.id);
      return undefined;
    case 'end': {
      try {
        open!.finish(request.commit);
        await open!.done;
      } finally {
        transactions.delete(request.tx);
      }
      return undefined;
    }
    case 'listen': {
      // The thread's one session also wrote the notice: PGlite hands it over when the writing transaction commits.
      let prefixes = listened.get(request.channel);
      if (!prefixes) {
        const wanted = new Set<string>();
        prefixes = wanted;
        listened.set(request.channel, wanted);
        await database.listen(request.channel, (payload) => {
          for (const prefix of wanted) {
            if (payload.startsWith(prefix)) {
              port!.postMessage({ notice: payload });
              return;
            }
          }
        });
      }
      for (const prefix of request.prefixes) prefixes.add(prefix);
      return undefined;
    }
    case 'close':
      await database.close();
      return undefined;
  }
}

/**
 * Each open transaction's last statement: the server's thread may send several of a transaction's statements
 * without waiting (a batch of keyed writes does), and each then starts when the one before it has ended.
 */
const lastOf = new Map<number, Promise<unknown>>();

port.on('message', (request: ThreadRequest) => {
  let result: Promise<unknown>;
  if (request.tx === undefined) {
    result = handle(request);
  } else {
    const tx = request.tx;
    const after = lastOf.get(tx) ?? Promise.resolve();
    result = after.then(
      () => handle(request),
      () => handle(request),
    );
    lastOf.set(tx, result);
    if (request.op === 'end') {
      void result.finally(() => lastOf.delete(tx)).catch(() => {});
    }
  }
  result.then(
    (value) => answer({ id: request.id, result: value }),
    (error: unknown) => answer({ id: request.id, error: describe(error) }),
  );
});

database.waitReady.then(
  () => answer({ id: 0, result: 'ready' }),
  (error: unknown) => answer({ id: 0, error: describe(error) }),
);
