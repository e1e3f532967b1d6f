import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { CastingCall, ModerationCall } from '../../../src/contract/casting.js';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { ModerationCounts, ModerationHistoryEntry } from '../../../src/contract/moderation.js';
import type { ModerationItem } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import {
  auditLog,
  callReports,
  castingApplications,
  castingCalls,
  castingRoles,
  moderationItems,
  profiles,
  users,
} from '../db/schema.js';
import { refreshApplicantKeys } from '../lib/applicant-keys.js';
import { applicantUsers, callView, fullCall, openStatuses, rolesWithFilled } from '../lib/casting-calls.js';
import { queueShareCard } from '../lib/jobs.js';
import { tellModerators } from '../lib/moderator-notice.js';
import { notifyMany } from '../lib/notice-fan-out.js';
import { type Notice, tell } from '../lib/tell.js';
import {
  callPublishedNotice,
  callUnpublishedNotice,
  callWithdrawnNotice,
  profileDecisionMail,
  profileDecisionNotice,
} from '../lib/templates.js';
import { HttpError } from './error-handler.js';
import { canSeeProfile } from './profile-repository.js';

export type ModerationAction = 'verify' | 'refuse' | 'hide' | 'approve';

/** The audit log's actions that are moderators' decisions: the queue's history. */
export const moderationDecisions = ['verify', 'refuse', 'hide', 'approve', 'publish', 'unpublish', 'dismiss'];
/** What moderators decide on, as the audit log names it (a product's `hide` is a shop manager's, not theirs). */
const moderatedEntities = ['profile', 'casting_call', 'profile_report', 'call_reports'];

/** The parts of a profile a decision changes, as the audit log records them before and after. */
interface ModeratedState {
  handle: string;
  verified: boolean;
  verified_reason: string | null;
  verification_status: string;
  refused_reason: string | null;
  hidden: boolean;
  hidden_reason: string | null;
  held_reason: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Verification requests, reports, and moderators' decisions on them. */
    moderationRepository: {
      requestVerification(tx: Database, userId: number, note: string): Promise<void>;
      report(
        tx: Database,
        reporterId: number,
        handle: string,
        report: { reason: string; details: string },
      ): Promise<{ id: number }>;
      queue(query: { kind?: 'verification' | 'report' | 'held'; page: number; per_page: number }): Promise<{
        data: ModerationItem[];
        meta: PageMeta;
      }>;
      /**
       * Applies a decision to the profile `handle` and closes what it settles; the member is mailed. A decision that
       * no longer applies (the profile already verified or hidden, no request left to refuse: a second moderator's
       * answer to the same request) is 409, and nobody's own profile is theirs to decide on (403).
       */
      decide(
        tx: Database,
        handle: string,
        action: ModerationAction,
        reason: string,
        moderatorId: number,
      ): Promise<{ before: ModeratedState; after: ModeratedState; profileId: number }>;
      /**
       * Closes the open report `id` without acting on its profile, with the moderator's `reason` (the queue's history
       * shows it). A report already settled is 409.
       */
      dismiss(
        tx: Database,
        id: number,
        reason: string,
        moderatorId: number,
      ): Promise<{ before: { status: string }; after: { status: string; decision: string }; handle: string }>;
      /** How many items wait in each of the queue's tabs. */
      counts(): Promise<ModerationCounts>;
      /** Moderators' decisions from the audit log, newest first, each with its reason. */
      history(query: { page: number; per_page: number }): Promise<{ data: ModerationHistoryEntry[]; meta: PageMeta }>;
      // Casting calls: the queue of calls waiting or reported, and moderators' decisions on them.
      moderationQueue(query: {
        queue: 'pending' | 'reported';
        page: number;
        per_page: number;
      }): Promise<{ data: ModerationCall[]; meta: PageMeta }>;
      /**
       * A moderator hid the poster's profile: its calls go with it. Every call still open is unpublished with
       * `reason`, its open roles closed, and everyone still waiting is told (and mailed) the call was withdrawn; their
       * applications end as withdrawn. Returns the calls it took down (each is a decision the audit log records).
       */
      withdrawCallsOf(tx: Database, posterId: number, reason: string): Promise<{ id: number; title: string }[]>;
      /**
       * A moderator closes the open reports of call `callId` without acting on the call (the reports were unfounded);
       * 409 when none is open. Returns the call's title and how many reports it closed.
       */
      dismissReports(tx: Database, callId: number, moderatorId: number): Promise<{ title: string; closed: number }>;
      /** A moderator publishes or unpublishes a call; the poster is told. */
      moderate(
        tx: Database,
        callId: number,
        action: 'publish' | 'unpublish',
        reason: string | null,
        /** The deciding moderator: nobody decides on their own call. */
        moderatorId: number,
      ): Promise<{ before: CastingCall; after: CastingCall }>;
    };
  }
}

