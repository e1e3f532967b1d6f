import { and, asc, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  auditionsPath,
  DIGEST_CALLS,
  DIGEST_CRON,
  MAX_SAVED_SEARCHES,
  normalFilters,
  type SavedSearch,
  type SavedSearchFilters,
} from '../../../src/contract/roles-for-you.js';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, profiles, rolesTold, savedSearches, users } from '../db/schema.js';
import { DAY_MS } from '../lib/casting-calls.js';
import { QUEUES } from '../lib/jobs.js';
import { tell } from '../lib/tell.js';
import { rolesForYouNotice } from '../lib/templates.js';
import { openCallFilters } from './casting-repository.js';
import { HttpError } from './error-handler.js';

/** India's offset from UTC: "a day" of the digest is a day in India. */
const INDIA_MS = 5.5 * 60 * 60 * 1000;
/** How long the record of a call told is kept once the call is closed (it can no longer match). */
const FORGET_CLOSED_AFTER_DAYS = 3;
/** The most matching calls read for one set of filters in one run: more than a digest names, fewer than a list. */
const CALLS_PER_SEARCH = 50;

/** The start (as an instant) of the day in India that `now` falls in. */
export function startOfIndiaDay(now: Date): Date {
  return new Date(Math.floor((now.getTime() + INDIA_MS) / DAY_MS) * DAY_MS - INDIA_MS);
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * "Roles for you": the auditions filters members keep, and the daily digest of new calls that match them.
     */
    rolesForYou: {
      list(userId: number): Promise<SavedSearch[]>;
      /** Keeps `filters` for the member; the same filters kept already answer that set (`created` false). */
      save(
        tx: Database,
        userId: number,
        filters: SavedSearchFilters,
      ): Promise<{ search: SavedSearch; created: boolean }>;
      remove(tx: Database, userId: number, id: number): Promise<void>;
      /**
       * Tells each member who keeps filters, and has not been told today (in India), of the calls published since
       * they saved them that match any of them and that they were never told of, in one notice (centre and mail).
       * Calls they posted or applied to are left out. Returns how many members it told.
       */
      tellDigests(now?: Date): Promise<number>;
    };
  }
}

export interface RolesForYouOptions {
  publicUrl: string;
}

type SearchRow = typeof savedSearches.$inferSelect;

const viewOf = (row: SearchRow): SavedSearch => ({
  id: row.id,
  filters: row.filters as SavedSearchFilters,
  created_at: row.createdAt.toISOString(),
});

const sameFilters = (a: SavedSearchFilters, b: SavedSearchFilters) =>
  JSON.stringify(normalFilters(a)) === JSON.stringify(normalFilters(b));

