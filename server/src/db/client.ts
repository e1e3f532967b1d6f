import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed drizzle-kit migrations; safe to call on every start. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string | undefined;
}

/** The database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR/pglite. */
export function databaseOptionsFrom(config: { databaseUrl: string | undefined; dataDir: string }): DatabaseOptions {
  return { databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'pglite') };
}

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    // Small pool: the server is one process on a 2-core machine; more connections only queue in PostgreSQL.
    const client = postgres(options.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema });
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePostgres(db, { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  if (options.pgliteDir) await fs.mkdir(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite({ client, schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}
