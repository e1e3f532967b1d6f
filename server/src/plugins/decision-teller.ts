import fp from 'fastify-plugin';
import { QUEUES } from '../lib/jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the decisions whose time has come, now (tests pass a later `now`; the server does it by itself). */
    tellDueDecisions(now?: Date): Promise<number>;
  }
}

/**
 * Tells applicants of the poster's decisions once their 10 s to undo have passed (`applicationRepository.tellDecisions`),
 * in a job of the `decisions` queue that the decision queued in its own transaction to start then (`tellDecisionsAt`):
 * a worker asks for due jobs every second, so a decision is told a second or so after its 10 s.
 * The time to tell is kept with the decision, so a poster who closes the tab, or loses the connection, neither loses
 * nor hastens a notice; an undo within the 10 s leaves nothing to tell.
 */
export default fp(
  async (fastify) => {
    const { applicationRepository, db, jobs } = fastify;
    /** The look under way, awaited before the app closes. */
    let telling: Promise<number> | null = null;

    async function tellDueDecisions(now?: Date): Promise<number> {
      // Two looks at once are harmless: the statement that finds the decisions claims them, so each is told once.
      const look = db.transaction((tx) => applicationRepository.tellDecisions(tx, now));
      telling = look;
      try {
        // Their mail is queued with them, and sent by a worker within a second or two.
        return await look;
      } finally {
        if (telling === look) telling = null;
      }
    }

    await jobs.work(QUEUES.decisions, async () => {
      await tellDueDecisions();
    });
    // Decisions whose job went with a process that stopped before the queue existed are told by a first look.
    if (jobs.working) await jobs.send(QUEUES.decisions, {});
    fastify.addHook('onClose', async () => {
      await telling?.catch(() => {});
    });
    fastify.decorate('tellDueDecisions', tellDueDecisions);
  },
  { name: 'decision-teller', dependencies: ['database', 'application-repository', 'mail-sender', 'job-queue'] },
);
