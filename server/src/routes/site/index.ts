import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { healthSchema, homeDataSchema, type HomeData } from '../../../../src/contract/site.js';
import { BANNER_IMAGE_SIZES, uploadSrcSet } from '../../../../src/contract/uploads.js';
import type { LargestImage } from '../../lib/page-html.js';
import { jsonSerializer, sendJson } from '../../plugins/read-cache.js';
import { UPLOADS_PREFIX } from '../../plugins/web-app.js';

const serializeHomeData = jsonSerializer(homeDataSchema, '/getHomeData');

/** The getHomeData answer, serialized, from the read cache. */
function homeDataBody(fastify: FastifyInstance): Promise<Buffer> {
  return fastify.readCache.content.get('home', async () =>
    serializeHomeData({ ...(await fastify.siteRepository.getHomeData()), phone_sign_in: fastify.phoneSignInOffered }),
  );
}

const firstBannerOf = new WeakMap<Buffer, LargestImage | null>();

/**
 * The address of the home page's first banner, its largest image on every screen, or null without banners. Read
 * from the cached home data, once per cached copy.
 */
export async function homeBannerImage(fastify: FastifyInstance): Promise<LargestImage | null> {
  const body = await homeDataBody(fastify);
  let image = firstBannerOf.get(body);
  if (image === undefined) {
    const first = (JSON.parse(body.toString()) as HomeData).bannerList[0];
    const urlOf = (file: string) => `${UPLOADS_PREFIX}banner/${encodeURIComponent(file)}`;
    image = first
      ? { href: urlOf(first.image), srcset: uploadSrcSet(first.image, urlOf), sizes: BANNER_IMAGE_SIZES }
      : null;
    firstBannerOf.set(body, image);
  }
  return image;
}

/** Public site data: the settings and categories every page needs, and the health check. */
const siteRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/getHomeData',
    {
      schema: {
        tags: ['site'],
        summary: 'Site settings, categories, banners, insider videos and the home page sections',
        response: { 200: homeDataSchema },
      },
    },
    async (_request, reply) => sendJson(reply, await homeDataBody(fastify)),
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
