import { alias } from 'drizzle-orm/pg-core';
import { and, asc, count, eq, gt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { GuardianThread } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, castingRoles, guardianMessages, profiles } from '../db/schema.js';
import { mailRecipients } from '../lib/notify.js';
import { mailAddress, tell } from '../lib/tell.js';
import { guardianAnsweredNotice, guardianMail } from '../lib/templates.js';
import { takeMessageSlot } from '../lib/message-quota.js';
import { createToken, hashToken } from '../lib/tokens.js';
import { HttpError } from './error-handler.js';

/** Answers a guardian may write about one application in an hour: enough for a parent, too few to flood a poster. */
const GUARDIAN_ANSWERS_PER_HOUR = 30;
/** The advisory lock of one application's guardian answers (7301 and 7302 are the senders' counts). */
const GUARDIAN_ANSWER_LOCK = 7303;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Messages about a minor's application: the call's poster writes, the guardian reads and answers through the
     * link mailed to them, without an account. Nothing reaches the minor's own inbox.
     */
    guardianMessageRepository: ReturnType<typeof createGuardianMessageRepository>;
  }
}

export interface GuardianMessageRepositoryOptions {
  publicUrl: string;
}

const applicant = alias(profiles, 'applicant');
const poster = alias(profiles, 'poster');

