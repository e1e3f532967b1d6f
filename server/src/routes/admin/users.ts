import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffUserResponseSchema,
  userListQuerySchema,
  userListResponseSchema,
  userUpdateSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { recordAudit } from '../../lib/audit.js';
import { signedInUser } from '../shop/route-helpers.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** Accounts and their roles, for admins only. */
const userRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { staffRepository } = fastify;
  const admins = { onRequest: fastify.allowRoles() };

  fastify.get(
    '/users',
    {
      ...admins,
      schema: {
        ...adminRouteSchema('users', 'Accounts, newest first, by name, email or phone and by role', 'admins'),
        querystring: userListQuerySchema,
        response: { 200: userListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => staffRepository.listUsers(request.query),
  );

  fastify.put(
    '/users/:id',
    {
      ...admins,
      schema: {
        ...adminRouteSchema('users', "Change an account's role, or disable or enable it", 'admins', true),
        params: idParamsSchema,
        body: userUpdateSchema,
        response: {
          200: staffUserResponseSchema,
          ...adminErrorResponses,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = signedInUser(request);
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await staffRepository.updateUser(tx, actor.id, request.params.id, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'user', entityId: after.id, before, after });
        return { data: after };
      });
      // A new role or a disabled account takes effect at once: every session is read again.
      fastify.forgetSessions();
      return answer;
    },
  );
};

export default userRoutes;
