import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { withdrawableStatuses } from '../../../src/contract/casting.js';
import { GUARDIAN_RESEND_MINUTES, type GuardianConsentView } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import { castingApplications, guardianConsents, profiles, users } from '../db/schema.js';
import { latestConsent, type ConsentRow } from '../lib/guardian-consent.js';
import { guardianMail } from '../lib/templates.js';
import { mailAddress } from '../lib/tell.js';
import { takeMessageSlot } from '../lib/message-quota.js';
import { createToken, hashToken } from '../lib/tokens.js';
import { HttpError } from './error-handler.js';

type ProfileRow = typeof profiles.$inferSelect;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A minor's guardian's consent (DPDP Act 2023 s.9): asked by a mail to one address, given or withdrawn by the
     * guardian through its link, never by the minor (docs/decisions/2026-11-28-guardian-consent.md).
     */
    guardianConsentRepository: ReturnType<typeof createGuardianConsentRepository>;
  }
}

export interface GuardianConsentRepositoryOptions {
  publicUrl: string;
}

function createGuardianConsentRepository(
  db: Database,
  publicUrl: string,
  /** Frees the callback times of applications withdrawn here (the callback repository's, loaded later). */
  releaseCallbacks: (tx: Database, applicationIds: number[]) => Promise<void>,
) {
  const site = publicUrl.replace(/\/+$/, '');

  /**
   * Seconds until the profile's member may have a guardian mailed again (0: now). One mail every
   * GUARDIAN_RESEND_MINUTES per profile, whatever the address, so changing the address cannot flood strangers.
   */
  async function mailWait(tx: Database, profileId: number): Promise<number> {
    const [last] = await tx
      .select({ mailedAt: guardianConsents.mailedAt })
      .from(guardianConsents)
      .where(and(eq(guardianConsents.profileId, profileId), isNotNull(guardianConsents.mailedAt)))
      .orderBy(desc(guardianConsents.mailedAt))
      .limit(1);
    const waitMs = last?.mailedAt ? last.mailedAt.getTime() + GUARDIAN_RESEND_MINUTES * 60_000 - Date.now() : 0;
    return Math.max(0, Math.ceil(waitMs / 1000));
  }

  /**
   * Mails `consent`'s guardian a new link (its old one stops working). The mail is one of the member's messages
   * (30 an hour, 100 a day: 429 beyond) and needs the member's own email confirmed, as every message does.
   */
  async function mailConsent(
    tx: Database,
    userId: number,
    consent: Pick<ConsentRow, 'id' | 'name' | 'email'>,
    ward: string,
  ) {
    await takeMessageSlot(tx, userId);
    const token = createToken();
    await tx
      .update(guardianConsents)
      .set({ tokenHash: hashToken(token), mailedAt: new Date() })
      .where(eq(guardianConsents.id, consent.id));
    await mailAddress(
      tx,
      consent.email,
      'guardian',
      guardianMail.confirm({ name: consent.name }, ward, `${site}/guardian#${token}`),
      userId,
    );
  }

  /** The account confirmed its email, or its phone by a code (`hasConfirmedContact`). */
  async function emailConfirmed(tx: Database, userId: number): Promise<boolean> {
    const [account] = await tx
      .select({ email: users.emailConfirmedAt, phone: users.phoneConfirmedAt })
      .from(users)
      .where(eq(users.id, userId));
    return account?.email != null || account?.phone != null;
  }

  /** A new consent to ask for, with a token that opens nothing until its mail goes (`mailConsent`). */
  async function ask(tx: Database, profileId: number, name: string, email: string) {
    const [consent] = await tx
      .insert(guardianConsents)
      .values({ profileId, name, email, tokenHash: hashToken(createToken()) })
      .returning();
    return consent!;
  }

  /** The consent whose link holds `token`, locked for a decision, with its profile; 404 for any other token. */
  async function byToken(executor: Database, token: string, lock = false) {
    const query = executor
      .select({ consent: guardianConsents, profile: profiles })
      .from(guardianConsents)
      .innerJoin(profiles, eq(profiles.id, guardianConsents.profileId))
      .where(eq(guardianConsents.tokenHash, hashToken(token)));
    const [found] = lock ? await query.for('update', { of: guardianConsents }) : await query;
    if (!found) throw new HttpError(404, 'This link is not valid: it may have been replaced by a newer one', 'token');
    return found;
  }

  const view = (consent: ConsentRow, profile: ProfileRow, latest: boolean): GuardianConsentView => ({
    ward: profile.displayName,
    guardian_name: consent.name,
    confirmed_at: consent.confirmedAt?.toISOString() ?? null,
    withdrawn_at: consent.withdrawnAt?.toISOString() ?? null,
    current: latest,
  });

  async function isLatest(executor: Database, consent: ConsentRow) {
    return (await latestConsent(executor, consent.profileId))?.id === consent.id;
  }

  return {
    /**
     * After a minor's profile is saved: a guardian address not asked yet (a first one, or a change) gets a new
     * consent to confirm; the same address keeps its consent, with the name as the member now writes it.
     */
    async sync(
      tx: Database,
      userId: number,
      profile: Pick<ProfileRow, 'id' | 'displayName'>,
      guardian: { name: string; contact: string },
    ) {
      const latest = await latestConsent(tx, profile.id);
      if (latest && latest.email.toLowerCase() === guardian.contact.toLowerCase()) {
        if (latest.name !== guardian.name) {
          await tx.update(guardianConsents).set({ name: guardian.name }).where(eq(guardianConsents.id, latest.id));
        }
        return;
      }
      const wait = await mailWait(tx, profile.id);
      const consent = await ask(tx, profile.id, guardian.name, guardian.contact);
      // The profile is saved either way; a mail that may not go yet waits for "Send the email again".
      if (wait > 0 || !(await emailConfirmed(tx, userId))) return;
      try {
        await mailConsent(tx, userId, consent, profile.displayName);
      } catch (error) {
        // Out of messages for now (refused before anything was written): the mail waits for a resend.
        if (!(error instanceof HttpError && error.statusCode === 429)) throw error;
      }
    },

    /** The member under 18 asks for the confirmation mail again: once per GUARDIAN_RESEND_MINUTES (429). */
    async resend(tx: Database, userId: number) {
      const [profile] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).for('update');
      if (!profile) throw new HttpError(404, 'Create your profile first');
      if (!profile.minor || !profile.guardian)
        throw new HttpError(409, 'Only a member under 18 has a guardian to confirm');
      const latest = await latestConsent(tx, profile.id);
      const sameAddress = latest && latest.email.toLowerCase() === profile.guardian.contact.toLowerCase();
      if (sameAddress && latest.confirmedAt && !latest.withdrawnAt) {
        throw new HttpError(409, 'Your guardian has already confirmed');
      }
      const wait = await mailWait(tx, profile.id);
      if (wait > 0) {
        throw new HttpError(
          429,
          `The mail went less than ${GUARDIAN_RESEND_MINUTES} minutes ago: ask your guardian to look for it, or try again later`,
          undefined,
          wait,
        );
      }
      // A withdrawn consent stays as it was (the record); asking again is a new one. An unanswered one gets a new
      // link, and its old link stops working.
      const consent =
        sameAddress && !latest.withdrawnAt
          ? latest
          : await ask(tx, profile.id, profile.guardian.name, profile.guardian.contact);
      await mailConsent(tx, userId, consent, profile.displayName);
    },

    /** What the guardian's page shows for the link's token. */
    async get(token: string): Promise<GuardianConsentView> {
      const { consent, profile } = await byToken(db, token);
      return view(consent, profile, await isLatest(db, consent));
    },

    /** The guardian confirms: consent is recorded now, on the server's clock. */
    async confirm(tx: Database, token: string): Promise<GuardianConsentView> {
      const { consent, profile } = await byToken(tx, token, true);
      if (!(await isLatest(tx, consent))) {
        throw new HttpError(409, 'Another guardian address was given since: this link no longer applies');
      }
      const [row] = await tx
        .update(guardianConsents)
        .set({
          confirmedAt: consent.confirmedAt && !consent.withdrawnAt ? consent.confirmedAt : new Date(),
          withdrawnAt: null,
        })
        .where(eq(guardianConsents.id, consent.id))
        .returning();
      return view(row!, profile, true);
    },

    /** The guardian withdraws: the profile is hidden and its open applications withdrawn, in one transaction. */
    async withdraw(tx: Database, token: string): Promise<GuardianConsentView> {
      const { consent, profile } = await byToken(tx, token, true);
      const [row] = await tx
        .update(guardianConsents)
        .set({ withdrawnAt: consent.withdrawnAt ?? new Date() })
        .where(eq(guardianConsents.id, consent.id))
        .returning();
      await tx.update(profiles).set({ visibility: 'hidden', updatedAt: new Date() }).where(eq(profiles.id, profile.id));
      // By what the minor was told: a decision not told yet gives way, and is neither told nor undone.
      const withdrawn = await tx
        .update(castingApplications)
        .set({ status: 'withdrawn', untoldFrom: null, tellAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(castingApplications.profileId, profile.id),
            inArray(sql`coalesce(${castingApplications.untoldFrom}, ${castingApplications.status})`, [
              ...withdrawableStatuses,
            ]),
          ),
        )
        .returning({ id: castingApplications.id });
      await releaseCallbacks(
        tx,
        withdrawn.map((row) => row.id),
      );
      return view(row!, profile, await isLatest(tx, consent));
    },
  };
}

export default fp<GuardianConsentRepositoryOptions>(
  async (fastify, options) => {
    fastify.decorate(
      'guardianConsentRepository',
      createGuardianConsentRepository(fastify.db, options.publicUrl, (tx, ids) =>
        fastify.callbackRepository.releaseApplications(tx, ids),
      ),
    );
  },
  { name: 'guardian-consent-repository', dependencies: ['database'] },
);
