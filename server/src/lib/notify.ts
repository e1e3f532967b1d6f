import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mailOutbox, notifications, profiles, users } from '../db/schema.js';
import { confirmedGuardianEmail } from './guardian-consent.js';
import { inRuns } from './in-runs.js';
import { wakeMailSender } from './mail-outbox.js';

export interface NotificationInput {
  userId: number;
  kind: (typeof notifications.$inferInsert)['kind'];
  title: string;
  body: string;
  /** A path in the app. */
  link: string;
  /** Also by email (through the mail outbox): the notification's text with a greeting and the link. */
  mail?: boolean;
}

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
 * left out of the map). Every mail to a member goes through this one rule.
 */
export async function mailRecipients(tx: Database, userIds: number[]): Promise<Map<number, MailRecipient>> {
  const rows: Awaited<ReturnType<typeof recipientRows>> = [];
  for (const ids of inRuns([...new Set(userIds)])) {
    rows.push(...(await recipientRows(tx, ids)));
  }
  return new Map(
    rows.flatMap((row): [number, MailRecipient][] => {
      if (!row.minor) return [[row.id, { email: row.email, name: row.name }]];
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

/**
 * Puts notifications in their members' centres, and mails those that ask for it (to a minor's guardian, see
 * `mailRecipients`), in the transaction `tx` of the event that causes them: they appear only if it commits.
 */
export async function notify(tx: Database, items: NotificationInput[], publicUrl: string): Promise<void> {
  if (items.length === 0) return;
  for (const run of inRuns(items)) {
    await tx
      .insert(notifications)
      .values(run.map(({ userId, kind, title, body, link }) => ({ userId, kind, title, body, link })));
  }
  const mailed = items.filter((item) => item.mail);
  if (mailed.length === 0) return;
  const recipients = await mailRecipients(
    tx,
    mailed.map((item) => item.userId),
  );
  const site = publicUrl.replace(/\/+$/, '');
  const mails = mailed.flatMap((item) => {
    const to = recipients.get(item.userId);
    if (!to) return [];
    const about = to.ward ? `For ${to.ward}, whose guardian you are: ` : '';
    const text = `Hello ${to.name},\n\n${about}${item.title}.\n${item.body}\n\n${site}${item.link}\n\nThe CineVerse team`;
    return [{ to: to.email, kind: item.kind, subject: to.ward ? `${to.ward}: ${item.title}` : item.title, text }];
  });
  for (const run of inRuns(mails)) await tx.insert(mailOutbox).values(run);
  if (mails.length > 0) await wakeMailSender(tx);
}
