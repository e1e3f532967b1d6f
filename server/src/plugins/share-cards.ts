import fp from 'fastify-plugin';
import { languageOfPath, pathWithoutLanguage } from '../../../src/contract/languages.js';
import { type CardSubject, QUEUES } from '../lib/jobs.js';
import {
  CARD_NAME,
  CARDS_FOLDER,
  CARDS_PREFIX,
  cardOfPage,
  cardTags,
  isServedCard,
  makeShareCards,
  subjectsWithoutCards,
} from '../lib/share-cards.js';
import { HttpError } from './error-handler.js';

declare module 'fastify' {
  interface FastifyInstance {
    shareCards: {
      /** The head tags of the card of a page path (any language), or none while it has none or is not public. */
      pageTags(pathname: string): Promise<string[]>;
    };
  }
}

export interface ShareCardsOptions {
  /** The site's address as users reach it (`PUBLIC_URL`): a link preview fetches the card by a whole address. */
  publicUrl: string;
  /** Queue the cards of public calls and profiles that have none once the app is ready (the real server's workers). */
  backfillAtStart?: boolean;
}

/** Subjects of each kind queued at a start: later ones are queued at the next start or drawn at their next edit. */
const BACKFILL_LIMIT = 1000;

/**
 * An hour: a card's name changes with its words, so this bounds only how long a copy outlives its subject turning
 * private (the route itself refuses it at once).
 */
const CARD_MAX_AGE_SECONDS = 60 * 60;

/**
 * Share cards: the `cards` job draws them (lib/share-cards.ts), this route serves them from the store while their
 * subject is public, and the page route names them in a call's or a profile's head (plugins/page-rendering.ts).
 */
export default fp<ShareCardsOptions>(
  async (fastify, options) => {
    const { db, jobs, storage } = fastify;
    await jobs.work(QUEUES.cards, async (data) => {
      const subject = data.subject as CardSubject;
      const id = Number(data.id);
      const made = await makeShareCards(db, storage, subject, id);
      if (made > 0) fastify.log.info({ subject, id, made }, 'share cards drawn');
    });

    if (options.backfillAtStart && jobs.working) {
      fastify.addHook('onReady', async () => {
        const missing = await subjectsWithoutCards(db, BACKFILL_LIMIT);
        for (const subject of missing) await jobs.send(QUEUES.cards, subject);
        if (missing.length > 0)
          fastify.log.info({ queued: missing.length }, 'share cards queued for calls and profiles');
      });
    }

    fastify.decorate('shareCards', {
      async pageTags(pathname) {
        const name = await cardOfPage(db, pathWithoutLanguage(pathname), languageOfPath(pathname));
        return name ? cardTags(name, options.publicUrl) : [];
      },
    });

    fastify.get<{ Params: { name: string } }>(
      `${CARDS_PREFIX}:name`,
      { schema: { hide: true } },
      async (request, reply) => {
        const { name } = request.params;
        // Checked on every request, not only when drawn: a profile made private or hidden is refused at once.
        if (!CARD_NAME.test(name) || !(await isServedCard(db, name))) return reply.callNotFound();
        let file;
        try {
          file = await storage.folder(CARDS_FOLDER).read(name);
        } catch (error) {
          request.log.error({ err: error, name }, 'The file store did not answer');
          throw new HttpError(503, 'Images cannot be fetched just now: try again in a minute', undefined, 30);
        }
        if (!file) return reply.callNotFound();
        reply
          .header('cache-control', `public, max-age=${CARD_MAX_AGE_SECONDS}`)
          .header('content-length', file.size)
          .type('image/jpeg');
        if (file.etag) reply.header('etag', file.etag);
        return reply.send(file.body);
      },
    );
  },
  { name: 'share-cards', dependencies: ['database', 'job-queue', 'storage'] },
);
