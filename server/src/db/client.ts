import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { projectRoot } from '../config.js';
import { fillSearchKeys } from '../lib/search-keys.js';
import { lockDataDir } from './data-dir-lock.js';
import { PGliteThread } from './pglite-thread.js';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** Rows of a raw statement (`db.execute`), whichever driver ran it (PGlite answers `{ rows }`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's address, for connections of their own outside the pool (change notices, the job queue). */
  url?: string;
  /** The embedded database's thread (the job queue sends it its statements, several to a message for its schema). */
  pglite?: PGliteThread;
  /**
   * Applies the committed drizzle-kit migrations, then writes the search keys rows lack (lib/search-keys.ts); safe to
   * call on every start.
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.join(projectRoot, 'server/drizzle');

/**
 * The embedded database's settings. PostgreSQL's default 128 MB of shared buffers would all become resident
 * WebAssembly memory; the demo shop's tables fit in 16 MB many times over. A new 16 MB WAL file is not filled with
 * zeroes first: under a stream of cart writes one began every few seconds, and writing it held the database for tens
 * of milliseconds, the slowest answers of the bench (PostgreSQL checks each WAL page's address, so nothing
 * depends on the zeroes; PGlite runs without fsync, so they reserved nothing on disk either). A page read at random
 * costs about what a page read in turn does (small tables, in the operating system's cache): at PostgreSQL's default
 * (4) the planner read all of 20,000 profiles for a name search that two trigram indexes answer several times faster
 * (docs/decisions/2026-11-28-either-script-search.md).
 */
export const PGLITE_OPTIONS: PGliteOptions = {
  startParams: [
    ...PGlite.defaultStartParams,
    '-c',
    'shared_buffers=16MB',
    '-c',
    'work_mem=2MB',
    '-c',
    'temp_buffers=2MB',
    '-c',
    'wal_init_zero=off',
    '-c',
    'random_page_cost=1.1',
  ],
};

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
  /** An embedded database's dump (PGlite's `dumpDataDir`) to start from instead of an empty one (tests). */
  loadDataDir?: Blob | undefined;
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/pglite. */
export function databaseOptionsFrom(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseOptions {
  return { databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') };
}

/** True when the options name an embedded database folder that holds no database yet. */
export function isNewEmbeddedDatabase(options: DatabaseOptions): boolean {
  return !options.databaseUrl && !!options.pgliteDir && !existsSync(path.join(options.pgliteDir, 'PG_VERSION'));
}

/**
 * The postgres.js client as Drizzle should see it: every statement with parameters is prepared under a name on its
 * connection, so PostgreSQL parses and plans it once per connection, not once per request (Drizzle asks for that only
 * for queries given a name with `.prepare()`). Transactions and savepoints get the same client.
 * See docs/decisions/2026-11-25-cost-per-request.md.
 */
function preparingEvery<T extends postgres.Sql>(client: T): T {
  return new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (key === 'unsafe') {
        return (
          query: string,
          args: postgres.ParameterOrJSON<never>[] = [],
          options: postgres.UnsafeQueryOptions = {},
        ) => target.unsafe(query, args, args.length > 0 ? { ...options, prepare: true } : options);
      }
      if (key === 'begin' || key === 'savepoint') {
        return (...args: unknown[]) => {
          const work = args.pop() as (inner: postgres.Sql) => unknown;
          return (value as (...all: unknown[]) => unknown).call(target, ...args, (inner: postgres.Sql) =>
            work(preparingEvery(inner)),
          );
        };
      }
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * While PostgreSQL is away every request answers 503 within 5 s. A connection that cannot be opened fails every query
 * waiting for one at once (patches/postgres+3.4.9.patch); an address that does not answer at all (a host gone, a
 * network cut) is given up after 3 s, where postgres.js waits 30.
 */
const CONNECT_TIMEOUT_SECONDS = 3;

/**
 * Seconds before a connection is tried again after a failure: postgres.js's default grows to 20 s, and a query that
 * arrives meanwhile waits that long before it even fails. At most 1 s here: a database that is back serves within a
 * second, and one still away is asked at most once a second per connection.
 */
function reconnectDelaySeconds(retries: number): number {
  return Math.min(0.05 * 2 ** retries, 1);
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Small pool: the server is one process on a 2-core machine; more connections only queue in PostgreSQL. Eight
    // may hold keyed-write batches (plugins/idempotency.ts), four stay for everything else.
    const client = postgres(options.databaseUrl, {
      max: 12,
      onnotice: () => {},
      connect_timeout: CONNECT_TIMEOUT_SECONDS,
      backoff: reconnectDelaySeconds,
    });
    const db = drizzlePostgres({ client: preparingEvery(client), schema });
    return {
      db,
      kind: 'postgres',
      url: options.databaseUrl,
      migrate: async () => {
        await migratePostgres(db, { migrationsFolder });
        await fillSearchKeys(db);
      },
      close: () => client.end({ timeout: 5 }),
    };
  }
  // One process at a time in a folder (data-dir-lock.ts): taken before PGlite touches it, given back once it is closed.
  const lock = options.pgliteDir ? lockDataDir(options.pgliteDir) : undefined;
  try {
    if (options.pgliteDir) await fs.mkdir(options.pgliteDir, { recursive: true });
    const client = new PGliteThread(
      options.pgliteDir,
      options.loadDataDir ? { ...PGLITE_OPTIONS, loadDataDir: options.loadDataDir } : PGLITE_OPTIONS,
    );
    await client.waitReady;
    // Drizzle's PGlite driver uses only what PGliteThread offers of a PGlite client.
    const db = drizzlePglite({ client: client as unknown as PGlite, schema });
    return {
      db,
      kind: 'pglite',
      pglite: client,
      migrate: async () => {
        await migratePglite(db, { migrationsFolder });
        await fillSearchKeys(db);
      },
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}
