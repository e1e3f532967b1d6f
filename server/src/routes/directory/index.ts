import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { directoryPageSchema, directoryQuerySchema } from '../../../../src/contract/directory.js';
import { HttpError } from '../../plugins/error-handler.js';

/** The directory behind /category/{categoryName}: search by name, filter by city, one page at a time. */
const directoryRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/categories/:categoryName/entries',
    {
      schema: {
        tags: ['site'],
        summary: "A page of a category's directory entries",
        params: z.object({ categoryName: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)) }),
        querystring: directoryQuerySchema,
        response: { 200: directoryPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const page = await fastify.directoryRepository.listEntries(request.params.categoryName, request.query);
      if (!page) throw new HttpError(404, `There is no category named ${request.params.categoryName}`);
      return page;
    },
  );
};

export default directoryRoutes;
