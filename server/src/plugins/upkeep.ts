import { lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { cartItems, idempotencyKeys, sentMessages, wishlistItems } from '../db/schema.js';
import { QUEUES } from '../lib/jobs.js';
import { fillSearchKeys } from '../lib/search-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The hourly upkeep, run at once (tests). */
    runUpkeep(): Promise<void>;
    /** The run begun when the app became ready (`atStart`), undefined otherwise; it ends before the app closes. */
    firstUpkeep: Promise<void> | undefined;
  }
}

export interface UpkeepOptions {
  /**
   * A process that does jobs runs it once as soon as the app is ready too (the real server): a server restarted more
   * often than hourly would otherwise never run it. Off in tests, which run it when they mean to.
   */
  atStart?: boolean;
}

/** At the start of every hour (UTC), as a job of the queue: one process runs it, however many there are. */
const UPKEEP_CRON = '0 * * * *';

/**
 * Hourly, on the job queue's schedule (one process runs it): deletes expired Idempotency-Keys and attempt counters,
 * closes the casting calls whose deadline passed CLOSE_AFTER_DEADLINE_DAYS ago (their applicants told), reminds the
 * posters of those that close within a week and the members who saved a call closing within two days without
 * applying, makes the search keys of rows written without them (lib/search-keys.ts), then, on the embedded database, vacuums and analyzes the tables whose rows are replaced all day. PGlite runs PostgreSQL without its autovacuum, so the
 * space of deleted and updated rows was never reused: the keys table, rewritten with every keyed cart edit, grew for
 * as long as the server ran. PostgreSQL vacuums by itself.
 */
export default fp<UpkeepOptions>(
  async (fastify, options) => {
    const { attempts, callbackRepository, castingRepository, database, db, idempotency, jobs, savedCallRepository } =
      fastify;

    async function runUpkeep(): Promise<void> {
      await idempotency.sweepExpired();
      await attempts.sweepExpired();
      await fastify.phoneCodes.sweepExpired();
      // A sent message counts toward its sender's limits for a day (lib/message-quota.ts).
      await db.delete(sentMessages).where(lt(sentMessages.sentAt, sql`now() - interval '1 day'`));
      await db.transaction((tx) => castingRepository.closeLapsedCalls(tx));
      await db.transaction((tx) => castingRepository.remindBeforeClose(tx));
      await db.transaction((tx) => savedCallRepository.remindSavedCalls(tx));
      // The day before a confirmed callback, its applicant is reminded (once; again after its time changes).
      await db.transaction((tx) => callbackRepository.remindCallbacks(tx));
      // Staff hear once per complaint and clock when its 48 hours to acknowledge or month to resolve is near.
      await db.transaction((tx) => fastify.returnRepository.alertNearClocks(tx));
      // Self-tapes: unfinished uploads past their time, tapes of calls closed 180 days ago, files left by deletions.
      await fastify.tapeRepository.sweep();
      // Keys a process of an earlier release left missing or stale (during a rolling deploy), made again; the lists
      // cached meanwhile are read again.
      if ((await fillSearchKeys(db)) > 0) fastify.readCache.contentChanged();
      // Outside any transaction, as VACUUM must be; the tables are small, so it holds the database a few milliseconds.
      if (database.kind === 'pglite')
        await db.execute(sql`vacuum (analyze) ${idempotencyKeys}, ${cartItems}, ${wishlistItems}`);
    }

    function runLogged(): Promise<void> {
      return runUpkeep().catch((error: unknown) => fastify.log.warn({ err: error }, 'hourly upkeep failed'));
    }

    await jobs.work(QUEUES.upkeep, runUpkeep);
    await jobs.schedule(QUEUES.upkeep, UPKEEP_CRON);
    fastify.decorate('runUpkeep', runUpkeep);
    fastify.decorate('firstUpkeep', undefined);
    if (options.atStart && jobs.working) {
      // Not awaited: the server listens meanwhile.
      fastify.addHook('onReady', async () => {
        fastify.firstUpkeep = runLogged();
      });
    }
    fastify.addHook('onClose', async () => {
      await fastify.firstUpkeep;
    });
  },
  {
    name: 'upkeep',
    dependencies: [
      'database',
      'idempotency',
      'attempt-counter',
      'casting-repository',
      'saved-call-repository',
      'callback-repository',
      'tape-repository',
      'job-queue',
      'read-cache',
      'return-repository',
    ],
  },
);