function createGuardianMessageRepository(db: Database, publicUrl: string) {
  const site = publicUrl.replace(/\/+$/, '');

  /** An application with its call, role, applicant and poster (the call's profile), or none. */
  async function applicationWithSides(executor: Database, id: number) {
    const [found] = await executor
      .select({
        application: castingApplications,
        call: { id: castingCalls.id, title: castingCalls.title },
        role: { name: castingRoles.name },
        applicant: { userId: applicant.userId, displayName: applicant.displayName, minor: applicant.minor },
        poster: { userId: poster.userId, displayName: poster.displayName },
      })
      .from(castingApplications)
      .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
      .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
      .innerJoin(applicant, eq(applicant.id, castingApplications.profileId))
      .innerJoin(poster, eq(poster.id, castingCalls.posterId))
      .where(eq(castingApplications.id, id));
    return found ?? null;
  }

  /** Only the poster of the application's call reaches it; any other caller gets 404, as for no application. */
  async function posterApplication(executor: Database, userId: number, id: number) {
    const found = await applicationWithSides(executor, id);
    if (!found || found.poster.userId !== userId) throw new HttpError(404, 'There is no such application');
    if (!found.applicant.minor) {
      throw new HttpError(409, 'The applicant is not under 18: write to them from their profile');
    }
    return found;
  }

  async function thread(
    executor: Database,
    found: NonNullable<Awaited<ReturnType<typeof applicationWithSides>>>,
  ): Promise<GuardianThread> {
    const rows = await executor
      .select()
      .from(guardianMessages)
      .where(eq(guardianMessages.applicationId, found.application.id))
      .orderBy(asc(guardianMessages.createdAt), asc(guardianMessages.id));
    return {
      ward: found.applicant.displayName,
      poster: found.poster.displayName,
      call_title: found.call.title,
      role_name: found.role.name,
      messages: rows.map((row) => ({
        from: row.fromGuardian ? ('guardian' as const) : ('poster' as const),
        body: row.body,
        at: row.createdAt.toISOString(),
      })),
    };
  }

  /**
   * The application whose guardian link holds `token`, while the address it was mailed to is still the applicant's
   * confirmed guardian's; 404 for any other token, and once another guardian (or none) stands for the child.
   */
  async function byToken(executor: Database, token: string) {
    const [row] = await executor
      .select({ applicationId: guardianMessages.applicationId, email: guardianMessages.email })
      .from(guardianMessages)
      .where(eq(guardianMessages.tokenHash, hashToken(token)));
    const found = row ? await applicationWithSides(executor, row.applicationId) : null;
    const guardian = found
      ? (await mailRecipients(executor, [found.applicant.userId])).get(found.applicant.userId)
      : null;
    if (!found || !guardian?.ward || guardian.email.toLowerCase() !== row?.email?.toLowerCase()) {
      throw new HttpError(404, 'This link is not valid', 'token');
    }
    return found;
  }

  /**
   * How many messages one side wrote about `applicationId` in the last hour: each side's mail goes once an hour at
   * most (the link of the first opens every later message), and a guardian answers 30 times an hour at most.
   */
  async function writtenLastHour(tx: Database, applicationId: number, fromGuardian: boolean): Promise<number> {
    const [row] = await tx
      .select({ written: count() })
      .from(guardianMessages)
      .where(
        and(
          eq(guardianMessages.applicationId, applicationId),
          eq(guardianMessages.fromGuardian, fromGuardian),
          gt(guardianMessages.createdAt, sql`now() - interval '1 hour'`),
        ),
      );
    return row?.written ?? 0;
  }

  return {
    /**
     * The poster writes about the application: it counts with the poster's other messages (30 an hour, 100 a day),
     * and is mailed to the confirmed guardian with a link to answer, once an hour at most (that link opens the later
     * messages too).
     */
    async write(tx: Database, userId: number, applicationId: number, message: string) {
      const found = await posterApplication(tx, userId, applicationId);
      const guardian = (await mailRecipients(tx, [found.applicant.userId])).get(found.applicant.userId);
      if (!guardian?.ward) {
        throw new HttpError(409, 'The applicant’s guardian has not confirmed: they cannot receive messages yet');
      }
      await takeMessageSlot(tx, userId);
      const mailedThisHour = (await writtenLastHour(tx, applicationId, false)) > 0;
      const token = createToken();
      await tx.insert(guardianMessages).values({
        applicationId,
        fromGuardian: false,
        body: message,
        tokenHash: hashToken(token),
        email: guardian.email,
      });
      if (mailedThisHour) return;
      // To the address the guardian rule found above (`mailRecipients`), which the message keeps.
      await mailAddress(
        tx,
        guardian.email,
        'guardian',
        guardianMail.posterMessage(
          guardian,
          {
            ward: found.applicant.displayName,
            poster: found.poster.displayName,
            call: found.call.title,
            role: found.role.name,
          },
          message,
          `${site}/guardian/messages#${token}`,
        ),
        found.applicant.userId,
      );
    },

    /** The messages about an application, for its call's poster. */
    async forPoster(userId: number, applicationId: number, executor: Database = db): Promise<GuardianThread> {
      return thread(executor, await posterApplication(executor, userId, applicationId));
    },

    /** The messages the guardian's link opens. */
    async forGuardian(token: string): Promise<GuardianThread> {
      return thread(db, await byToken(db, token));
    },

    /**
     * The guardian answers (30 an hour per application, else 429): the poster is told in their centre, and by mail
     * once an hour at most, with a link to the applicant.
     */
    async reply(tx: Database, token: string, message: string) {
      const found = await byToken(tx, token);
      // One application's answers are counted one after another, from any server process.
      await tx.execute(sql`select pg_advisory_xact_lock(${GUARDIAN_ANSWER_LOCK}, ${found.application.id})`);
      const answered = await writtenLastHour(tx, found.application.id, true);
      if (answered >= GUARDIAN_ANSWERS_PER_HOUR) {
        // The oldest of the hour's answers frees a place within the hour: an hour is the longest wait.
        throw new HttpError(429, 'You have answered many times this hour; please try again later', 'message', 3600);
      }
      await tx
        .insert(guardianMessages)
        .values({ applicationId: found.application.id, fromGuardian: true, body: message });
      await tell(tx, {
        userId: found.poster.userId,
        kind: 'message',
        words: guardianAnsweredNotice(found.applicant.displayName, message),
        link: `/me/casting-calls/${found.call.id}`,
        ...(answered === 0 ? { mail: { site: publicUrl } } : {}),
      });
    },
  };
}

export default fp<GuardianMessageRepositoryOptions>(
  async (fastify, options) => {
    fastify.decorate('guardianMessageRepository', createGuardianMessageRepository(fastify.db, options.publicUrl));
  },
  { name: 'guardian-message-repository', dependencies: ['database'] },
);
