import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { profiles, users } from '../db/schema.js';
import { confirmedGuardianEmail } from './guardian-consent.js';
import { inRuns } from './in-runs.js';
import { type Language, readsIn } from './language.js';
import { formatIndianDate } from './money.js';

/**
 * The date and time of `date` as people in India read it, saying it is India's time (members also read from abroad):
 * "5 Dec 2026, 11:00 am (India time)", or in Hindi "5 दिसंबर 2026, सुबह 11:00 बजे (भारतीय समय)".
 */
export function indiaTime(date: Date, language: Language = 'en'): string {
  if (language === 'hi') {
    const time = new Intl.DateTimeFormat('hi-IN', {
      timeZone: 'Asia/Kolkata',
      hour: 'numeric',
      minute: '2-digit',
      dayPeriod: 'short',
      numberingSystem: 'latn',
    }).format(date);
    return `${formatIndianDate(date, 'hi')}, ${time} बजे (भारतीय समय)`;
  }
  const time = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(date);
  return `${time} (India time)`;
}

/**
 * Where a member's mail goes; `ward` is the member's profile name when it goes to their guardian; `language` is the
 * reader's (docs/manual/languages-in-mail.md).
 */
export interface MailRecipient {
  email: string;
  name: string;
  ward?: string;
  language: Language;
}

/**
 * Where the mail of each of `userIds` goes: to the account's email, or, for a member under 18, to the guardian who
 * confirmed their address (none until then: a minor's own inbox never gets it). A disabled account gets none (it is
 * left out of the map), nor does an adult's account without an email, or with an unconfirmed email and a confirmed
 * phone. Every mail to a member goes through this one
 * rule.
 */
export async function mailRecipients(tx: Database, userIds: number[]): Promise<Map<number, MailRecipient>> {
  const rows: Awaited<ReturnType<typeof recipientRows>> = [];
  for (const ids of inRuns([...new Set(userIds)])) {
    rows.push(...(await recipientRows(tx, ids)));
  }
  return new Map(
    rows.flatMap((row): [number, MailRecipient][] => {
      // An account with a phone number and no email gets its notices in the app only, as does one whose phone is
      // confirmed and whose email is not: that address is unproven, and may be a stranger's (auth.ts mailableEmail).
      if (!row.minor) {
        return row.email === null || (!row.emailConfirmed && row.phoneConfirmed)
          ? []
          : [[row.id, { email: row.email, name: row.name, language: readsIn(row.language) }]];
      }
      if (!row.guardianEmail) return [];
      // The guardian reads in their own account's language; one without an account, in the minor's who named them.
      const language = readsIn(row.guardianLanguage ?? row.language);
      return [[row.id, { email: row.guardianEmail, name: row.guardian?.name ?? '', ward: row.displayName!, language }]];
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
      emailConfirmed: sql<boolean>`${users.emailConfirmedAt} is not null`,
      phoneConfirmed: sql<boolean>`${users.phoneConfirmedAt} is not null`,
      minor: profiles.minor,
      guardian: profiles.guardian,
      guardianEmail: confirmedGuardianEmail,
      guardianLanguage: sql<
        string | null
      >`(select g.language from users g where g.email = lower(${confirmedGuardianEmail}))`,
      displayName: profiles.displayName,
      language: users.language,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(inArray(users.id, ids), isNull(users.disabledAt)));
}
