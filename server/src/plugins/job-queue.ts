import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { PgBoss, fromPglite, type QueueOptions } from 'pg-boss';
import type { ProcessRole } from '../config.js';
import { rowsOf } from '../db/client.js';
import { mailOutbox } from '../db/schema.js';
import { MAIL_TRIES } from '../lib/mail-outbox.js';
import { jobQueueStarted, jobQueueStopped, QUEUES, type QueueName } from '../lib/jobs.js';

/** What one queue holds now. */
export interface QueueFigures {
  /** Jobs waiting to start (due now or later). */
  queued: number;
  active: number;
  /** Jobs that failed on their last try and are kept for a look (pg-boss's failed state). */
  failed: number;
  /** How long the oldest job due to start has waited, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

export interface JobFigures {
  queues: Record<QueueName, QueueFigures>;
  mail: {
    /** Mails not sent yet and not given up on. */
    backlog: number;
    /** Mails given up on after their last try, waiting for staff (the back office's dead letters). */
    deadLetters: number;
    /** How long the oldest mail due to be sent has waited, in seconds. */
    oldestDueSeconds: number;
  };
}

export interface JobQueue {
  /** Whether this process does jobs (`ROLE` worker or all). */
  readonly working: boolean;
  /** Does the jobs of `name` in this process, one at a time, when it does jobs (`tries`: this one's, from 1). */
  work(
    name: QueueName,
    handler: (data: Record<string, unknown>, job: { tries: number; lastTry: boolean }) => Promise<void>,
  ): Promise<void>;
  /** Queues a job outside any transaction (inside one: `enqueue` in lib/jobs.ts). */
  send(name: QueueName, data: object, options?: { startAfter?: Date }): Promise<void>;
  /** Queues `name` on the cron expression `cron` (UTC): one job a time, however many processes there are. */
  schedule(name: QueueName, cron: string): Promise<void>;
  /** Per-queue figures and the mail backlog, for metrics. */
  stats(): Promise<JobFigures>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobQueue;
  }
}

export interface JobQueueOptions {
  role: ProcessRole;
  /** Seconds a job may run before another process takes it over (see config.ts, `JOB_CLAIM_SECONDS`). */
  claimSeconds: number;
  /** Tries before a mail is a dead letter (`MAIL_TRIES`). */
  mailTries?: number;
}

/** How often an idle worker asks for a job of each queue: a decision is told within a second of its time. */
const POLL_SECONDS: Record<QueueName, number> = {
  mail: 1,
  upkeep: 5,
  decisions: 1,
  notices: 1,
  push: 1,
  roles: 5,
  cards: 1,
  tapes: 2,
  invoices: 1,
  payments: 5,
};

/** Tries and backoff: a job that throws is tried again, later each time; after the last, it stays failed. */
function queueOptions(claimSeconds: number): Record<QueueName, QueueOptions> {
  return {
    mail: { retryLimit: 5, retryDelay: 5, retryBackoff: true, expireInSeconds: claimSeconds },
    upkeep: { retryLimit: 2, retryDelay: 60, expireInSeconds: Math.max(claimSeconds, 60) },
    decisions: { retryLimit: 10, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds: claimSeconds },
    notices: { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: claimSeconds },
    // A push service that fails is asked again for about half an hour; a notice later than that is news no longer.
    push: { retryLimit: 8, retryDelay: 10, retryBackoff: true, retryDelayMax: 900, expireInSeconds: claimSeconds },
    // A digest run that failed is tried again within the morning; members told already are skipped.
    roles: { retryLimit: 3, retryDelay: 300, expireInSeconds: Math.max(claimSeconds, 600) },
    cards: { retryLimit: 5, retryDelay: 10, retryBackoff: true, retryDelayMax: 600, expireInSeconds: claimSeconds },
    // A 10-minute tape takes up to 15 minutes to transcode: its claim lasts longer than that.
    tapes: { retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: Math.max(claimSeconds, 1800) },
    // The shipping mail waits for its invoice: a store that fails is tried again for about an hour.
    invoices: { retryLimit: 10, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: claimSeconds },
    // The next minute's run asks again: a failed one is not worth more than one retry.
    payments: { retryLimit: 1, retryDelay: 30, expireInSeconds: claimSeconds },
  };
}

