import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { castingApplications, profiles } from '../db/schema.js';
import { cityKey } from './either-script.js';

type ProfileRow = typeof profiles.$inferSelect;

/**
 * What an application keeps of its applicant's profile, for the poster's filters and sorting. The city is kept as its
 * key (lib/either-script.ts), as the directory's is: "Mumbai", "Bombay" and "मुंबई" find the same applicants.
 */
export function applicantKeys(
  profile: Pick<ProfileRow, 'displayName' | 'city' | 'languages' | 'verified' | 'hiddenByStaffAt'>,
) {
  return {
    applicantName: profile.displayName.toLowerCase(),
    applicantCity: cityKey(profile.city),
    applicantLanguages: profile.languages.map((item) => item.language.toLowerCase()),
    applicantVerified: profile.verified,
    applicantHidden: profile.hiddenByStaffAt !== null,
  };
}

/** Copies the profile `profileId` into its applications again, in the transaction `tx` that changed it. */
export async function refreshApplicantKeys(tx: Database, profileId: number): Promise<void> {
  const [profile] = await tx.select().from(profiles).where(eq(profiles.id, profileId));
  if (!profile) return;
  await tx
    .update(castingApplications)
    .set(applicantKeys(profile))
    .where(sql`${castingApplications.profileId} = ${profileId}`);
}
