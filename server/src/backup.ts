/**
 * `npm run backup` and `npm run restore`, for both databases. A backup is a folder:
 *
 * - `manifest.json`: when, which database, how many rows each table held (a restore checks them), the migrations;
 * - `database.dump`: PostgreSQL's own custom-format dump (`pg_dump -Fc`), or `database.tar.gz`: the embedded
 *   database's own dump of its folder (PGlite's `dumpDataDir`);
 * - `uploads/`: the uploaded files, when they are kept in the data folder. Files kept in an object store (S3_BUCKET)
 *   are not copied: the store's own versioning or replication is their backup.
 *
 * PostgreSQL is dumped while the site runs. The embedded database is one process's (data-dir-lock.ts): it is backed
 * up and restored only while the server is stopped, and the lock says so when it is not.
 * See docs/decisions/2026-11-28-backups.md and docs/operations/backup-and-restore.md.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import type { ServerConfig } from './config.js';
import { databaseOptionsFrom, PGLITE_OPTIONS } from './db/client.js';
import { lockDataDir } from './db/data-dir-lock.js';

const run = promisify(execFile);

export const MANIFEST = 'manifest.json';
const PGLITE_FILE = 'database.tar.gz';
const POSTGRES_FILE = 'database.dump';

export interface Manifest {
  format: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The database's file in the backup folder. */
  file: string;
  /** PostgreSQL's version that wrote a dump (its major picks the tools that restore it). */
  serverVersion?: string;
  /** Rows per table (schema.table), counted in the same snapshot as the dump on PostgreSQL. */
  rows: Record<string, number>;
  /** Whether the uploads are in the backup, or kept in an object store. */
  uploads: 'included' | 'none' | 'object-store';
}

/** The settings the backup needs beyond the server's: the object store is configured by S3_BUCKET (docs). */
export type BackupConfig = Pick<ServerConfig, 'dataDir' | 'databaseUrl'> & { s3Bucket?: string | undefined };

export function backupConfigFrom(config: ServerConfig, env: NodeJS.ProcessEnv = process.env): BackupConfig {
  return { dataDir: config.dataDir, databaseUrl: config.databaseUrl, s3Bucket: env.S3_BUCKET || undefined };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Rows in every table of the application (public) and of the migrations' journal (drizzle), by name. */
export async function countRows(query: Query): Promise<Record<string, number>> {
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const rows: Record<string, number> = {};
  for (const table of tables) {
    const name = `${String(table.schema)}.${String(table.name)}`;
    const [counted] = await query(`select count(*)::int as n from "${String(table.schema)}"."${String(table.name)}"`);
    rows[name] = Number(counted?.n);
  }
  return rows;
}

/** The folder of PostgreSQL's client programs whose major version suits a server of `major` (PG_BIN overrides). */
export function postgresBinDir(major: number, env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.PG_BIN) return env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const installed = readdirSync(root)
    .map(Number)
    .filter((version) => Number.isInteger(version) && existsSync(path.join(root, String(version), 'bin/pg_dump')))
    .sort((a, b) => a - b);
  // The same major; else the oldest newer one (pg_dump and pg_restore read and write older servers, not newer).
  const chosen = installed.find((version) => version === major) ?? installed.find((version) => version > major);
  return chosen === undefined ? undefined : path.join(root, String(chosen), 'bin');
}

function postgresTool(name: 'pg_dump' | 'pg_restore', major: number): string {
  const dir = postgresBinDir(major);
  return dir ? path.join(dir, name) : name;
}

async function postgresMajor(sql: postgres.Sql): Promise<{ major: number; version: string }> {
  const [row] = await sql<{ num: string; version: string }[]>`
    select current_setting('server_version_num') as num, current_setting('server_version') as version`;
  return { major: Math.floor(Number(row!.num) / 10_000), version: row!.version };
}

