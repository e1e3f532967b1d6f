import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bannerInputSchema,
  staffBannerListResponseSchema,
  staffBannerResponseSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { recordAudit } from '../../lib/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The home page's banners, for editors; every change shows on the public site at once. */
const contentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { contentRepository } = fastify;
  const editors = { onRequest: fastify.allowRoles('editor') };

  fastify.get(
    '/banners',
    {
      ...editors,
      schema: {
        ...adminRouteSchema('content', 'The banners, in carousel order', 'editors'),
        response: { 200: staffBannerListResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: await contentRepository.listBanners() }),
  );

  fastify.post(
    '/banners',
    {
      ...editors,
      schema: {
        ...adminRouteSchema('content', 'Add a banner (last, or at `position`)', 'editors', true),
        body: bannerInputSchema,
        response: { 201: staffBannerResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const banner = await contentRepository.createBanner(tx, request.body);
        await recordAudit(tx, request, { action: 'create', entity: 'banner', entityId: banner.id, after: banner });
        return { data: banner };
      });
      fastify.readCache.contentChanged();
      return answer;
    },
  );

  fastify.put(
    '/banners/:id',
    {
      ...editors,
      schema: {
        ...adminRouteSchema('content', 'Change a banner, or move it to `position`', 'editors', true),
        params: idParamsSchema,
        body: bannerInputSchema,
        response: { 200: staffBannerResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await contentRepository.updateBanner(tx, request.params.id, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'banner', entityId: after.id, before, after });
        return { data: after };
      });
      fastify.readCache.contentChanged();
      return answer;
    },
  );

  fastify.delete(
    '/banners/:id',
    {
      ...editors,
      schema: {
        ...adminRouteSchema('content', 'Remove a banner', 'editors', true),
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const before = await contentRepository.deleteBanner(tx, request.params.id);
        await recordAudit(tx, request, { action: 'delete', entity: 'banner', entityId: before.id, before });
        return { message: 'The banner has been removed' };
      });
      fastify.readCache.contentChanged();
      return answer;
    },
  );
};

export default contentRoutes;
