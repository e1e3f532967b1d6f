import { desc, eq, sql } from 'drizzle-orm';
import type { Guardian } from '../../../src/contract/profiles.js';
import type { Database } from '../db/client.js';
import { guardianConsents } from '../db/schema.js';

export type ConsentRow = typeof guardianConsents.$inferSelect;

/** A profile's consent: the latest row for it (a new guardian address makes a new one), or none. */
export async function latestConsent(executor: Database, profileId: number): Promise<ConsentRow | null> {
  const [row] = await executor
    .select()
    .from(guardianConsents)
    .where(eq(guardianConsents.profileId, profileId))
    .orderBy(desc(guardianConsents.id))
    .limit(1);
  return row ?? null;
}

/** The guardian confirmed by the link and has not withdrawn since. */
export const isConfirmed = (consent: Pick<ConsentRow, 'confirmedAt' | 'withdrawnAt'> | null): boolean =>
  !!consent?.confirmedAt && !consent.withdrawnAt;

/**
 * The confirmed guardian's email of the profile in the outer query (null when there is none): the latest consent
 * only, so a guardian replaced or not yet confirmed is never mailed.
 */
export const confirmedGuardianEmail = sql<string | null>`(${sql.raw(
  // Named in full: drizzle writes an outer column unqualified inside a select's fields.
  'select c.email from guardian_consents c where c.id = (select max(l.id) from guardian_consents l where l.profile_id = "profiles"."id") and c.confirmed_at is not null and c.withdrawn_at is null',
)})`;

/** The guardian as the member's own profile shows it: who they named, and where the consent stands. */
export function guardianView(named: { name: string; contact: string }, consent: ConsentRow | null): Guardian {
  const same = consent && consent.email.toLowerCase() === named.contact.toLowerCase();
  return {
    name: named.name,
    contact: named.contact,
    confirmed_at: same && consent.confirmedAt ? consent.confirmedAt.toISOString() : null,
    withdrawn_at: same && consent.withdrawnAt ? consent.withdrawnAt.toISOString() : null,
    mailed_at: same && consent.mailedAt ? consent.mailedAt.toISOString() : null,
  };
}
