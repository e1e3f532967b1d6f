import { and, asc, count, desc, eq, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { PageMeta } from '../../../src/contract/catalog.js';
import type { DeadLetter } from '../../../src/contract/dead-letters.js';
import type { Database } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { QUEUES } from '../lib/jobs.js';
import { MAIL_TRIES, wakeMailSender } from '../lib/mail-outbox.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the queued mail that is due, now (tests; the job queue does it by itself). */
    sendQueuedMail(): Promise<void>;
    /** The mail given up on after its last try, for the back office. */
    deadLetters: {
      list(query: { page: number; per_page: number }): Promise<{ data: DeadLetter[]; meta: PageMeta }>;
      /** Gives the dead letter `id` a fresh set of tries from now, in `tx`; null when there is no such dead letter. */
      retry(tx: Database, id: number): Promise<DeadLetter | null>;
    };
  }
}

type MailRow = typeof mailOutbox.$inferSelect;

function deadLetterOf(row: MailRow): DeadLetter {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    tries: row.attempts,
    last_error: row.lastError,
    queued_at: row.createdAt.toISOString(),
    last_tried_at: row.nextAttemptAt.toISOString(),
  };
}

export interface MailSenderOptions {
  /** Seconds a mail stays claimed by the process sending it (`JOB_CLAIM_SECONDS`). */
  claimSeconds: number;
  /** Tries before a mail is a dead letter (`MAIL_TRIES`, default MAIL_TRIES). */
  tries?: number;
}

/** Mails claimed per look. */
const BATCH = 20;
/** A failed mail waits 30 s, then twice as long each time, at most an hour; after its last try it is a dead letter. */
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60 * 1000;

/**
 * Sends the mail queued by `queueMail` through the mailer (SMTP, or the log), oldest first, in jobs of the `mail`
 * queue: one queued by each transaction that queues mail, and one a minute for mail due later (a retry, a gathered
 * message mail). A mail that fails is tried again later, so a mail server that is down delays mail and loses none;
 * the change that caused it never waits. After its last try it is a dead letter, which staff see and can send again
 * in the back office.
 *
 * Each mail is sent once however many processes send: a process claims a few due mails in one statement (rows
 * others hold are skipped) by moving their next try `claimSeconds` ahead, sends them, and marks each sent. A process
 * killed meanwhile leaves its claimed mails to another once the claim lapses. What is left: a mail the mail server
 * accepted just before its sender was killed, not yet marked sent, is sent again (docs/decisions/2026-11-28-job-queue.md).
 */
export default fp<MailSenderOptions>(
  async (fastify, options) => {
    const { db, jobs, mailer } = fastify;
    const tries = options.tries ?? MAIL_TRIES;
    /** A mail given up on: not sent, and out of tries. */
    // Its tries used up and none under way: a mail claimed for its last try (its next try moved ahead by the claim)
    // is being sent, not given up on.
    const isDeadLetter = and(
      isNull(mailOutbox.sentAt),
      gte(mailOutbox.attempts, tries),
      lte(mailOutbox.nextAttemptAt, sql`now()`),
    );
    let sending: Promise<void> | null = null;

    function claimDue() {
      const due = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(isNull(mailOutbox.sentAt), lte(mailOutbox.nextAttemptAt, sql`now()`), lt(mailOutbox.attempts, tries)),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      return db
        .update(mailOutbox)
        .set({
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: sql`now() + make_interval(secs => ${options.claimSeconds})`,
        })
        .where(inArray(mailOutbox.id, due))
        .returning();
    }

    async function sendDue(): Promise<void> {
      for (let claimed = await claimDue(); claimed.length > 0; claimed = await claimDue()) {
        claimed.sort((a, b) => a.id - b.id);
        for (const mail of claimed) {
          try {
            await mailer.send({
              to: mail.to,
              kind: mail.kind,
              subject: mail.subject,
              text: mail.text,
              attachments: mail.attachments ?? undefined,
            });
          } catch (error) {
            // A dead letter keeps the time of its last try.
            const waitMs =
              mail.attempts >= tries ? 0 : Math.min(FIRST_RETRY_MS * 2 ** (mail.attempts - 1), MAX_RETRY_MS);
            fastify.log.warn({ err: error, mail: mail.id }, 'a mail could not be sent; it will be tried again');
            await db
              .update(mailOutbox)
              .set({
                lastError: error instanceof Error ? error.message : String(error),
                nextAttemptAt: sql`now() + make_interval(secs => ${waitMs / 1000})`,
              })
              .where(eq(mailOutbox.id, mail.id));
            continue;
          }
          // Outside the send's catch: a mail the server accepted is never tried again because this write failed. If
          // it fails, the claim keeps the mail until it lapses (JOB_CLAIM_SECONDS) and the error ends this look.
          await db
            .update(mailOutbox)
            .set({ sentAt: sql`now()` })
            .where(eq(mailOutbox.id, mail.id));
        }
      }
    }

    /**
     * One look at a time: a slow mail server never stacks them up. A call during a look gets one more look after it
     * (shared by every call meanwhile), so mail queued during a look is not left for the next job.
     */
    let following: Promise<void> | null = null;
    function sendQueuedMail(): Promise<void> {
      // Only a process that does jobs sends mail: a web process killed in the middle of a send would leave the mails
      // it claimed for JOB_CLAIM_SECONDS.
      if (!jobs.working) return Promise.resolve();
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

    await jobs.work(QUEUES.mail, () => sendQueuedMail());
    await jobs.schedule(QUEUES.mail, '* * * * *');
    fastify.addHook('onClose', async () => {
      await (following ?? sending)?.catch(() => {});
    });
    fastify.decorate('sendQueuedMail', sendQueuedMail);
    fastify.decorate('deadLetters', {
      async list({ page, per_page }) {
        const [rows, [total]] = await Promise.all([
          db
            .select()
            .from(mailOutbox)
            .where(isDeadLetter)
            .orderBy(desc(mailOutbox.nextAttemptAt), desc(mailOutbox.id))
            .limit(per_page)
            .offset((page - 1) * per_page),
          db.select({ total: count() }).from(mailOutbox).where(isDeadLetter),
        ]);
        return { data: rows.map(deadLetterOf), meta: { page, per_page, total: total?.total ?? 0 } };
      },
      async retry(tx, id) {
        const [row] = await tx
          .update(mailOutbox)
          .set({ attempts: 0, nextAttemptAt: sql`now()` })
          .where(and(eq(mailOutbox.id, id), isDeadLetter))
          .returning();
        if (!row) return null;
        await wakeMailSender(tx);
        return deadLetterOf(row);
      },
    });
  },
  { name: 'mail-sender', dependencies: ['database', 'mailer', 'job-queue'] },
);
