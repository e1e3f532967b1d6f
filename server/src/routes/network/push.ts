import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { pushKeyResponseSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../../src/contract/push.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** A member's browsers that show their notices (Web Push): the server's key, subscribing and unsubscribing. */
export const pushRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const auth = { onRequest: fastify.authenticate };
  const { pushRepository } = fastify;

  fastify.get(
    '/me/push/key',
    {
      ...auth,
      schema: {
        ...userRouteSchema('notifications', 'The server’s VAPID public key, for `pushManager.subscribe`'),
        response: { 200: pushKeyResponseSchema, 401: errorResponseSchema },
      },
    },
    async () => ({ public_key: pushRepository.publicKey }),
  );

  fastify.post(
    '/me/push/subscriptions',
    {
      ...auth,
      schema: {
        ...userRouteSchema('notifications', 'Show the caller’s notices on this browser (its push subscription)', true),
        body: pushSubscriptionSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      return fastify.runIdempotent(request, reply, async (tx) => {
        await pushRepository.subscribe(tx, userId, request.body);
        return { message: 'Notices will show on this device' };
      });
    },
  );

  fastify.post(
    '/me/push/subscriptions/delete',
    {
      ...auth,
      schema: {
        ...userRouteSchema('notifications', 'Stop showing the caller’s notices on the browser at `endpoint`', true),
        body: pushUnsubscribeSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      return fastify.runIdempotent(request, reply, async (tx) => {
        await pushRepository.unsubscribe(tx, userId, request.body.endpoint);
        return { message: 'Notices will no longer show on this device' };
      });
    },
  );
};