function stateOf(row: typeof profiles.$inferSelect): ModeratedState {
  return {
    handle: row.handle,
    verified: row.verified,
    verified_reason: row.verifiedReason,
    verification_status: row.verificationStatus,
    refused_reason: row.refusedReason,
    hidden: row.hiddenByStaffAt !== null,
    hidden_reason: row.hiddenReason,
    held_reason: row.heldReason,
  };
}

/** What a history entry is about, from the values the audit log kept: a profile's handle, a call's title. */
function subjectOf(entity: string, entityId: string | null, before: unknown, after: unknown): string {
  const values = { ...(before as Record<string, unknown> | null), ...(after as Record<string, unknown> | null) };
  if (typeof values.title === 'string') return values.title;
  if (typeof values.handle === 'string') return `@${values.handle}`;
  return `${entity} ${entityId ?? ''}`.trim();
}

export interface ModerationRepositoryOptions {
  publicUrl: string;
}

export default fp<ModerationRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const { publicUrl } = options;
    // A call taken down answers its applicants, and forgets the counts of its applications.
    const { forgetCounts } = fastify.applicationRepository;

    async function profileByHandle(tx: Database, handle: string) {
      const [row] = await tx.select().from(profiles).where(eq(profiles.handle, handle)).for('update');
      if (!row) throw new HttpError(404, 'There is no such profile');
      return row;
    }

    fastify.decorate('moderationRepository', {
      async requestVerification(tx, userId, note) {
        const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
        if (!row) throw new HttpError(404, 'Create your profile first');
        if (row.verified) throw new HttpError(409, 'Your profile is already verified');
        if (row.verificationStatus === 'pending') {
          throw new HttpError(409, 'Your request is already waiting for a moderator');
        }
        await tx
          .update(profiles)
          .set({ verificationStatus: 'pending', refusedReason: null })
          .where(eq(profiles.id, row.id));
        await tx.insert(moderationItems).values({ kind: 'verification', profileId: row.id, details: note });
        await tellModerators(tx, 'verification', `${row.displayName} (@${row.handle})`);
      },

      async report(tx, reporterId, handle, report) {
        const [row] = await tx.select().from(profiles).where(eq(profiles.handle, handle));
        // The profile rule everyone else meets (a minor's profile is as absent as a hidden one).
        if (!row || !canSeeProfile(row, null)) throw new HttpError(404, 'There is no such profile');
        if (row.userId === reporterId) throw new HttpError(400, 'You cannot report your own profile');
        const [item] = await tx
          .insert(moderationItems)
          .values({ kind: 'report', profileId: row.id, reporterId, reason: report.reason, details: report.details })
          .onConflictDoNothing()
          .returning({ id: moderationItems.id });
        if (!item) throw new HttpError(409, 'You have already reported this profile: a moderator will look at it');
        await tellModerators(tx, 'report', `${row.displayName} (@${row.handle})`);
        return item;
      },

      async queue(query) {
        const where = and(
          eq(moderationItems.status, 'open'),
          query.kind ? eq(moderationItems.kind, query.kind) : undefined,
        );
        const [rows, [total]] = await Promise.all([
          db
            .select({ item: moderationItems, profile: profiles })
            .from(moderationItems)
            .innerJoin(profiles, eq(profiles.id, moderationItems.profileId))
            .where(where)
            .orderBy(asc(moderationItems.createdAt), asc(moderationItems.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          db.select({ total: count() }).from(moderationItems).where(where),
        ]);
        return {
          data: rows.map(({ item, profile }) => ({
            id: item.id,
            kind: item.kind,
            handle: profile.handle,
            display_name: profile.displayName,
            category: profile.category,
            verified: profile.verified,
            reason: item.reason,
            details: item.details,
            created_at: item.createdAt.toISOString(),
          })),
          meta: { page: query.page, per_page: query.per_page, total: total?.total ?? 0 },
        };
      },

      async decide(tx, handle, action, reason, moderatorId) {
        // Locked: of two decisions sent at once, the second reads the first's outcome here.
        const row = await profileByHandle(tx, handle);
        if (row.userId === moderatorId) throw new HttpError(403, 'Another moderator decides on your own profile');
        if (action === 'verify' && row.verified) throw new HttpError(409, 'This profile is already verified');
        if (action === 'refuse' && row.verificationStatus !== 'pending') {
          throw new HttpError(409, 'This profile has no verification request waiting: it was already decided');
        }
        if (action === 'hide' && row.hiddenByStaffAt !== null) {
          throw new HttpError(409, 'This profile is already hidden');
        }
        if (action === 'approve' && row.heldReason === null) {
          throw new HttpError(409, 'This profile is not waiting for review: it was already decided');
        }
        const before = stateOf(row);
        const changes =
          action === 'verify'
            ? { verified: true, verifiedReason: reason, verificationStatus: 'verified' as const, refusedReason: null }
            : action === 'refuse'
              ? { verified: false, verifiedReason: null, verificationStatus: 'refused' as const, refusedReason: reason }
              : action === 'approve'
                ? { heldReason: null }
                : { hiddenByStaffAt: new Date(), hiddenReason: reason };
        const [after] = await tx.update(profiles).set(changes).where(eq(profiles.id, row.id)).returning();
        await refreshApplicantKeys(tx, row.id);
        // The badge on its cards and its calls' changes; a hidden profile's cards go.
        await queueShareCard(tx, 'profile', row.id);
        // A verification decision settles the request; approving, the hold; hiding settles everything open on it.
        await tx
          .update(moderationItems)
          .set({ status: 'closed', decision: `${action}: ${reason}`, decidedAt: new Date() })
          .where(
            and(
              eq(moderationItems.profileId, row.id),
              eq(moderationItems.status, 'open'),
              action === 'hide' ? undefined : eq(moderationItems.kind, action === 'approve' ? 'held' : 'verification'),
            ),
          );
        // Told, and mailed where every notice goes (a minor's to their confirmed guardian): the one door.
        await tell(tx, {
          userId: row.userId,
          kind: 'moderation',
          words: profileDecisionNotice(action, reason),
          link: '/my-profile',
          mail: { write: (to) => profileDecisionMail(action, to, reason) },
        });
        return { before, after: stateOf(after!), profileId: row.id };
      },

      async dismiss(tx, id, reason, moderatorId) {
        const [found] = await tx
          .select({ item: moderationItems, profile: profiles })
          .from(moderationItems)
          .innerJoin(profiles, eq(profiles.id, moderationItems.profileId))
          .where(and(eq(moderationItems.id, id), eq(moderationItems.kind, 'report')))
          .for('update', { of: moderationItems });
        if (!found) throw new HttpError(404, 'There is no such report');
        if (found.profile.userId === moderatorId)
          throw new HttpError(403, 'Another moderator decides on your own profile');
        if (found.item.status !== 'open') throw new HttpError(409, 'This report was already decided');
        const decision = `dismiss: ${reason}`;
        await tx
          .update(moderationItems)
          .set({ status: 'closed', decision, decidedAt: new Date() })
          .where(eq(moderationItems.id, id));
        return {
          before: { status: 'open' },
          after: { status: 'closed', decision },
          handle: found.profile.handle,
        };
      },

      async counts() {
        const [items, [calls]] = await Promise.all([
          db
            .select({ kind: moderationItems.kind, total: count() })
            .from(moderationItems)
            .where(eq(moderationItems.status, 'open'))
            .groupBy(moderationItems.kind),
          db
            .select({
              pending: sql<number>`count(*) filter (where ${castingCalls.status} = 'pending')`.mapWith(Number),
              // The reported-calls tab's rule (moderationQueue, below): not unpublished, an open report.
              reported: sql<number>`count(*) filter (where ${castingCalls.status} <> 'unpublished' and exists
                (select 1 from call_reports cr where cr.call_id = ${castingCalls.id} and cr.status = 'open'))`.mapWith(
                Number,
              ),
            })
            .from(castingCalls)
            .where(
              sql`${castingCalls.status} = 'pending' or exists
                (select 1 from call_reports cr where cr.call_id = ${castingCalls.id} and cr.status = 'open')`,
            ),
        ]);
        const of = (kind: string) => items.find((item) => item.kind === kind)?.total ?? 0;
        const counts = {
          verification: of('verification'),
          report: of('report'),
          held: of('held'),
          calls: calls?.pending ?? 0,
          reported_calls: calls?.reported ?? 0,
        };
        return { ...counts, all: Object.values(counts).reduce((sum, value) => sum + value, 0) };
      },

      async history(query) {
        const where = and(inArray(auditLog.entity, moderatedEntities), inArray(auditLog.action, moderationDecisions));
        const [rows, [total]] = await Promise.all([
          db
            .select({ entry: auditLog, actorName: users.name })
            .from(auditLog)
            .leftJoin(users, eq(users.id, auditLog.actorId))
            .where(where)
            .orderBy(desc(auditLog.at), desc(auditLog.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          db.select({ total: count() }).from(auditLog).where(where),
        ]);
        return {
          data: rows.map(({ entry, actorName }) => {
            const after = entry.after as { reason?: unknown } | null;
            return {
              id: entry.id,
              at: entry.at.toISOString(),
              actor_name: actorName,
              action: entry.action,
              entity: entry.entity,
              entity_id: entry.entityId,
              subject: subjectOf(entry.entity, entry.entityId, entry.before, entry.after),
              reason: typeof after?.reason === 'string' ? after.reason : null,
            };
          }),
          meta: { page: query.page, per_page: query.per_page, total: total?.total ?? 0 },
        };
      },

      async moderationQueue(query) {
        const where =
          query.queue === 'pending'
            ? eq(castingCalls.status, 'pending')
            : and(
                ne(castingCalls.status, 'unpublished'),
                sql`exists (select 1 from call_reports cr where cr.call_id = ${castingCalls.id} and cr.status = 'open')`,
              );
        const [rows, [total]] = await Promise.all([
          db
            .select({ call: castingCalls, poster: profiles })
            .from(castingCalls)
            .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
            .where(where)
            .orderBy(asc(castingCalls.updatedAt), asc(castingCalls.id))
            .limit(query.per_page)
            .offset((query.page - 1) * query.per_page),
          db.select({ total: count() }).from(castingCalls).where(where),
        ]);
        const ids = rows.map(({ call }) => call.id);
        const [roles, reports] = await Promise.all([
          rolesWithFilled(db, ids),
          ids.length === 0
            ? Promise.resolve([])
            : db
                .select()
                .from(callReports)
                .where(and(inArray(callReports.callId, ids), eq(callReports.status, 'open')))
                .orderBy(asc(callReports.createdAt)),
        ]);
        return {
          data: rows.map(({ call, poster }) => ({
            ...callView(
              call,
              poster,
              roles.filter((role) => role.callId === call.id),
            ),
            reports: reports
              .filter((report) => report.callId === call.id)
              .map((report) => ({
                reason: report.reason,
                details: report.details,
                created_at: report.createdAt.toISOString(),
              })),
            poster_hidden: poster.hiddenByStaffAt !== null,
            poster_held: poster.heldReason !== null,
          })),
          meta: { page: query.page, per_page: query.per_page, total: total?.total ?? 0 },
        };
      },

      async withdrawCallsOf(tx, posterId, reason) {
        const taken = await tx
          .update(castingCalls)
          .set({ status: 'unpublished', unpublishedReason: reason, updatedAt: new Date() })
          .where(and(eq(castingCalls.posterId, posterId), inArray(castingCalls.status, ['pending', 'published'])))
          .returning();
        // A call a moderator had already taken down may still keep applicants waiting: they are answered too.
        const down = await tx
          .select()
          .from(castingCalls)
          .where(
            and(
              eq(castingCalls.posterId, posterId),
              eq(castingCalls.status, 'unpublished'),
              sql`exists (select 1 from ${castingRoles} where ${castingRoles.callId} = ${castingCalls.id}
                and ${castingRoles.status} = 'open')`,
            ),
          );
        const calls = [...taken, ...down.filter((call) => !taken.some((item) => item.id === call.id))];
        const ids = calls.map((call) => call.id);
        const takenDown = taken.map((call) => ({ id: call.id, title: call.title }));
        // Their share cards go with them.
        for (const call of taken) await queueShareCard(tx, 'call', call.id);
        if (ids.length === 0) return takenDown;
        await tx
          .update(castingRoles)
          .set({ status: 'closed' })
          .where(and(inArray(castingRoles.callId, ids), eq(castingRoles.status, 'open')));
        // Nobody is left waiting on a call nobody can see: one "withdrawn" notice each, not one per status change.
        const ended = await tx
          .update(castingApplications)
          .set({ status: 'withdrawn', untoldFrom: null, tellAt: null, updatedAt: new Date() })
          // By what each was told: a decision not told yet is dropped with its call, never told.
          .where(
            and(
              inArray(castingApplications.callId, ids),
              inArray(sql`coalesce(${castingApplications.untoldFrom}, ${castingApplications.status})`, openStatuses),
            ),
          )
          .returning({
            id: castingApplications.id,
            callId: castingApplications.callId,
            profileId: castingApplications.profileId,
          });
        await fastify.callbackRepository.releaseApplications(
          tx,
          ended.map((row) => row.id),
        );
        for (const id of ids) forgetCounts(id);
        const users = await applicantUsers(
          tx,
          ended.map((row) => row.profileId),
        );
        const told = new Set<string>();
        const items: Notice[] = ended.flatMap((row) => {
          const userId = users.get(row.profileId);
          const call = calls.find((item) => item.id === row.callId)!;
          // One notice per applicant and call, however many of its roles they applied to.
          if (userId === undefined || told.has(`${userId}:${call.id}`)) return [];
          told.add(`${userId}:${call.id}`);
          return [
            {
              userId,
              kind: 'application' as const,
              words: callWithdrawnNotice(call.title),
              link: '/me/applications',
              mail: { site: publicUrl },
            },
          ];
        });
        await notifyMany(tx, items);
        return takenDown;
      },

      async dismissReports(tx, callId, moderatorId) {
        const [found] = await tx
          .select({ title: castingCalls.title, posterUser: profiles.userId })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId))
          .for('update', { of: castingCalls });
        if (!found) throw new HttpError(404, 'There is no such casting call');
        if (found.posterUser === moderatorId) throw new HttpError(403, 'Another moderator decides on your own call');
        const closed = await tx
          .update(callReports)
          .set({ status: 'closed' })
          .where(and(eq(callReports.callId, callId), eq(callReports.status, 'open')))
          .returning({ id: callReports.id });
        if (closed.length === 0) throw new HttpError(409, 'This call has no open report: it was already decided');
        return { title: found.title, closed: closed.length };
      },

      async moderate(tx, callId, action, reason, moderatorId) {
        const [found] = await tx
          .select({ call: castingCalls, poster: profiles })
          .from(castingCalls)
          .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
          .where(eq(castingCalls.id, callId))
          .for('update', { of: castingCalls });
        if (!found) throw new HttpError(404, 'There is no such casting call');
        const before = (await fullCall(tx, callId))!;
        const { call, poster } = found;
        if (poster.userId === moderatorId) throw new HttpError(403, 'Another moderator decides on your own call');
        if (action === 'publish' && poster.hiddenByStaffAt !== null) {
          throw new HttpError(409, 'Its poster’s profile is hidden by a moderator: the call stays down with it');
        }
        if (action === 'publish' && poster.heldReason !== null) {
          throw new HttpError(409, 'Its poster’s profile is held for review: approve the profile first');
        }
        if (action === 'publish' && call.status !== 'pending' && call.status !== 'unpublished') {
          throw new HttpError(409, `This call is ${call.status}: only a pending or unpublished call can be published`);
        }
        if (action === 'unpublish' && call.status !== 'pending' && call.status !== 'published') {
          throw new HttpError(409, `This call is ${call.status}: only a pending or published call can be unpublished`);
        }
        await tx
          .update(castingCalls)
          .set(
            action === 'publish'
              ? { status: 'published', unpublishedReason: null, publishedAt: new Date(), updatedAt: new Date() }
              : { status: 'unpublished', unpublishedReason: reason, updatedAt: new Date() },
          )
          .where(eq(castingCalls.id, callId));
        // A published call gets its share card; an unpublished one's goes.
        await queueShareCard(tx, 'call', callId);
        // A decision settles the call's reports.
        await tx
          .update(callReports)
          .set({ status: 'closed' })
          .where(and(eq(callReports.callId, callId), eq(callReports.status, 'open')));
        await tell(
          tx,
          action === 'publish'
            ? {
                userId: poster.userId,
                kind: 'moderation',
                words: callPublishedNotice(call.title),
                link: `/auditions/${callId}`,
                mail: { site: publicUrl },
              }
            : {
                userId: poster.userId,
                kind: 'moderation',
                words: callUnpublishedNotice(call.title, reason),
                link: `/me/casting-calls/${callId}`,
                mail: { site: publicUrl },
              },
        );
        return { before, after: (await fullCall(tx, callId))! };
      },
    });
  },
  { name: 'moderation-repository', dependencies: ['database', 'application-repository'] },
);
