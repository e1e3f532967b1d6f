import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { countRows } from '../../server/src/backup.js';
import { databaseOptionsFrom, openDatabase, rowsOf } from '../../server/src/db/client.js';
import { createShopper, productNamed, USER_API, validAddress, type Shopper } from './shop-helpers.js';

const run = promisify(execFile);

/**
 * `npm run backup` and `npm run restore` as an operator runs them, on the database this pass of the server tests
 * runs on: the embedded one in a data folder, or PostgreSQL when DATABASE_URL is set (CI runs both).
 */
const clusterUrl = process.env.DATABASE_URL || undefined;
const kind = clusterUrl ? 'PostgreSQL' : 'the embedded database';

const folders: string[] = [];
const databases: string[] = [];
let admin: postgres.Sql | undefined;

async function newFolder(name: string): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), `cineverse-${name}-`));
  folders.push(folder);
  return folder;
}

/** A new database on the cluster (PostgreSQL), or none (the embedded database lives in DATA_DIR). */
async function newDatabase(): Promise<string | undefined> {
  if (!clusterUrl) return undefined;
  admin ??= postgres(clusterUrl, { max: 1, onnotice: () => {} });
  const name = `cineverse_backup_${randomBytes(6).toString('hex')}`;
  await admin.unsafe(`create database ${name}`);
  databases.push(name);
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Site {
  dataDir: string;
  databaseUrl: string | undefined;
}

const envOf = (site: Site) => ({ ...process.env, DATA_DIR: site.dataDir, DATABASE_URL: site.databaseUrl ?? '' });

const program = (site: Site, file: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', file, ...args], { env: envOf(site) });

/** The app on a site's database, as the server starts it (migrated first). */
async function startApp(site: Site): Promise<FastifyInstance> {
  const database = await openDatabase(databaseOptionsFrom(site));
  await database.migrate();
  const app = await buildApp({
    database,
    closeDatabase: true,
    dataDir: site.dataDir,
    distDir: path.join(site.dataDir, 'no-dist'),
    logLevel: 'silent',
    readCache: false,
    registerLimit: 100_000,
    publicUrl: 'https://cineverse.test',
    checkResponses: true,
  });
  await app.ready();
  return app;
}

const rowsIn = (app: FastifyInstance) =>
  countRows(async (text) => rowsOf<Record<string, unknown>>(await app.db.execute(sql.raw(text))));

/** Every file under a folder, by path relative to it. */
async function filesUnder(folder: string): Promise<string[]> {
  const entries = await fs.readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** What a member sees of what they wrote: their orders and their profile. */
async function readBack(app: FastifyInstance, member: Shopper, handle: string) {
  const orders = await app.inject({
    method: 'POST',
    url: `${USER_API}/getOrders`,
    headers: member.headers,
    payload: {},
  });
  const profile = await app.inject({ url: `${USER_API}/me/profile`, headers: member.headers });
  const publicProfile = await app.inject({ url: `/backend/api/api/v1/profiles/${handle}` });
  expect([orders.statusCode, profile.statusCode, publicProfile.statusCode]).toEqual([200, 200, 200]);
  return { orders: orders.json(), profile: profile.json(), publicProfile: publicProfile.json() };
}

afterAll(async () => {
  for (const name of databases) await admin?.unsafe(`drop database if exists ${name} with (force)`);
  await admin?.end();
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

/** Seeding a new database (PGlite's initdb, the demo content's images) and two starts of the app. */
const ROUND_TRIP_TIMEOUT_MS = 300_000;

describe(`npm run backup and npm run restore on ${kind}`, () => {
  it(
    'a seeded site with a new order and a new profile comes back from its backup with every row and upload',
    async () => {
      const source: Site = { dataDir: await newFolder('backup-source'), databaseUrl: await newDatabase() };
      await program(source, 'server/seed/seed-cli.ts', []);

      let app = await startApp(source);
      const member = await createShopper(app, 'Meera Iyer');
      const product = await productNamed(app, 'Film Strip Bookmark Pack');
      const added = await app.inject({
        method: 'POST',
        url: `${USER_API}/addToCart`,
        headers: member.headers,
        payload: { product_id: product.id, quantity: 2 },
      });
      expect(added.statusCode).toBe(200);
      const order = await app.inject({
        method: 'POST',
        url: `${USER_API}/completeOrder`,
        headers: member.headers,
        payload: { address: validAddress, payment_method: 'cod' },
      });
      expect(order.statusCode).toBe(201);
      const profile = await app.inject({
        method: 'PUT',
        url: `${USER_API}/me/profile`,
        headers: member.headers,
        payload: {
          kind: 'person',
          handle: 'meera-iyer',
          display_name: 'Meera Iyer',
          category: 'Artist',
          crafts: ['actor'],
          headline: 'Tamil stage actor',
          bio: 'Twelve years with a Chennai repertory company.',
          city: 'Chennai',
          languages: [{ language: 'Tamil', level: 'native' }],
        },
      });
      expect(profile.statusCode).toBe(200);
      const written = await readBack(app, member, 'meera-iyer');
      expect(written.orders.data).toHaveLength(1);
      // The new profile's share cards are drawn by a job after its save: the rows are counted once it is done.
      await expect
        .poll(
          async () =>
            rowsOf<{ waiting: number }>(
              await app.db.execute(
                sql`select count(*)::int as waiting from pgboss.job where name = 'cards' and state in ('created', 'retry', 'active')`,
              ),
            )[0]!.waiting,
          { timeout: 30_000 },
        )
        .toBe(0);
      const rows = await rowsIn(app);
      expect(rows['public.orders']).toBeGreaterThan(0);
      expect(rows['drizzle.__drizzle_migrations']).toBeGreaterThan(0);

      const backupDir = path.join(await newFolder('backup'), 'nightly');
      if (!source.databaseUrl) {
        // The embedded database is open in this process: its lock refuses the backup, naming it.
        await expect(program(source, 'server/src/backup-cli.ts', ['--out', backupDir])).rejects.toMatchObject({
          code: 1,
          stderr: expect.stringContaining(`is in use by process ${process.pid}`),
        });
        await fs.rm(backupDir, { recursive: true, force: true });
      }
      await app.close();

      const backedUp = await program(source, 'server/src/backup-cli.ts', ['--out', backupDir]);
      expect(backedUp.stdout).toContain(`to ${backupDir}`);
      expect(backedUp.stdout).toContain('The uploads are in the backup.');
      const manifest = JSON.parse(await fs.readFile(path.join(backupDir, 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({
        database: source.databaseUrl ? 'postgres' : 'pglite',
        rows,
        uploads: 'included',
      });

      const target: Site = { dataDir: await newFolder('backup-target'), databaseUrl: await newDatabase() };
      const restored = await program(target, 'server/src/restore-cli.ts', [backupDir]);
      expect(restored.stdout).toContain('every table’s count matches');

      // Restoring over a database that is no longer new is refused, and changes nothing.
      await expect(program(target, 'server/src/restore-cli.ts', [backupDir])).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/already holds a database|is not empty/),
      });

      app = await startApp(target);
      try {
        expect(await rowsIn(app)).toEqual(rows);
        // The member's sign-in, order and profile are back as they were.
        expect(await readBack(app, member, 'meera-iyer')).toEqual(written);
        const uploads = await filesUnder(path.join(source.dataDir, 'uploads'));
        expect(uploads.length).toBeGreaterThan(0);
        expect(await filesUnder(path.join(target.dataDir, 'uploads'))).toEqual(uploads);
        const image = await app.inject({ url: `/backend/uploads/${uploads[0]!.split(path.sep).join('/')}` });
        expect(image.statusCode).toBe(200);
        expect(image.rawPayload.equals(await fs.readFile(path.join(source.dataDir, 'uploads', uploads[0]!)))).toBe(
          true,
        );
      } finally {
        await app.close();
      }
    },
    ROUND_TRIP_TIMEOUT_MS,
  );
});
