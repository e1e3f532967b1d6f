import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Tells the decisions whose time has come, now (tests pass a later `now`; the server does it by itself). */
    tellDueDecisions(now?: Date): Promise<number>;
  }
}

/** How often the untold decisions are looked at: a decision is told at most this long after its 10 s. */
const TELL_INTERVAL_MS = 2_000;

/**
 * Tells applicants of the poster's decisions once their 10 s to undo have passed (`applicationRepository.tellDecisions`).
 * The time to tell is kept with the decision, so a poster who closes the tab, or loses the connection, neither loses
 * nor hastens a notice; an undo within the 10 s leaves nothing to tell.
 */
export default fp(
  async (fastify) => {
    const { applicationRepository, db } = fastify;
    /** The look under way, awaited before the app closes. */
    let telling: Promise<number> | null = null;

    async function tellDueDecisions(now?: Date): Promise<number> {
      // Two looks at once are harmless: the statement that finds the decisions claims them, so each is told once.
      const look = db.transaction((tx) => applicationRepository.tellDecisions(tx, now));
      telling = look;
      try {
        const told = await look;
        // Their mail goes now, not at the mail sender's next look.
        if (told > 0) void fastify.sendQueuedMail().catch(() => {});
        return told;
      } finally {
        if (telling === look) telling = null;
      }
    }

    const timer = setInterval(() => {
      tellDueDecisions().catch((error: unknown) => fastify.log.warn({ err: error }, 'telling decisions failed'));
    }, TELL_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(timer);
      await telling?.catch(() => {});
    });
    fastify.decorate('tellDueDecisions', tellDueDecisions);
  },
  { name: 'decision-teller', dependencies: ['database', 'application-repository', 'mail-sender'] },
);
