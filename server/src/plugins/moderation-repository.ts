import { and, asc, count, eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { ModerationItem } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import { moderationItems, notifications, profiles } from '../db/schema.js';
import { refreshApplicantKeys } from '../lib/applicant-keys.js';
import { queueMail } from '../lib/mail-outbox.js';
import { mailRecipients } from '../lib/notify.js';
import { HttpError } from './error-handler.js';
import { canSeeProfile } from './profile-repository.js';

export type ModerationAction = 'verify' | 'refuse' | 'hide';

/** The parts of a profile a decision changes, as the audit log records them before and after. */
interface ModeratedState {
  handle: string;
  verified: boolean;
  verified_reason: string | null;
  verification_status: string;
  refused_reason: string | null;
  hidden: boolean;
  hidden_reason: string | null;
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
      queue(query: { kind?: 'verification' | 'report'; page: number; per_page: number }): Promise<{
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
};

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
        const before = stateOf(row);
        const changes =
          action === 'verify'
            ? { verified: true, verifiedReason: reason, verificationStatus: 'verified' as const, refusedReason: null }
            : action === 'refuse'
              ? { verified: false, verifiedReason: null, verificationStatus: 'refused' as const, refusedReason: reason }
              : { hiddenByStaffAt: new Date(), hiddenReason: reason };
        const [after] = await tx.update(profiles).set(changes).where(eq(profiles.id, row.id)).returning();
        await refreshApplicantKeys(tx, row.id);
        // A verification decision settles the request; hiding settles the reports (and any request with them).
        await tx
          .update(moderationItems)
          .set({ status: 'closed', decision: `${action}: ${reason}`, decidedAt: new Date() })
          .where(
            and(
              eq(moderationItems.profileId, row.id),
              eq(moderationItems.status, 'open'),
              action === 'hide' ? undefined : eq(moderationItems.kind, 'verification'),
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
    });
  },
  { name: 'moderation-repository', dependencies: ['database'] },
);
