import { eq, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { attemptCounters } from '../db/schema.js';

export interface AttemptCount {
  key: string;
  /** Attempts in the key's current window, this one included. */
  attempts: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Attempt counters kept in the database (table attempt_counters), shared by every server process on one
     * PostgreSQL. Each key counts over a window that starts at its first attempt and lasts `windowMs`.
     */
    attempts: {
      /** Counts one attempt for each key, atomically (one upsert), before the attempt's work is done. */
      count(keys: string[], windowMs: number): Promise<AttemptCount[]>;
      /** Takes one attempt back (a login that turned out right must not count against its address). */
      giveBack(key: string): Promise<void>;
      /** Forgets a key's count. */
      forget(key: string): Promise<void>;
      /** Deletes counters whose window started more than a day ago (the longest window is an hour). */
      sweepExpired(): Promise<void>;
    };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

export default fp(
  async (fastify) => {
    const { db } = fastify;
    fastify.decorate('attempts', {
      async count(keys, windowMs) {
        const unique = [...new Set(keys)];
        const expired = sql`${attemptCounters.windowStartedAt} <= now() - make_interval(secs => ${windowMs / 1000})`;
        const rows = await db
          .insert(attemptCounters)
          .values(unique.map((key) => ({ key, attempts: 1 })))
          .onConflictDoUpdate({
            target: attemptCounters.key,
            set: {
              attempts: sql`case when ${expired} then 1 else ${attemptCounters.attempts} + 1 end`,
              windowStartedAt: sql`case when ${expired} then now() else ${attemptCounters.windowStartedAt} end`,
            },
          })
          .returning({
            key: attemptCounters.key,
            attempts: attemptCounters.attempts,
            endsInMs:
              sql<number>`extract(epoch from (${attemptCounters.windowStartedAt} + make_interval(secs => ${windowMs / 1000}) - now())) * 1000`.mapWith(
                Number,
              ),
          });
        return rows.map((row) => ({
          key: row.key,
          attempts: row.attempts,
          retryAfterSeconds: Math.max(1, Math.ceil(row.endsInMs / 1000)),
        }));
      },
      async giveBack(key) {
        await db
          .update(attemptCounters)
          .set({ attempts: sql`greatest(${attemptCounters.attempts} - 1, 0)` })
          .where(eq(attemptCounters.key, key));
      },
      async forget(key) {
        await db.delete(attemptCounters).where(eq(attemptCounters.key, key));
      },
      async sweepExpired() {
        await db.delete(attemptCounters).where(lt(attemptCounters.windowStartedAt, new Date(Date.now() - DAY_MS)));
      },
    });
  },
  { name: 'attempt-counter', dependencies: ['database'] },
);