function openPGlite(dir: string, loadDataDir?: Blob): PGlite {
  return new PGlite(dir, { ...PGLITE_OPTIONS, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
}

const pgliteQuery =
  (database: PGlite): Query =>
  async (text) =>
    (await database.query<Record<string, unknown>>(text)).rows;

function uploadsDir(config: BackupConfig): string {
  return path.join(config.dataDir, 'uploads');
}

/** Copies the uploads folder, if it has files, into `to`; says what it did. */
async function copyUploads(from: string, to: string): Promise<Manifest['uploads']> {
  if (!existsSync(from)) return 'none';
  await fs.cp(from, to, { recursive: true, preserveTimestamps: true });
  return 'included';
}

/** Writes a backup of the configured database (and the data folder's uploads) into the new folder `out`. */
export async function backup(config: BackupConfig, out: string, log = console.log): Promise<Manifest> {
  if (existsSync(out) && (await fs.readdir(out)).length > 0) {
    throw new Error(`${out} is not empty: a backup goes into a new folder`);
  }
  const pgliteDir = databaseOptionsFrom(config).pgliteDir!;
  if (!config.databaseUrl && !existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${pgliteDir}`);
  }
  await fs.mkdir(out, { recursive: true });
  let manifest: Omit<Manifest, 'uploads'>;
  if (config.databaseUrl) {
    const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const { major, version } = await postgresMajor(sql);
      // The counts and the dump read the same snapshot: exported by this transaction, taken by pg_dump.
      manifest = await sql.begin('isolation level repeatable read read only', async (tx) => {
        const [exported] = await tx<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
        const rows = await countRows((text) => tx.unsafe(text));
        await run(postgresTool('pg_dump', major), [
          '--format=custom',
          `--snapshot=${exported!.snapshot}`,
          `--file=${path.join(out, POSTGRES_FILE)}`,
          `--dbname=${config.databaseUrl}`,
        ]);
        return {
          format: 1 as const,
          createdAt: new Date().toISOString(),
          database: 'postgres' as const,
          file: POSTGRES_FILE,
          serverVersion: version,
          rows,
        };
      });
    } finally {
      await sql.end({ timeout: 5 });
    }
  } else {
    const lock = lockDataDir(pgliteDir);
    try {
      const database = openPGlite(pgliteDir);
      try {
        const rows = await countRows(pgliteQuery(database));
        const dump = await database.dumpDataDir('gzip');
        await fs.writeFile(path.join(out, PGLITE_FILE), Buffer.from(await dump.arrayBuffer()));
        manifest = { format: 1, createdAt: new Date().toISOString(), database: 'pglite', file: PGLITE_FILE, rows };
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  }
  // After the dump: every upload a dumped row names was stored before the dump began.
  const uploads = config.s3Bucket ? 'object-store' : await copyUploads(uploadsDir(config), path.join(out, 'uploads'));
  const complete: Manifest = { ...manifest, uploads };
  await fs.writeFile(path.join(out, MANIFEST), `${JSON.stringify(complete, null, 2)}\n`);
  const total = Object.values(complete.rows).reduce((sum, count) => sum + count, 0);
  log(
    `Backed up the ${complete.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${total} rows) to ${out}.`,
  );
  if (uploads === 'included') log('The uploads are in the backup.');
  if (uploads === 'object-store') {
    log(`The uploads are in the bucket ${config.s3Bucket}: its own versioning or replication is their backup.`);
  }
  return complete;
}

function differences(expected: Record<string, number>, found: Record<string, number>): string[] {
  const names = new Set([...Object.keys(expected), ...Object.keys(found)]);
  return [...names]
    .filter((name) => expected[name] !== found[name])
    .map((name) => `${name}: ${expected[name] ?? 'none'} in the backup, ${found[name] ?? 'none'} restored`);
}

/**
 * Restores the backup in `from` into the configured database, which must be new: an embedded database folder that
 * does not exist yet, or an empty PostgreSQL database. Checks each table's rows against the backup's count.
 */
export async function restore(config: BackupConfig, from: string, log = console.log): Promise<Manifest> {
  const manifest = JSON.parse(await fs.readFile(path.join(from, MANIFEST), 'utf8')) as Manifest;
  if (manifest.format !== 1)
    throw new Error(`${from} holds a backup of an unknown format (${String(manifest.format)})`);
  const file = path.join(from, manifest.file);
  let rows: Record<string, number>;
  if (config.databaseUrl) {
    if (manifest.database !== 'postgres') {
      throw new Error(`${from} holds the embedded database; unset DATABASE_URL to restore it into DATA_DIR`);
    }
    const sql = postgres(config.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [found] = await sql<{ tables: number }[]>`
        select count(*)::int as tables from information_schema.tables
        where table_schema not in ('pg_catalog', 'information_schema')`;
      if (found!.tables > 0) {
        throw new Error('The database DATABASE_URL names is not empty: restore into a new database (createdb)');
      }
      const { major } = await postgresMajor(sql);
      const dumpedMajor = Number(manifest.serverVersion?.split('.')[0]) || major;
      await run(postgresTool('pg_restore', Math.max(major, dumpedMajor)), [
        '--exit-on-error',
        '--no-owner',
        '--no-privileges',
        `--dbname=${config.databaseUrl}`,
        file,
      ]);
      rows = await countRows((text) => sql.unsafe(text));
    } finally {
      await sql.end({ timeout: 5 });
    }
  } else {
    if (manifest.database !== 'pglite') {
      throw new Error(`${from} holds a PostgreSQL dump; set DATABASE_URL to the database to restore it into`);
    }
    const dir = databaseOptionsFrom(config).pgliteDir!;
    const lock = lockDataDir(dir);
    try {
      if (existsSync(dir) && (await fs.readdir(dir)).length > 0) {
        throw new Error(`${dir} already holds a database: restore into a new DATA_DIR, or move that folder aside`);
      }
      const database = openPGlite(dir, new Blob([await fs.readFile(file)]));
      try {
        rows = await countRows(pgliteQuery(database));
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
  }
  const wrong = differences(manifest.rows, rows);
  if (wrong.length > 0) throw new Error(`The restored rows differ from the backup's:\n${wrong.join('\n')}`);
  if (manifest.uploads === 'included') {
    await fs.cp(path.join(from, 'uploads'), uploadsDir(config), { recursive: true, preserveTimestamps: true });
  }
  const total = Object.values(rows).reduce((sum, count) => sum + count, 0);
  log(`Restored ${total} rows in ${Object.keys(rows).length} tables from ${from}; every table’s count matches.`);
  if (manifest.uploads === 'included') log(`The uploads are back in ${uploadsDir(config)}.`);
  if (manifest.uploads === 'object-store') log('The uploads were in an object store: they are not in this backup.');
  return manifest;
}
