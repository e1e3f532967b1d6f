import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { HttpError } from '../../plugins/error-handler.js';

/** The spec's public catalogue calls: `getProduct` (the list) and `/api/{v}/getProduct/{id}` (one product). */
export interface CatalogRoutesOptions {
  /** Prefix of the one-product call, `/api/v1`. */
  versionPrefix: string;
}

const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (fastify, options) => {
  fastify.get(
    '/getProduct',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Products, with search, category filter, sort and pages',
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => fastify.catalogRepository.listProducts(request.query),
  );

  fastify.get(
    `${options.versionPrefix}/getProduct/:id`,
    {
      schema: {
        tags: ['catalogue'],
        summary: 'One product with its images, MRP, price and stock',
        params: idParamsSchema,
        response: { 200: productResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const product = await fastify.catalogRepository.getProduct(request.params.id);
      if (!product) throw new HttpError(404, 'This product does not exist or is no longer sold');
      return { data: product };
    },
  );
};

export default catalogRoutes;
