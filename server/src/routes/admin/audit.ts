import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditListQuerySchema, auditListResponseSchema } from '../../../../src/contract/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The audit log, newest first, for admins only. Nothing in the API changes or deletes a record. */
const auditRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/audit',
    {
      onRequest: fastify.allowRoles(),
      schema: {
        ...adminRouteSchema('audit', 'Every back-office change: who, when, what, before and after', 'admins'),
        querystring: auditListQuerySchema,
        response: { 200: auditListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => fastify.staffRepository.listAudit(request.query),
  );
};

export default auditRoutes;
