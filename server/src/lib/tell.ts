import type { Database } from '../db/client.js';
import { notifications } from '../db/schema.js';
import type { MailMessage } from '../plugins/mailer.js';
import { queueConversationMail } from './conversation-mail.js';
import { inRuns } from './in-runs.js';
import { queueMail, queueMails } from './mail-outbox.js';
import { type MailRecipient, mailRecipients } from './notify.js';
import { type MailText, noticeMail } from './templates.js';

/**
 * The one door through which CineVerse tells a member anything: `tell` writes the notice in their notification centre
 * and queues its mail, in the transaction `tx` of the event that causes it, so both appear only if it commits. Every
 * mail to a member goes where `mailRecipients` says (a minor's to the guardian who confirmed, never to the minor; a
 * disabled account's nowhere). `mailAddress` is the door for the few mails to an address rather than a member (an
 * account's own links, a guardian's consent). The words come from `lib/templates.ts`. Nothing else writes a
 * notification or a mail row (tests/server/tell.test.ts keeps it so).
 */

export type NotificationKind = (typeof notifications.$inferInsert)['kind'];

/** A notice to one member. */
export interface Notice {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A path in the app. */
  link: string;
  /** False for a mail alone: what the member just did themselves needs no line in their centre. */
  centre?: false;
  /** Also by email (the mail's kind is the notice's). */
  mail?: NoticeMail;
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
  for (const run of inRuns(notices.filter((item) => item.centre !== false))) {
    await tx
      .insert(notifications)
      .values(run.map(({ userId, kind, title, body, link }) => ({ userId, kind, title, body, link })));
  }
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
    const words = 'site' in mail ? noticeMail(to, item, mail.site) : mail.write(to);
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

/**
 * Mails an address that is not (or not yet) a member's mailbox by the rule above: an account's own links go to the
 * address being confirmed or recovered, a guardian's consent and messages to the guardian the minor named. `kind`
 * names the mail in the log.
 */
export async function mailAddress(tx: Database, to: string | null, kind: string, words: MailText): Promise<void> {
  // An account made with a phone number alone has no address: its mail is skipped, never an error.
  if (to === null) return;
  await queueMail(tx, { to, kind, ...words });
}
