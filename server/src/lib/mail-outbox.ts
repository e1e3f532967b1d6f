import type { MailMessage } from '../plugins/mailer.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';

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
