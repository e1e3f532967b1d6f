import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { seedDemoContent } from '../../server/seed/seed.js';
import { openDatabase } from '../../server/src/db/client.js';

/** The databases every server test file starts from, made once per run (see test-app.ts). */
export interface DatabaseTemplates {
  /** The seeded template's uploaded files, copied into each seeded test app's data folder. */
  seededUploads: string;
  /** PGlite: dumps (`dumpDataDir`) of a migrated and of a migrated, seeded database, loaded into memory per app. */
  pglite?: { migrated: string; seeded: string };
  /** PostgreSQL: databases each test database is created from (`create database ... template ...`). */
  postgres?: { migrated: string; seeded: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

/**
 * Migrating and seeding a new database took about 3 s of every test app on PGlite (starting an empty one alone about
 * 2 s) and most of a second on PostgreSQL. It is done twice per run here, once without and once with the demo
 * content, and every test app starts from a copy of one of them: its own copy, so files still never see each
 * other's rows.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-test-template-'));
  const seededUploads = path.join(dir, 'uploads');
  const databaseUrl = process.env.DATABASE_URL;

  if (databaseUrl) {
    const suffix = randomBytes(6).toString('hex');
    const names = { migrated: `cineverse_template_${suffix}_migrated`, seeded: `cineverse_template_${suffix}_seeded` };
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    for (const [kind, name] of Object.entries(names)) {
      await admin.unsafe(`create database ${name}`);
      const url = new URL(databaseUrl);
      url.pathname = `/${name}`;
      const database = await openDatabase({ databaseUrl: url.toString() });
      await database.migrate();
      if (kind === 'seeded') await seedDemoContent(database.db, seededUploads);
      // A database is copied only while no one is connected to it.
      await database.close();
    }
    project.provide('databaseTemplates', { seededUploads, postgres: names });
    return async () => {
      for (const name of Object.values(names)) await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
      await fs.rm(dir, { recursive: true, force: true });
    };
  }

  const dumps = { migrated: path.join(dir, 'migrated.tar'), seeded: path.join(dir, 'seeded.tar') };
  for (const [kind, file] of Object.entries(dumps)) {
    // Made in a folder through the server's own code (its thread, options and migrations), then dumped from it.
    const folder = path.join(dir, `pglite-${kind}`);
    const database = await openDatabase({ pgliteDir: folder });
    await database.migrate();
    if (kind === 'seeded') await seedDemoContent(database.db, seededUploads);
    await database.close();
    const client = new PGlite(folder, { extensions: { pg_trgm } });
    await client.waitReady;
    const dump = await client.dumpDataDir('none');
    await client.close();
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await fs.rm(folder, { recursive: true, force: true });
  }
  project.provide('databaseTemplates', { seededUploads, pglite: dumps });
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}
