import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idParamsSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { HttpError } from '../../plugins/error-handler.js';
import { jsonSerializer, sendJson } from '../../plugins/read-cache.js';

/** The spec's public catalogue calls: `getProduct` (the list) and `/api/{v}/getProduct/{id}` (one product). */
export interface CatalogRoutesOptions {
  /** Prefix of the one-product call, `/api/v1`. */
  versionPrefix: string;
}

const catalogRoutes: FastifyPluginAsyncZod<CatalogRoutesOptions> = async (fastify, options) => {
  const { catalog } = fastify.readCache;
  const serializeList = jsonSerializer(productListResponseSchema, '/getProduct');
  const serializeProduct = jsonSerializer(productResponseSchema, '/getProduct/:id');

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
    async (request, reply) => {
      const { search, category, sort, page, per_page: perPage } = request.query;
      const key = JSON.stringify([
        'list',
        // Search and category match regardless of case, so one cached answer serves every spelling.
        search?.toLowerCase() ?? '',
        category?.toLowerCase() ?? '',
        sort,
        page,
        perPage,
      ]);
      return sendJson(
        reply,
        await catalog.get(key, async () => serializeList(await fastify.catalogRepository.listProducts(request.query))),
      );
    },
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
    async (request, reply) => {
      const { id } = request.params;
      const body = await catalog.get(`product:${id}`, async () => {
        const product = await fastify.catalogRepository.getProduct(id);
        if (!product) throw new HttpError(404, 'This product does not exist or is no longer sold');
        return serializeProduct({ data: product });
      });
      return sendJson(reply, body);
    },
  );
};

export default catalogRoutes;
