import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { profileResponseSchema } from '../../../../src/contract/user.js';
import { HttpError } from '../../plugins/error-handler.js';

const profileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/profile',
    {
      preHandler: fastify.authenticate,
      schema: {
        tags: ['user'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: profileResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      if (!request.user) throw new HttpError(401, 'Please log in to continue');
      return { data: request.user };
    },
  );
};

export default profileRoutes;
