import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteSettingsInputSchema, siteSettingsResponseSchema } from '../../../../src/contract/admin.js';
import { recordAudit } from '../../lib/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The spec's 11 site settings, for editors. */
const settingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { siteRepository } = fastify;
  const editors = { onRequest: fastify.allowRoles('editor') };

  fastify.get(
    '/settings',
    {
      ...editors,
      schema: {
        ...adminRouteSchema('settings', 'The site settings', 'editors'),
        response: { 200: siteSettingsResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: await siteRepository.getSiteSettings() }),
  );

  fastify.put(
    '/settings',
    {
      ...editors,
      schema: {
        ...adminRouteSchema('settings', 'Change the site settings', 'editors', true),
        body: siteSettingsInputSchema,
        response: { 200: siteSettingsResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await siteRepository.updateSiteSettings(tx, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'settings', before, after });
        return { data: after };
      });
      // The public site shows the change at once in this process.
      fastify.readCache.contentChanged();
      return answer;
    },
  );
};

export default settingsRoutes;
