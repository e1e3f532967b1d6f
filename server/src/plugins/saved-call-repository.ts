import { and, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type CallCard, SAVED_CALL_REMINDER_HOURS } from '../../../src/contract/casting.js';
import type { Database } from '../db/client.js';
import { callReports, castingApplications, castingCalls, profiles, savedCalls } from '../db/schema.js';
import { cardOf, HOUR_MS, rolesOf } from '../lib/casting-calls.js';
import { tellModerators } from '../lib/moderator-notice.js';
import { tell } from '../lib/tell.js';
import { savedCallClosesNotice } from '../lib/templates.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What members keep and flag of casting calls: the calls they saved (and their reminders), and their reports. */
    savedCallRepository: {
      /**
       * Reminds each member who saved a published call (one whose last role closed is closed), and has not applied
       * to it, that it closes within SAVED_CALL_REMINDER_HOURS (the hourly upkeep), once for each deadline. Returns
       * how many it reminded.
       */
      remindSavedCalls(tx: Database, now?: Date): Promise<number>;
      saved(userId: number): Promise<CallCard[]>;
      save(tx: Database, userId: number, callId: number, saved: boolean): Promise<void>;
      report(tx: Database, userId: number, callId: number, report: { reason: string; details: string }): Promise<void>;
    };
  }
}

export interface SavedCallRepositoryOptions {
  publicUrl: string;
}

export default fp<SavedCallRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const { publicUrl } = options;

    const repository: FastifyInstance['savedCallRepository'] = {
      async remindSavedCalls(tx, now = new Date()) {
        // Any application, withdrawn too: a member who withdrew chose not to.
        const applied = sql`exists (select 1 from ${castingApplications} join ${profiles}
          on ${profiles.id} = ${castingApplications.profileId}
          where ${castingApplications.callId} = ${savedCalls.callId} and ${profiles.userId} = ${savedCalls.userId})`;
        // A poster who keeps their own call saved is not asked to apply to it.
        const posted = sql`exists (select 1 from ${profiles}
          where ${profiles.id} = ${castingCalls.posterId} and ${profiles.userId} = ${savedCalls.userId})`;
        const reminded = await tx
          .update(savedCalls)
          .set({ remindedFor: sql`${castingCalls.deadline}` })
          .from(castingCalls)
          .where(
            and(
              eq(castingCalls.id, savedCalls.callId),
              eq(castingCalls.status, 'published'),
              gt(castingCalls.deadline, now),
              lte(castingCalls.deadline, new Date(now.getTime() + SAVED_CALL_REMINDER_HOURS * HOUR_MS)),
              or(isNull(savedCalls.remindedFor), ne(savedCalls.remindedFor, castingCalls.deadline)),
              sql`not ${applied}`,
              sql`not ${posted}`,
            ),
          )
          .returning({
            userId: savedCalls.userId,
            callId: castingCalls.id,
            title: castingCalls.title,
            deadline: castingCalls.deadline,
          });
        await tell(
          tx,
          reminded.map((row) => ({
            userId: row.userId,
            kind: 'application' as const,
            words: savedCallClosesNotice(row.title, row.deadline),
            link: `/auditions/${row.callId}`,
            mail: { site: publicUrl },
          })),
        );
        return reminded.length;
      },

      async saved(userId) {
        const rows = await db
          .select({ call: castingCalls, poster: profiles })
          .from(savedCalls)
          .innerJoin(castingCalls, eq(castingCalls.id, savedCalls.callId))
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(
            and(
              eq(savedCalls.userId, userId),
              inArray(castingCalls.status, ['published', 'closed']),
              isNull(profiles.hiddenByStaffAt),
              isNull(profiles.heldReason),
            ),
          )
          .orderBy(desc(savedCalls.createdAt));
        const roles = await rolesOf(
          db,
          rows.map(({ call }) => call.id),
        );
        return rows.map(({ call, poster }) => cardOf(call, poster, roles));
      },

      async save(tx, userId, callId, saved) {
        if (!saved) {
          await tx.delete(savedCalls).where(and(eq(savedCalls.userId, userId), eq(savedCalls.callId, callId)));
          return;
        }
        const [call] = await tx
          .select({
            status: castingCalls.status,
            hiddenPoster: profiles.hiddenByStaffAt,
            heldPoster: profiles.heldReason,
          })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId));
        if (
          !call ||
          (call.status !== 'published' && call.status !== 'closed') ||
          call.hiddenPoster !== null ||
          call.heldPoster !== null
        ) {
          throw new HttpError(404, 'There is no such casting call');
        }
        await tx.insert(savedCalls).values({ userId, callId }).onConflictDoNothing();
      },

      async report(tx, userId, callId, report) {
        const [found] = await tx
          .select({ status: castingCalls.status, title: castingCalls.title, posterUser: profiles.userId })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId));
        if (!found || found.status !== 'published') throw new HttpError(404, 'There is no such casting call');
        if (found.posterUser === userId) throw new HttpError(400, 'You cannot report your own call');
        const [row] = await tx
          .insert(callReports)
          .values({ callId, reporterId: userId, reason: report.reason, details: report.details })
          .onConflictDoNothing()
          .returning({ id: callReports.id });
        if (!row) throw new HttpError(409, 'You have already reported this call: a moderator will look at it');
        await tellModerators(tx, 'reported-calls', found.title);
      },
    };
    fastify.decorate('savedCallRepository', repository);
  },
  { name: 'saved-call-repository', dependencies: ['database'] },
);
