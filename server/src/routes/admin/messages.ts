import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  messageListQuerySchema,
  messageListResponseSchema,
  messageUpdateSchema,
  staffMessageResponseSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { recordAudit } from '../../lib/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The contact form's messages, for shop managers: read them and keep track of the answers. */
const messageRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { contactRepository } = fastify;
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/messages',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('messages', 'Contact messages, newest first, by status', 'shop managers'),
        querystring: messageListQuerySchema,
        response: { 200: messageListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => contactRepository.listMessages(request.query),
  );

  fastify.put(
    '/messages/:id',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('messages', "Set a message's status: new, read, answered or closed", 'shop managers', true),
        params: idParamsSchema,
        body: messageUpdateSchema,
        response: { 200: staffMessageResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await contactRepository.setStatus(tx, request.params.id, request.body.status);
        await recordAudit(tx, request, {
          action: 'update',
          entity: 'message',
          entityId: after.id,
          before: { status: before.status },
          after: { status: after.status },
        });
        return { data: after };
      }),
  );
};

export default messageRoutes;
