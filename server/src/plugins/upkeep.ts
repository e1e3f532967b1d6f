import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { cartItems, idempotencyKeys, wishlistItems } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly upkeep, run at once (tests). */
    runUpkeep(): Promise<void>;
  }
}

/** How often the upkeep runs. */
const UPKEEP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Hourly: deletes expired Idempotency-Keys and attempt counters, closes the casting calls whose deadline passed
 * CLOSE_AFTER_DEADLINE_DAYS ago (their applicants told), then, on the embedded database, vacuums and analyzes the
 * tables whose rows are replaced all day. PGlite runs PostgreSQL without its autovacuum, so the space of deleted and
 * updated rows was never reused: the keys table, rewritten with every keyed cart edit, grew for as long as the server
 * ran. PostgreSQL vacuums by itself.
 */
export default fp(
  async (fastify) => {
    const { attempts, castingRepository, database, db, idempotency } = fastify;

    async function runUpkeep(): Promise<void> {
      await idempotency.sweepExpired();
      await attempts.sweepExpired();
      await db.transaction((tx) => castingRepository.closeLapsedCalls(tx));
      // Outside any transaction, as VACUUM must be; the tables are small, so it holds the database a few milliseconds.
      if (database.kind === 'pglite')
        await db.execute(sql`vacuum (analyze) ${idempotencyKeys}, ${cartItems}, ${wishlistItems}`);
    }

    const timer = setInterval(() => {
      runUpkeep().catch((error: unknown) => fastify.log.warn({ err: error }, 'hourly upkeep failed'));
    }, UPKEEP_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
    fastify.decorate('runUpkeep', runUpkeep);
  },
  { name: 'upkeep', dependencies: ['database', 'idempotency', 'attempt-counter', 'casting-repository'] },
);
