import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  savedSearchFiltersSchema,
  savedSearchListResponseSchema,
  savedSearchResponseSchema,
} from '../../../../src/contract/roles-for-you.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { shopErrorResponses, signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** "Roles for you": the auditions filters a member keeps, told each morning of new calls that match them. */
export const rolesForYouRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { rolesForYou } = fastify;
  const auth = { onRequest: fastify.authenticate };

  fastify.get(
    '/me/roles-for-you',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The auditions filters the caller keeps, the latest first'),
        response: { 200: savedSearchListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await rolesForYou.list(signedInUser(request).id) }),
  );

  fastify.post(
    '/me/roles-for-you',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Keep the auditions filters: new calls that match are told once, in one digest a day at most',
          true,
        ),
        description:
          '201 with the new set; 200 with the set kept already when the same filters are kept. At most 10 sets.',
        body: savedSearchFiltersSchema,
        response: { 200: savedSearchResponseSchema, 201: savedSearchResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const { search, created } = await rolesForYou.save(tx, signedInUser(request).id, request.body);
        reply.code(created ? 201 : 200);
        return { data: search };
      }),
  );

  fastify.delete(
    '/me/roles-for-you/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'Delete a set of kept filters: its calls are no longer told', true),
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        await rolesForYou.remove(tx, signedInUser(request).id, request.params.id);
        return { message: 'Deleted: these filters are no longer told' };
      }),
  );
};
