import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { conversationMails, mailOutbox } from '../db/schema.js';
import type { MailMessage } from '../plugins/mailer.js';
import { queueMail } from './mail-outbox.js';

/** How long after one mail of a conversation the next may go to the same person: an hour. */
const MAIL_GAP = sql`interval '1 hour'`;

/**
 * Mails one side of a conversation of a new message, at most once an hour per conversation: the first message of an
 * hour is mailed at once (`single`); those written in the rest of the hour are gathered into one mail (`gathered`,
 * given how many), queued to go when the hour ends, which the mail sender then sends. Runs in `tx`, the message's
 * transaction; the conversation's row for this recipient is locked, so parallel messages gather into one mail.
 */
export async function queueConversationMail(
  tx: Database,
  key: { conversationId: number; recipientId: number },
  single: MailMessage,
  gathered: (count: number) => MailMessage,
): Promise<void> {
  const where = and(
    eq(conversationMails.conversationId, key.conversationId),
    eq(conversationMails.recipientId, key.recipientId),
  );
  await tx
    .insert(conversationMails)
    .values({ ...key, nextMailAt: sql`now()` })
    .onConflictDoNothing();
  const [state] = await tx
    .select({
      nextMailAt: conversationMails.nextMailAt,
      due: sql<boolean>`${conversationMails.nextMailAt} <= now()`,
      pendingMailId: conversationMails.pendingMailId,
      pendingCount: conversationMails.pendingCount,
      pendingSentAt: mailOutbox.sentAt,
    })
    .from(conversationMails)
    .leftJoin(mailOutbox, eq(mailOutbox.id, conversationMails.pendingMailId))
    .where(where)
    .for('update', { of: conversationMails });
  if (!state) throw new Error('The conversation mail row was not stored');

  if (state.pendingMailId !== null && state.pendingSentAt === null) {
    // A gathering mail waits for the end of the hour: it now tells of one message more.
    const count = state.pendingCount + 1;
    const mail = gathered(count);
    await tx
      .update(mailOutbox)
      .set({ to: mail.to, subject: mail.subject, text: mail.text })
      .where(eq(mailOutbox.id, state.pendingMailId));
    await tx.update(conversationMails).set({ pendingCount: count }).where(where);
  } else if (state.due) {
    await queueMail(tx, single);
    await tx
      .update(conversationMails)
      .set({ nextMailAt: sql`now() + ${MAIL_GAP}`, pendingMailId: null, pendingCount: 0 })
      .where(where);
  } else {
    // Within the hour of the last mail: a mail that gathers this message and the next ones goes when it ends.
    const mail = gathered(1);
    const [queued] = await tx
      .insert(mailOutbox)
      .values({ ...mail, nextAttemptAt: state.nextMailAt })
      .returning({ id: mailOutbox.id });
    await tx
      .update(conversationMails)
      .set({
        pendingMailId: queued!.id,
        pendingCount: 1,
        nextMailAt: sql`${conversationMails.nextMailAt} + ${MAIL_GAP}`,
      })
      .where(where);
  }
}
