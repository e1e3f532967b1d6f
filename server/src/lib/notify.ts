import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { profiles, users } from '../db/schema.js';
import { confirmedGuardianEmail } from './guardian-consent.js';
import { inRuns } from './in-runs.js';

/** The date and time of `date` as people in India read it: "5 Dec 2026, 11:00 am". */
export function indiaTime(date: Date): string {
  return new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(date);
}

/** Where a member's mail goes; `ward` is the member's profile name when it goes to their guardian. */
export interface MailRecipient {
  email: string;
  name: string;
  ward?: string;
}

/**
 * Where the mail of each of `userIds` goes: to the account's email, or, for a member under 18, to the guardian who
 * confirmed their address (none until then: a minor's own inbox never gets it). A disabled account gets none (it is
 * left out of the map), nor does an adult's account without an email. Every mail to a member goes through this one
 * rule.
 */
export async function mailRecipients(tx: Database, userIds: number[]): Promise<Map<number, MailRecipient>> {
  const rows: Awaited<ReturnType<typeof recipientRows>> = [];
  for (const ids of inRuns([...new Set(userIds)])) {
    rows.push(...(await recipientRows(tx, ids)));
  }
  return new Map(
    rows.flatMap((row): [number, MailRecipient][] => {
      // An account with a phone number and no email gets its notices in the app only.
      if (!row.minor) return row.email === null ? [] : [[row.id, { email: row.email, name: row.name }]];
      if (!row.guardianEmail) return [];
      return [[row.id, { email: row.guardianEmail, name: row.guardian?.name ?? '', ward: row.displayName! }]];
    }),
  );
}

/** The accounts of `ids` that may be mailed, with their profile's guardian. */
function recipientRows(tx: Database, ids: number[]) {
  return tx
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      minor: profiles.minor,
      guardian: profiles.guardian,
      guardianEmail: confirmedGuardianEmail,
      displayName: profiles.displayName,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
}