/**
 * The job queue (pg-boss) in the app's own database: its tables live in the `pgboss` schema beside the app's, on
 * PostgreSQL over a small pool of its own, on the embedded database through its thread. Every process queues jobs;
 * only workers (`ROLE` worker or all) do them, keep the queue (expired jobs retried) and send the scheduled ones.
 * See docs/decisions/2026-11-28-job-queue.md and docs/operations/job-queue.md.
 */
export default fp<JobQueueOptions>(
  async (fastify, options) => {
    const { database, db } = fastify;
    const working = options.role !== 'web';
    const mailTries = options.mailTries ?? MAIL_TRIES;
    const common = {
      supervise: working,
      schedule: working,
      superviseIntervalSeconds: Math.min(60, options.claimSeconds),
      // The instance registry and the queue statistics are not read: no rows written for them every few seconds.
      registerInstance: false,
      openTelemetry: { enabled: false },
    };
    const boss =
      database.kind === 'pglite'
        ? new PgBoss({ ...common, db: fromPglite(database.pglite!), backend: 'pglite' })
        : new PgBoss({ ...common, connectionString: database.url!, max: working ? 4 : 2 });
    boss.on('error', (error: unknown) => fastify.log.warn({ err: error }, 'job queue error'));
    await boss.start();
    const settings = queueOptions(options.claimSeconds);
    for (const name of Object.values(QUEUES)) {
      // Created once; a later start with other settings updates them.
      await boss.createQueue(name, settings[name]);
      await boss.updateQueue(name, settings[name]);
    }
    jobQueueStarted(boss);
    fastify.addHook('onClose', async () => {
      jobQueueStopped(boss);
      // Jobs under way finish (the database closes after this hook); a job still running after 5 s (within the
      // server's 10 s to shut down) is left to another process once its claim lapses.
      await boss.stop({ graceful: true, timeout: 5_000 });
    });

    const jobs: JobQueue = {
      working,
      async work(name, handler) {
        if (!working) return;
        const { retryLimit = 0 } = settings[name];
        await boss.work(name, { pollingIntervalSeconds: POLL_SECONDS[name], batchSize: 1 }, async ([job]) => {
          await handler((job!.data ?? {}) as Record<string, unknown>, {
            tries: job!.retryCount + 1,
            lastTry: job!.retryCount >= retryLimit,
          });
        });
      },
      async send(name, data, sendOptions = {}) {
        await boss.send(name, data, sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {});
      },
      async schedule(name, cron) {
        if (working) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      },
      async stats() {
        const names = Object.values(QUEUES);
        const rows = rowsOf<{ name: QueueName; queued: number; active: number; failed: number; waited: number }>(
          await db.execute(sql`select name,
              count(*) filter (where state in ('created', 'retry'))::int as queued,
              count(*) filter (where state = 'active')::int as active,
              count(*) filter (where state = 'failed')::int as failed,
              coalesce(extract(epoch from now() - min(start_after)
                filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8 as waited
            from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name`),
        );
        const queues = Object.fromEntries(
          names.map((name) => {
            const row = rows.find((item) => item.name === name);
            return [
              name,
              {
                queued: row?.queued ?? 0,
                active: row?.active ?? 0,
                failed: row?.failed ?? 0,
                oldestWaitingSeconds: Math.round(row?.waited ?? 0),
              },
            ];
          }),
        ) as Record<QueueName, QueueFigures>;
        const [mail] = rowsOf<{ backlog: number; dead: number; waited: number }>(
          await db.execute(sql`select
              count(*) filter (where ${mailOutbox.attempts} < ${mailTries})::int as backlog,
              count(*) filter (where ${mailOutbox.attempts} >= ${mailTries} and ${mailOutbox.nextAttemptAt} <= now())::int as dead,
              coalesce(extract(epoch from now() - min(${mailOutbox.nextAttemptAt})
                filter (where ${mailOutbox.attempts} < ${mailTries} and ${mailOutbox.nextAttemptAt} <= now())), 0)::float8
                as waited
            from ${mailOutbox} where ${mailOutbox.sentAt} is null`),
        );
        return {
          queues,
          mail: {
            backlog: mail?.backlog ?? 0,
            deadLetters: mail?.dead ?? 0,
            oldestDueSeconds: Math.round(mail?.waited ?? 0),
          },
        };
      },
    };
    fastify.decorate('jobs', jobs);
  },
  { name: 'job-queue', dependencies: ['database'] },
);
