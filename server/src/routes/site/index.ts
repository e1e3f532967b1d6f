import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { healthSchema, homeDataSchema } from '../../../../src/contract/site.js';
import { jsonSerializer, sendJson } from '../../plugins/read-cache.js';

/** Public site data: the settings and categories every page needs, and the health check. */
const siteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const serializeHomeData = jsonSerializer(homeDataSchema, '/getHomeData');

  fastify.get(
    '/getHomeData',
    {
      schema: {
        tags: ['site'],
        summary: 'Site settings, categories, banners, insider videos and the home page sections',
        response: { 200: homeDataSchema },
      },
    },
    async (_request, reply) =>
      sendJson(
        reply,
        await fastify.readCache.content.get('home', async () =>
          serializeHomeData(await fastify.siteRepository.getHomeData()),
        ),
      ),
  );

  fastify.get(
    '/health',
    {
      schema: {
        tags: ['site'],
        summary: 'Answers 200 when the database answers',
        response: { 200: healthSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        await fastify.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.code(503).send({ message: 'The database is not answering' });
      }
      return { status: 'ok' as const, database: fastify.database.kind };
    },
  );
};

export default siteRoutes;
