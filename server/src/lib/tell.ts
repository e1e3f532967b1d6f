import { eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notifications, users } from '../db/schema.js';
import type { MailMessage } from '../plugins/mailer.js';
import { queueConversationMail } from './conversation-mail.js';
import { inRuns } from './in-runs.js';
import { type InEach, type Language, readsIn } from './language.js';
import { queueMail, queueMails } from './mail-outbox.js';
import { type MailRecipient, mailRecipients } from './notify.js';
import { PUSH_KINDS, queuePushes } from './push.js';
import { type MailText, type NoticeText, noticeMail } from './templates.js';

/**
 * The one door through which CineVerse tells a member anything: `tell` writes the notice in their notification centre
 * and queues its mail, in the transaction `tx` of the event that causes it, so both appear only if it commits. Every
 * mail to a member goes where `mailRecipients` says (a minor's to the guardian who confirmed, never to the minor; a
 * disabled account's nowhere). `mailAddress` is the door for the few mails to an address rather than a member (an
 * account's own links, a guardian's consent). The words come from `lib/templates.ts`, and each reader gets them in
 * their language (docs/manual/languages-in-mail.md): a notice's line in the member's own, its mail in its recipient's
 * (a minor's guardian's). Nothing else writes a notification or a mail row (tests/server/tell.test.ts keeps it so).
 */

export type NotificationKind = (typeof notifications.$inferInsert)['kind'];

/** A notice to one member. */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  /** Its title and body in every language: the member's is stored in their centre (and mailed). */
  words: InEach<NoticeText>;
  /** A path in the app. */
  link: string;
  /** False for a mail alone: what the member just did themselves needs no line in their centre. */
  centre?: false;
  /** Also by email (the mail's kind is the notice's). */
  mail?: NoticeMail;
  /** Also to the member's browsers by Web Push: by default for the kinds of `PUSH_KINDS` (lib/push.ts). */
  push?: boolean;
}

/** A notice's mail: its own words with a link on the site, or a mail of its own. */
export type NoticeMail =
  | {
      /** The site's address as members reach it: the mail repeats the notice with its link (`noticeMail`). */
      site: string;
    }
  | {
      /** The mail's own words for its recipient. */
      write: (to: MailRecipient) => MailText;
      /**
       * A conversation's mail, at most once an hour per conversation and recipient: the later messages of the hour
       * are gathered into one mail with these words (`lib/conversation-mail.ts`).
       */
      gather?: { conversationId: number; write: (to: MailRecipient, count: number) => MailText };
    };

/** Tells one member, or many, in `tx`. */
export async function tell(tx: Database, notice: Notice | Notice[]): Promise<void> {
  const notices = Array.isArray(notice) ? notice : [notice];
  if (notices.length === 0) return;
  const centre = notices.filter((item) => item.centre !== false);
  const languages = await languagesOf(
    tx,
    centre.map((item) => item.userId),
  );
  for (const run of inRuns(centre)) {
    await tx.insert(notifications).values(
      run.map(({ userId, kind, words, link }) => ({
        userId,
        kind,
        ...words[languages.get(userId) ?? 'en'],
        link,
      })),
    );
  }
  await queuePushes(
    tx,
    centre
      .filter((item) => item.push ?? PUSH_KINDS.has(item.kind))
      .map(({ userId, kind, words, link }) => ({ userId, kind, ...words[languages.get(userId) ?? 'en'], link })),
  );
  const mailed = notices.filter((item) => item.mail);
  if (mailed.length === 0) return;
  const recipients = await mailRecipients(
    tx,
    mailed.map((item) => item.userId),
  );
  const mails: MailMessage[] = [];
  for (const item of mailed) {
    const to = recipients.get(item.userId);
    if (!to) continue;
    const mail = item.mail!;
    const words =
      'site' in mail ? noticeMail(to, { ...item.words[to.language], link: item.link }, mail.site) : mail.write(to);
    const message = { to: to.email, kind: item.kind, ...words };
    if ('gather' in mail && mail.gather) {
      const { conversationId, write } = mail.gather;
      await queueConversationMail(tx, { conversationId, recipientId: item.userId }, message, (count) => ({
        to: to.email,
        kind: item.kind,
        ...write(to, count),
      }));
    } else {
      mails.push(message);
    }
  }
  await queueMails(tx, mails);
}

/** The language each of `userIds` reads in: the member's own, whatever their age (it is their centre). */
async function languagesOf(tx: Database, userIds: number[]): Promise<Map<number, Language>> {
  const languages = new Map<number, Language>();
  for (const ids of inRuns([...new Set(userIds)])) {
    const rows = await tx.select({ id: users.id, language: users.language }).from(users).where(inArray(users.id, ids));
    for (const row of rows) languages.set(row.id, readsIn(row.language));
  }
  return languages;
}

/**
 * The language of a mail to `address`: that of the account at the address; else that of the member `causedBy` for
 * whom it is sent (the account holder for their own links, the minor for the guardian they named); else English.
 */
export async function languageAt(tx: Database, address: string, causedBy?: number): Promise<Language> {
  const email = address.toLowerCase();
  const rows = await tx
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(causedBy === undefined ? eq(users.email, email) : or(eq(users.email, email), eq(users.id, causedBy)));
  const reader = rows.find((row) => row.email === email) ?? rows.find((row) => row.id === causedBy);
  return readsIn(reader?.language);
}

/**
 * Mails an address that is not (or not yet) a member's mailbox by the rule above: an account's own links go to the
 * address being confirmed or recovered, a guardian's consent and messages to the guardian the minor named. The mail
 * is written in every language and sent in the reader's (`languageAt`, `causedBy` the member it is sent for). `kind`
 * names the mail in the log.
 */
export async function mailAddress(
  tx: Database,
  to: string | null,
  kind: string,
  words: InEach<MailText>,
  causedBy?: number,
): Promise<void> {
  // An account made with a phone number alone has no address: its mail is skipped, never an error.
  if (to === null) return;
  await queueMail(tx, { to, kind, ...words[await languageAt(tx, to, causedBy)] });
}
