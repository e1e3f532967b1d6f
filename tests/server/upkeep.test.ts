import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/src/db/client.js';
import { idempotencyKeys, users } from '../../server/src/db/schema.js';
import { createShopper, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let shopper: Shopper;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  shopper = await createShopper(testApp.app, 'Upkeep');
});
afterAll(async () => {
  await testApp.close();
});

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the hourly upkeep', () => {
  it('forgets Idempotency-Keys older than a day and keeps the others', async () => {
    const { db } = testApp.app;
    await db.insert(idempotencyKeys).values([
      { userId: shopper.id, key: 'old-edit', fingerprint: 'a', createdAt: new Date(Date.now() - 2 * DAY_MS) },
      { userId: shopper.id, key: 'recent-edit', fingerprint: 'b', createdAt: new Date(Date.now() - DAY_MS / 2) },
    ]);
    await testApp.app.runUpkeep();
    const kept = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    expect(kept.map((row) => row.key)).toEqual(['recent-edit']);
  });

  it('vacuums the busiest tables of the embedded database, which has no autovacuum', async (context) => {
    if (testApp.app.database.kind !== 'pglite') context.skip();
    await testApp.app.runUpkeep();
    const rows = rowsOf<{ relname: string; vacuumed: boolean; analyzed: boolean }>(
      await testApp.app.db.execute(sql`
      select relname, last_vacuum is not null as vacuumed, last_analyze is not null as analyzed
      from pg_stat_user_tables
      where relname in ('idempotency_keys', 'cart_items', 'wishlist_items')
      order by relname`),
    );
    expect(rows).toEqual([
      { relname: 'cart_items', vacuumed: true, analyzed: true },
      { relname: 'idempotency_keys', vacuumed: true, analyzed: true },
      { relname: 'wishlist_items', vacuumed: true, analyzed: true },
    ]);
  });
});

describe('the upkeep of a server that has just started', () => {
  it('runs once as soon as the server is ready, so a server restarted within the hour still runs it', async () => {
    const started = await createTestApp({
      seed: false,
      upkeepAtStart: true,
      async beforeApp({ db }) {
        const [user] = await db
          .insert(users)
          .values({ name: 'Restarted', email: 'restarted@example.com', passwordHash: 'x' })
          .returning({ id: users.id });
        await db.insert(idempotencyKeys).values([
          { userId: user!.id, key: 'old-edit', fingerprint: 'a', createdAt: new Date(Date.now() - 2 * DAY_MS) },
          { userId: user!.id, key: 'recent-edit', fingerprint: 'b', createdAt: new Date() },
        ]);
      },
    });
    try {
      expect(started.app.firstUpkeep).toBeInstanceOf(Promise);
      await started.app.firstUpkeep;
      const kept = await started.app.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
      expect(kept.map((row) => row.key)).toEqual(['recent-edit']);
    } finally {
      await started.close();
    }
  });

  it('waits for the hour in a test app, which runs it when it means to', () => {
    expect(testApp.app.firstUpkeep).toBeUndefined();
  });
});
