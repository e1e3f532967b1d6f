import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { ModerationCounts, ModerationHistoryEntry } from '../../../src/contract/moderation.js';
import type { ModerationItem } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import { auditLog, castingCalls, moderationItems, notifications, profiles, users } from '../db/schema.js';
import { refreshApplicantKeys } from '../lib/applicant-keys.js';
import { queueMail } from '../lib/mail-outbox.js';
import { tellModerators } from '../lib/moderator-notice.js';
import { mailRecipients } from '../lib/notify.js';
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

const decisionMail: Record<ModerationAction, (name: string, reason: string) => { subject: string; text: string }> = {
  verify: (name, reason) => ({
    subject: 'Your CineVerse profile is verified',
    text: `Hello ${name},\n\nYour profile now shows the verified badge: ${reason}.\n\nThe CineVerse team`,
  }),
  refuse: (name, reason) => ({
    subject: 'Your CineVerse verification request',
    text: `Hello ${name},\n\nWe could not verify your profile: ${reason}.\nYou can ask again from My profile once this is resolved.\n\nThe CineVerse team`,
  }),
  hide: (name, reason) => ({
    subject: 'Your CineVerse profile has been hidden',
    text: `Hello ${name},\n\nA moderator has hidden your profile from the public: ${reason}.\nReply to this mail if you think this is a mistake.\n\nThe CineVerse team`,
  }),
  approve: (name, reason) => ({
    subject: 'Your CineVerse profile is listed',
    text: `Hello ${name},\n\nA moderator has checked your profile and it is now listed in the directory: ${reason}.\n\nThe CineVerse team`,
  }),
};

/** What a history entry is about, from the values the audit log kept: a profile's handle, a call's title. */
function subjectOf(entity: string, entityId: string | null, before: unknown, after: unknown): string {
  const values = { ...(before as Record<string, unknown> | null), ...(after as Record<string, unknown> | null) };
  if (typeof values.title === 'string') return values.title;
  if (typeof values.handle === 'string') return `@${values.handle}`;
  return `${entity} ${entityId ?? ''}`.trim();
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

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
        // Mailed where every notice goes (a minor's to their confirmed guardian): mailRecipients.
        const owner = (await mailRecipients(tx, [row.userId])).get(row.userId);
        if (owner) {
          const mail = decisionMail[action](owner.name, reason);
          const about = owner.ward ? `For ${owner.ward}, whose guardian you are: ` : '';
          await queueMail(tx, {
            to: owner.email,
            kind: 'moderation',
            subject: mail.subject,
            text: mail.text.replace(/\n\n/, `\n\n${about}`),
          });
        }
        await tx.insert(notifications).values({
          userId: row.userId,
          kind: 'moderation',
          title: decisionMail[action](owner?.name ?? '', reason).subject,
          body: reason,
          link: '/my-profile',
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
              // The reported-calls tab's rule (castingRepository.moderationQueue): not unpublished, an open report.
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
    });
  },
  { name: 'moderation-repository', dependencies: ['database'] },
);
