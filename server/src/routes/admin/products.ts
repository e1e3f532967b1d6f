import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  productInputSchema,
  staffCategoryListResponseSchema,
  staffProductListQuerySchema,
  staffProductListResponseSchema,
  staffProductResponseSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError } from '../../plugins/error-handler.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The store's products, for shop managers: prices in paise, stock, and whether a product is on sale. */
const productRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { catalogRepository } = fastify;
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/products',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('products', 'Every product, hidden ones too, newest first', 'shop managers'),
        querystring: staffProductListQuerySchema,
        response: { 200: staffProductListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => catalogRepository.listStaffProducts(request.query),
  );

  fastify.get(
    '/product-categories',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('products', 'Every product category, to pick one from', 'shop managers'),
        response: { 200: staffCategoryListResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: await catalogRepository.listCategories() }),
  );

  fastify.get(
    '/products/:id',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('products', 'One product', 'shop managers'),
        params: idParamsSchema,
        response: { 200: staffProductResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const product = await catalogRepository.getStaffProduct(fastify.db, request.params.id);
      if (!product) throw new HttpError(404, 'There is no such product');
      return { data: product };
    },
  );

  fastify.post(
    '/products',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('products', 'Add a product', 'shop managers', true),
        body: productInputSchema,
        response: {
          201: staffProductResponseSchema,
          ...adminErrorResponses,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const product = await catalogRepository.createProduct(tx, request.body);
        await recordAudit(tx, request, { action: 'create', entity: 'product', entityId: product.id, after: product });
        return { data: product };
      });
      // The shop's lists and pages show the change at once in this process.
      fastify.readCache.catalogChanged();
      return answer;
    },
  );

  fastify.put(
    '/products/:id',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'products',
          'Change a product: details, prices, stock, on sale or not',
          'shop managers',
          true,
        ),
        params: idParamsSchema,
        body: productInputSchema,
        response: {
          200: staffProductResponseSchema,
          ...adminErrorResponses,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await catalogRepository.updateProduct(tx, request.params.id, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'product', entityId: after.id, before, after });
        return { data: after };
      });
      // The shop's lists and pages show the change at once in this process.
      fastify.readCache.catalogChanged();
      return answer;
    },
  );

  fastify.delete(
    '/products/:id',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'products',
          'Delete a product; one that past orders name is hidden instead (the orders keep their copy)',
          'shop managers',
          true,
        ),
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, hidden } = await catalogRepository.removeProduct(tx, request.params.id);
        await recordAudit(tx, request, {
          action: hidden ? 'hide' : 'delete',
          entity: 'product',
          entityId: before.id,
          before,
        });
        return {
          message: hidden
            ? 'Past orders include this product, so it has been hidden from the store instead of deleted'
            : 'The product has been deleted',
        };
      });
      // The shop's lists and pages show the change at once in this process.
      fastify.readCache.catalogChanged();
      return answer;
    },
  );
};

export default productRoutes;