export default fp<RolesForYouOptions>(
  async (fastify, options) => {
    const { db, jobs } = fastify;
    const { publicUrl } = options;

    /** The open calls published after `search` was saved that match it, not yet told to, posted or applied by `userId`. */
    async function matching(tx: Database, userId: number, search: SearchRow, now: Date) {
      const filters = search.filters as SavedSearchFilters;
      return tx
        .select({ id: castingCalls.id, title: castingCalls.title, deadline: castingCalls.deadline })
        .from(castingCalls)
        .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
        .where(
          and(
            ...openCallFilters(filters, now),
            // A time in raw SQL goes as text: PostgreSQL's driver takes no Date there.
            sql`coalesce(${castingCalls.publishedAt}, ${castingCalls.createdAt}) > ${search.createdAt.toISOString()}::timestamptz`,
            sql`${profiles.userId} <> ${userId}`,
            sql`not exists (select 1 from ${rolesTold}
              where ${rolesTold.userId} = ${userId} and ${rolesTold.callId} = ${castingCalls.id})`,
            // Any application, withdrawn too: the member knows the call.
            sql`not exists (select 1 from ${castingApplications} join ${profiles} applicant
              on applicant.id = ${castingApplications.profileId}
              where ${castingApplications.callId} = ${castingCalls.id} and applicant.user_id = ${userId})`,
          ),
        )
        .orderBy(desc(sql`coalesce(${castingCalls.publishedAt}, ${castingCalls.createdAt})`), asc(castingCalls.id))
        .limit(CALLS_PER_SEARCH);
    }

    /** One member's digest, in `tx`: whether they were told. */
    async function tellMember(tx: Database, userId: number, now: Date, today: Date): Promise<boolean> {
      // Locks the member's filters: a second run at the same time waits here, then finds them told today.
      const searches = await tx
        .select()
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId))
        .orderBy(asc(savedSearches.id))
        .for('update');
      if (searches.length === 0) return false;
      const [toldToday] = await tx
        .select({ callId: rolesTold.callId })
        .from(rolesTold)
        .where(and(eq(rolesTold.userId, userId), gte(rolesTold.toldAt, today)))
        .limit(1);
      if (toldToday) return false;
      const calls = new Map<number, { id: number; title: string; deadline: Date }>();
      const matchedBy = new Set<number>();
      for (const search of searches) {
        for (const call of await matching(tx, userId, search, now)) {
          calls.set(call.id, call);
          matchedBy.add(search.id);
        }
      }
      if (calls.size === 0) return false;
      const told = await tx
        .insert(rolesTold)
        .values([...calls.keys()].map((callId) => ({ userId, callId, toldAt: now })))
        .onConflictDoNothing()
        .returning({ callId: rolesTold.callId });
      const fresh = told
        .map((row) => calls.get(row.callId)!)
        .sort((a, b) => a.deadline.getTime() - b.deadline.getTime() || a.id - b.id);
      if (fresh.length === 0) return false;
      const only = searches.filter((search) => matchedBy.has(search.id));
      await tell(tx, {
        userId,
        kind: 'roles',
        words: rolesForYouNotice(fresh.slice(0, DIGEST_CALLS), Math.max(0, fresh.length - DIGEST_CALLS)),
        // One call opens its page; several, the list of the filters that found them.
        link:
          fresh.length === 1
            ? `/auditions/${fresh[0]!.id}`
            : auditionsPath(only.length === 1 ? (only[0]!.filters as SavedSearchFilters) : {}),
        mail: { site: publicUrl },
      });
      return true;
    }

    const rolesForYou: FastifyInstance['rolesForYou'] = {
      async list(userId) {
        const rows = await db
          .select()
          .from(savedSearches)
          .where(eq(savedSearches.userId, userId))
          .orderBy(desc(savedSearches.id));
        return rows.map(viewOf);
      },

      async save(tx, userId, input) {
        const filters = normalFilters(input);
        const rows = await tx
          .select()
          .from(savedSearches)
          .where(eq(savedSearches.userId, userId))
          .orderBy(asc(savedSearches.id))
          .for('update');
        const same = rows.find((row) => sameFilters(row.filters as SavedSearchFilters, filters));
        if (same) return { search: viewOf(same), created: false };
        if (rows.length >= MAX_SAVED_SEARCHES) {
          throw new HttpError(
            409,
            `You can keep at most ${MAX_SAVED_SEARCHES} sets of filters: delete one you no longer need first`,
          );
        }
        const [row] = await tx.insert(savedSearches).values({ userId, filters }).returning();
        return { search: viewOf(row!), created: true };
      },

      async remove(tx, userId, id) {
        const removed = await tx
          .delete(savedSearches)
          .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
          .returning({ id: savedSearches.id });
        if (removed.length === 0) throw new HttpError(404, 'There are no such saved filters');
      },

      async tellDigests(now = new Date()) {
        const today = startOfIndiaDay(now);
        // A closed call never matches again: its record goes a few days after it was told.
        await db
          .delete(rolesTold)
          .where(
            and(
              lt(rolesTold.toldAt, new Date(now.getTime() - FORGET_CLOSED_AFTER_DAYS * DAY_MS)),
              inArray(
                rolesTold.callId,
                db.select({ id: castingCalls.id }).from(castingCalls).where(eq(castingCalls.status, 'closed')),
              ),
            ),
          );
        const due = await db
          .selectDistinct({ userId: savedSearches.userId })
          .from(savedSearches)
          // A disabled account (by staff, or deleted) is told nothing.
          .innerJoin(users, and(eq(users.id, savedSearches.userId), isNull(users.disabledAt)))
          .where(
            sql`not exists (select 1 from ${rolesTold}
              where ${rolesTold.userId} = ${savedSearches.userId} and ${rolesTold.toldAt} >= ${today.toISOString()}::timestamptz)`,
          )
          .orderBy(asc(savedSearches.userId));
        let told = 0;
        // A transaction per member: one member's failure leaves the others told, and the retry skips them.
        for (const { userId } of due) {
          if (await db.transaction((tx) => tellMember(tx, userId, now, today))) told += 1;
        }
        return told;
      },
    };

    fastify.decorate('rolesForYou', rolesForYou);
    await jobs.work(QUEUES.roles, async () => {
      const told = await rolesForYou.tellDigests();
      fastify.log.info({ members: told }, 'roles for you: digests told');
    });
    await jobs.schedule(QUEUES.roles, DIGEST_CRON);
  },
  { name: 'roles-for-you', dependencies: ['database', 'job-queue', 'casting-repository'] },
);
