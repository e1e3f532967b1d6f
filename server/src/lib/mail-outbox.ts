import type { MailMessage } from '../plugins/mailer.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { inRuns } from './in-runs.js';

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
  });
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
      })),
    );
  }
}
