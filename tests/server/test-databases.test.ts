import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/client.js';
import { createTestApp, type TestApp } from './test-app.js';

async function usersOf(testApp: TestApp) {
  return rowsOf<{ email: string; password_hash: string; created_at: unknown }>(
    await testApp.database.db.execute(sql`select email, password_hash, created_at from users order by id`),
  );
}

// Three apps in one test: more than the default time on a busy machine.
describe('the server tests’ databases', { timeout: 120_000 }, () => {
  it('start as copies of one database migrated and seeded once per run, and never see each other’s writes', async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    try {
      const seeded = await usersOf(first);
      expect(seeded.length).toBeGreaterThan(0);
      // Seeding twice would give each account another password salt and another creation time.
      expect(await usersOf(second)).toEqual(seeded);
      expect((await fs.readdir(path.join(second.dataDir, 'uploads'))).sort()).toEqual(
        (await fs.readdir(path.join(first.dataDir, 'uploads'))).sort(),
      );

      await first.database.db.execute(
        sql`insert into users (name, email, password_hash) values ('Only First', 'only.first@example.in', 'x')`,
      );
      expect((await usersOf(first)).map((user) => user.email)).toContain('only.first@example.in');
      expect((await usersOf(second)).map((user) => user.email)).not.toContain('only.first@example.in');
      const third = await createTestApp();
      try {
        expect(await usersOf(third)).toEqual(seeded);
      } finally {
        await third.close();
      }
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('start migrated and empty when a test asks for no demo content', async () => {
    const empty = await createTestApp({ seed: false });
    try {
      expect(await usersOf(empty)).toEqual([]);
      // Every table is there: a product can be listed (none yet).
      const products = await empty.app.inject({ method: 'GET', url: '/backend/api/getProduct' });
      expect(products.statusCode).toBe(200);
    } finally {
      await empty.close();
    }
  });
});
