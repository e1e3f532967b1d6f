import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { projectRoot } from '../config.js';
import { rowsOf } from '../db/client.js';

/**
 * The load balancer's two questions. `/healthz`: is the process alive (200 while it can answer at all; a process
 * that fails it is restarted). `/readyz`: should it be sent requests (200 when the database answers within a second,
 * every migration of this build is applied, and the process is not shutting down; else 503 with the reason). Neither
 * is cached, rate limited or logged per request at info: a load balancer asks every second.
 */

declare module 'fastify' {
  interface FastifyInstance {
    health: {
      /** The process is shutting down: /readyz answers 503 from now on, while requests in flight finish. */
      startDraining(): void;
      readonly draining: boolean;
    };
  }
}

/** 1 s: a database slower than this to answer `select 1` is in no state to take the load balancer's traffic. */
const DATABASE_TIMEOUT_MS = 1_000;

export const readyReasons = ['draining', 'database', 'migrations'] as const;
const readySchema = z.object({ status: z.literal('ready') });
const notReadySchema = z.object({ status: z.literal('not ready'), reason: z.enum(readyReasons), message: z.string() });
const liveSchema = z.object({ status: z.literal('live') });

/** The migrations this build carries, from drizzle-kit's journal. */
function journalMigrations(): number {
  const journal = path.join(projectRoot, 'server/drizzle/meta/_journal.json');
  return (JSON.parse(fs.readFileSync(journal, 'utf8')) as { entries: unknown[] }).entries.length;
}

class Timeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout()), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

const healthRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const expected = journalMigrations();
  let draining = false;
  // Migrations once applied stay applied: after the first time they are, the check costs no query.
  let migrated = false;

  fastify.decorate('health', {
    startDraining() {
      draining = true;
    },
    get draining() {
      return draining;
    },
  });

  /** Why the process should not take requests now, or null when it should. */
  async function notReady(): Promise<{ reason: (typeof readyReasons)[number]; message: string } | null> {
    if (draining) return { reason: 'draining', message: 'The server is shutting down' };
    try {
      await withTimeout(
        (async () => {
          await fastify.db.execute(sql`select 1`);
          if (!migrated) {
            const [row] = rowsOf<{ applied: number | string }>(
              await fastify.db.execute(sql`select count(*) as applied from drizzle.__drizzle_migrations`),
            );
            migrated = Number(row?.applied ?? 0) >= expected;
          }
        })(),
        DATABASE_TIMEOUT_MS,
      );
    } catch (error) {
      fastify.log.warn({ err: error }, 'Readiness check: the database did not answer');
      return {
        reason: 'database',
        message:
          error instanceof Timeout
            ? `The database did not answer within ${DATABASE_TIMEOUT_MS} ms`
            : 'The database is not answering',
      };
    }
    if (!migrated)
      return { reason: 'migrations', message: `Not every migration is applied (this build has ${expected})` };
    return null;
  }

  // Not logged per request (warn and above only), never cached; rate limits apply only to routes that ask for one.
  const quiet = { logLevel: 'warn' as const };
  fastify.get(
    '/healthz',
    { ...quiet, schema: { hide: true, response: { 200: liveSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'live' as const };
    },
  );
  fastify.get(
    '/readyz',
    { ...quiet, schema: { hide: true, response: { 200: readySchema, 503: notReadySchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const reason = await notReady();
      if (reason) return reply.code(503).send({ status: 'not ready' as const, ...reason });
      return { status: 'ready' as const };
    },
  );
};

export default fp(healthRoutes, { name: 'health', dependencies: ['database'] });
