import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { rowsOf } from '../db/client.js';
import { imageWork } from '../lib/images.js';

/**
 * `/metrics` in Prometheus's text format, for the operator's scraper only: it answers 404 unless METRICS_TOKEN is
 * set, and then only to `Authorization: Bearer <token>` (docs/decisions/2026-11-28-fresh-caches-health-metrics.md).
 * Each process reports its own figures (a scraper asks each process at its own address, not through the load
 * balancer); figures read from the database (mail backlog, connections) are the database's, the same in every
 * process. What each metric means: docs/operations/health-and-metrics.md.
 */

declare module 'fastify' {
  interface FastifyInstance {
    metrics: {
      /** Other code adds its collectors here (`new Gauge({ ..., registers: [fastify.metrics.registry] })`). */
      registry: Registry;
    };
  }
}

export interface MetricsOptions {
  /** The bearer token a scraper sends (METRICS_TOKEN); without one `/metrics` answers 404. */
  token?: string | undefined;
}

/** 1 s: a scrape asks the database a few counts; a database slower than that reports what it could. */
const DATABASE_TIMEOUT_MS = 1_000;

/** Seconds: a cached read takes a millisecond, a checkout tens, an image upload seconds. */
const LATENCY_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export default fp<MetricsOptions>(
  async (fastify, options) => {
    const registry = new Registry();
    fastify.decorate('metrics', { registry });
    collectDefaultMetrics({ register: registry });
    const { db } = fastify;
    const registers = [registry];

    // Requests: by the route's template (`/backend/api/api/v1/getProduct/:id`), never the address asked, so the
    // series stay few whatever the URLs; a request no route took is `(none)`.
    const requests = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the last byte of the response, by route template, method and status',
      labelNames: ['route', 'method', 'status'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    });
    const replays = new Counter({
      name: 'cineverse_idempotent_replays_total',
      help: 'Requests answered with the stored answer of their Idempotency-Key (a retried write, not run again)',
      registers,
    });
    fastify.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? '(none)';
      requests.observe({ route, method: request.method, status: reply.statusCode }, reply.elapsedTime / 1000);
      if (reply.getHeader('idempotent-replayed') === 'true') replays.inc();
    });

    // The database, read at each scrape.
    const databaseUp = new Gauge({
      name: 'cineverse_database_up',
      help: '1 when the database answered this scrape, else 0',
      registers,
    });
    const databaseWait = new Gauge({
      name: 'cineverse_database_query_wait_seconds',
      help: 'Time a trivial query took through this process’s connection pool at this scrape (includes waiting for a connection)',
      registers,
    });
    const connections = new Gauge({
      name: 'cineverse_database_connections',
      help: 'Connections to this PostgreSQL database from every process, by state (pg_stat_activity); absent on the embedded database',
      labelNames: ['state'] as const,
      registers,
    });
    const mailUnsent = new Gauge({
      name: 'cineverse_mail_unsent',
      help: 'Mails queued and not yet sent that still have tries left (dead letters are counted apart)',
      registers,
    });
    const mailOldest = new Gauge({
      name: 'cineverse_mail_oldest_unsent_age_seconds',
      help: 'How long the oldest mail due to be sent has waited since it fell due, 0 when none waits',
      registers,
    });

    // The job queue (plugins/job-queue.ts): what waits, runs and failed in each queue, and mail given up on.
    const jobsQueued = new Gauge({
      name: 'cineverse_jobs_queued',
      help: 'Jobs waiting in each queue of the job queue',
      labelNames: ['queue'] as const,
      registers,
    });
    const jobsActive = new Gauge({
      name: 'cineverse_jobs_active',
      help: 'Jobs being done now, in every process, per queue',
      labelNames: ['queue'] as const,
      registers,
    });
    const jobsFailed = new Gauge({
      name: 'cineverse_jobs_failed',
      help: 'Jobs that failed their last try and are kept, per queue',
      labelNames: ['queue'] as const,
      registers,
    });
    const jobsOldest = new Gauge({
      name: 'cineverse_jobs_oldest_waiting_seconds',
      help: 'How long the oldest job due in each queue has waited, 0 when none waits',
      labelNames: ['queue'] as const,
      registers,
    });
    const mailDeadLetters = new Gauge({
      name: 'cineverse_mail_dead_letters',
      help: 'Mails given up on after their last try, waiting for an admin to send them again',
      registers,
    });

    async function readJobs(): Promise<void> {
      const figures = await fastify.jobs.stats();
      for (const [queue, figure] of Object.entries(figures.queues)) {
        jobsQueued.set({ queue }, figure.queued);
        jobsActive.set({ queue }, figure.active);
        jobsFailed.set({ queue }, figure.failed);
        jobsOldest.set({ queue }, figure.oldestWaitingSeconds);
      }
      mailUnsent.set(figures.mail.backlog);
      mailOldest.set(figures.mail.oldestDueSeconds);
      mailDeadLetters.set(figures.mail.deadLetters);
    }

    /** Figures read from the database, dropped when it does not answer rather than left at a stale value. */
    const fromDatabase = [mailUnsent, mailOldest, mailDeadLetters, jobsQueued, jobsActive, jobsFailed, jobsOldest];

    async function readDatabase(): Promise<void> {
      const started = performance.now();
      await db.execute(sql`select 1`);
      databaseWait.set((performance.now() - started) / 1000);
      await readJobs();
      connections.reset();
      if (fastify.database.kind === 'postgres') {
        const states = rowsOf<{ state: string | null; count: number | string }>(
          await db.execute(sql`select coalesce(state, 'unknown') as state, count(*) as count
            from pg_stat_activity where datname = current_database() group by 1`),
        );
        for (const row of states) connections.set({ state: row.state ?? 'unknown' }, Number(row.count));
      }
    }

    // Image work (lib/images.ts): decoding and encoding uploads, at most a few at once.
    new Gauge({
      name: 'cineverse_image_work_running',
      help: 'Images being decoded or encoded now',
      registers,
      collect() {
        this.set(imageWork.active);
      },
    });
    new Gauge({
      name: 'cineverse_image_work_waiting',
      help: 'Images waiting for a slot',
      registers,
      collect() {
        this.set(imageWork.queued);
      },
    });
    new Counter({
      name: 'cineverse_image_work_refused_total',
      help: 'Image uploads refused with 503 because the queue was full',
      registers,
      collect() {
        this.reset();
        this.inc(imageWork.refused);
      },
    });

    // Change notices (plugins/change-notices.ts), on PostgreSQL.
    const notices = fastify.changeNotices;
    if (notices.state !== 'local') {
      new Gauge({
        name: 'cineverse_change_listener_up',
        help: '1 while this process listens for change notices; 0 while cached copies fall back to their short expiry',
        registers,
        collect() {
          this.set(notices.state === 'listening' ? 1 : 0);
        },
      });
      new Counter({
        name: 'cineverse_change_notices_received_total',
        help: 'Change notices this process received',
        registers,
        collect() {
          this.reset();
          this.inc(notices.received);
        },
      });
    }

    const expected = options.token ? digest(options.token) : undefined;
    const authorized = (request: FastifyRequest) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      return !!expected && !!match?.[1] && timingSafeEqual(digest(match[1]), expected);
    };

    fastify.get(
      '/metrics',
      { logLevel: 'warn', schema: { hide: true } },
      async (request: FastifyRequest, reply: FastifyReply) => {
        reply.header('cache-control', 'no-store');
        if (!expected) return reply.callNotFound();
        if (!authorized(request)) {
          return reply
            .code(401)
            .header('www-authenticate', 'Bearer')
            .send({ message: 'The metrics need the bearer token METRICS_TOKEN' });
        }
        try {
          await withTimeout(readDatabase(), DATABASE_TIMEOUT_MS);
          databaseUp.set(1);
        } catch (error) {
          request.log.warn({ err: error }, 'Metrics: the database did not answer');
          databaseUp.set(0);
          for (const gauge of fromDatabase) gauge.reset();
        }
        return reply.type(registry.contentType).send(await registry.metrics());
      },
    );
  },
  { name: 'metrics', dependencies: ['database', 'change-notices', 'job-queue'] },
);
