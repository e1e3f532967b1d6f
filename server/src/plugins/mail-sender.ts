import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { mailOutbox } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued mail that is due, now (tests; the server does it every few seconds by itself). */
    sendQueuedMail(): Promise<void>;
  }
}

/** How often the queue is looked at. */
const SEND_INTERVAL_MS = 5_000;
/** Mails sent per look. */
const BATCH = 20;
/** A failed mail waits 30 s, then twice as long each time, at most an hour; after 20 tries it is left for a person. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;
const MAX_ATTEMPTS = 20;

/**
 * Sends the mail queued by `queueMail` through the mailer (SMTP, or the log), oldest first. A mail that fails is
 * tried again later, so a mail server that is down delays mail and loses none; the change that caused it never waits.
 */
export default fp(
  async (fastify) => {
    const { db, mailer } = fastify;
    let sending: Promise<void> | null = null;

    async function sendDue(): Promise<void> {
      const due = await db
        .select()
        .from(mailOutbox)
        .where(
          and(
            isNull(mailOutbox.sentAt),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
            lte(mailOutbox.attempts, MAX_ATTEMPTS),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH);
      for (const mail of due) {
        try {
          await mailer.send({ to: mail.to, kind: mail.kind, subject: mail.subject, text: mail.text });
          await db
            .update(mailOutbox)
            .set({ sentAt: sql`now()`, attempts: mail.attempts + 1 })
            .where(eq(mailOutbox.id, mail.id));
        } catch (error) {
          const waitMs = Math.min(FIRST_RETRY_MS * 2 ** mail.attempts, MAX_RETRY_MS);
          fastify.log.warn({ err: error, mail: mail.id }, 'a mail could not be sent; it will be tried again');
          await db
            .update(mailOutbox)
            .set({
              attempts: mail.attempts + 1,
              lastError: error instanceof Error ? error.message : String(error),
              nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})`,
            })
            .where(eq(mailOutbox.id, mail.id));
        }
      }
    }

    /**
     * One look at a time: a slow mail server never stacks them up. A call during a look gets one more look after it
     * (shared by every call meanwhile), so mail queued during a look is not left for the next tick.
     */
    let following: Promise<void> | null = null;
    function sendQueuedMail(): Promise<void> {
      if (!sending) {
        sending = sendDue().finally(() => {
          sending = null;
        });
        return sending;
      }
      following ??= sending
        .catch(() => {})
        .then(() => {
          following = null;
          return sendQueuedMail();
        });
      return following;
    }

    const timer = setInterval(() => {
      sendQueuedMail().catch((error: unknown) => fastify.log.warn({ err: error }, 'sending queued mail failed'));
    }, SEND_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await (following ?? sending)?.catch(() => {});
    });
    fastify.decorate('sendQueuedMail', sendQueuedMail);
  },
  { name: 'mail-sender', dependencies: ['database', 'mailer'] },
);
