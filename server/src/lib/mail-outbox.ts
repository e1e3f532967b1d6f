import { PgTransaction } from 'drizzle-orm/pg-core';
import type { MailMessage } from '../plugins/mailer.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { inRuns } from './in-runs.js';
import { enqueue, hasJobQueue, QUEUES } from './jobs.js';

/** Tries a mail gets (30 s apart, then twice as long each time, at most an hour) before it is a dead letter. */
export const MAIL_TRIES = 20;

/** Transactions that already woke the mail sender: one job for all the mail a transaction queues. */
const woken = new WeakSet<Database>();

/**
 * Queues a mail in the transaction `tx` of what causes it: it is sent only if that commits, and the mail sender
 * (`plugins/mail-sender.ts`) sends it after, retrying while the mail server fails.
 */
export async function queueMail(tx: Database, message: MailMessage): Promise<void> {
  await tx.insert(mailOutbox).values({
    to: message.to,
    kind: message.kind ?? 'mail',
    subject: message.subject,
    text: message.text,
    attachments: message.attachments?.length ? message.attachments : null,
  });
  await wakeMailSender(tx);
}

/**
 * Queues a job, in `tx`, that sends the mail due once `tx` commits, so new mail leaves within a second or two. (The
 * mail sender also looks every minute, for mail due later; a command-line tool, which has no job queue, leaves its
 * mail to that look.)
 */
export async function wakeMailSender(tx: Database): Promise<void> {
  if (woken.has(tx) || !hasJobQueue()) return;
  // Outside a transaction, each statement commits by itself: each wakes the sender.
  if ((tx as unknown) instanceof PgTransaction) woken.add(tx);
  await enqueue(tx, QUEUES.mail, {});
}

/**
 * Queues many mails in `tx` as `queueMail` queues one, in a few statements: a notice to thousands of members queues
 * thousands of mails.
 */
export async function queueMails(tx: Database, messages: MailMessage[]): Promise<void> {
  for (const run of inRuns(messages)) {
    await tx.insert(mailOutbox).values(
      run.map((message) => ({
        to: message.to,
        kind: message.kind ?? 'mail',
        subject: message.subject,
        text: message.text,
        attachments: message.attachments?.length ? message.attachments : null,
      })),
    );
  }
  if (messages.length > 0) await wakeMailSender(tx);
}
