import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { markReadSchema, notificationListResponseSchema } from '../../../../src/contract/notifications.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** A member's notification centre: what they were told (`lib/tell.ts`), and marking it read. */
export const notificationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const auth = { onRequest: fastify.authenticate };

  fastify.get(
    '/notifications',
    {
      ...auth,
      schema: {
        ...userRouteSchema('notifications', 'The caller’s notifications (the latest 50) and how many are unread'),
        response: { 200: notificationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => fastify.notificationRepository.list(signedInUser(request).id),
  );

  fastify.post(
    '/notifications/read',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'notifications',
          'Mark the caller’s notifications `ids` read (every one without `ids`)',
          true,
        ),
        body: markReadSchema,
        response: { 200: notificationListResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      await fastify.runIdempotent(request, reply, (tx) =>
        fastify.notificationRepository.markRead(tx, userId, request.body.ids),
      );
      return fastify.notificationRepository.list(userId);
    },
  );
};
