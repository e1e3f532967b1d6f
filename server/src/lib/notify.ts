import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { mailOutbox, notifications, users } from '../db/schema.js';

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

/**
 * Puts notifications in their members' centres, and mails those that ask for it, in the transaction `tx` of the
 * event that causes them: they appear only if it commits. A disabled account gets no mail.
 */
export async function notify(tx: Database, items: NotificationInput[], publicUrl: string): Promise<void> {
  if (items.length === 0) return;
  await tx
    .insert(notifications)
    .values(items.map(({ userId, kind, title, body, link }) => ({ userId, kind, title, body, link })));
  const mailed = items.filter((item) => item.mail);
  if (mailed.length === 0) return;
  const recipients = await tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(and(inArray(users.id, [...new Set(mailed.map((item) => item.userId))]), isNull(users.disabledAt)));
  const byId = new Map(recipients.map((user) => [user.id, user]));
  const site = publicUrl.replace(/\/+$/, '');
  const mails = mailed.flatMap((item) => {
    const user = byId.get(item.userId);
    if (!user) return [];
    const text = `Hello ${user.name},\n\n${item.title}.\n${item.body}\n\n${site}${item.link}\n\nThe CineVerse team`;
    return [{ to: user.email, subject: item.title, text }];
  });
  if (mails.length > 0) await tx.insert(mailOutbox).values(mails);
}
