import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { invoiceListResponseSchema } from '../../../../src/contract/gst.js';
import { documentsOfOrder, invoiceSummaryOf } from '../../lib/invoices.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser, userRouteSchema } from './route-helpers.js';

const invoiceParamsSchema = z.object({
  ...idParamsSchema.shape,
  invoiceId: idParamsSchema.shape.id,
});

/** An order's tax invoice and credit notes, for its buyer alone: anyone else's order is 404, as if it did not exist. */
const invoiceRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db, orderRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };

  /** The order `id` when it is the signed-in user's; 404 otherwise. */
  async function ownOrder(userId: number, id: number) {
    const order = await orderRepository.getOrder(db, userId, id);
    if (!order) throw new HttpError(404, 'There is no such order');
    return order;
  }

  fastify.get(
    '/orders/:id/invoices',
    {
      ...auth,
      schema: {
        ...userRouteSchema('orders', 'The tax invoice and credit notes of one of my orders'),
        params: idParamsSchema,
        response: { 200: invoiceListResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      await ownOrder(signedInUser(request).id, request.params.id);
      return { data: (await documentsOfOrder(db, request.params.id)).map(invoiceSummaryOf) };
    },
  );

  fastify.get(
    '/orders/:id/invoices/:invoiceId/pdf',
    {
      ...auth,
      schema: {
        ...userRouteSchema('orders', 'The PDF of a tax invoice or credit note of one of my orders'),
        params: invoiceParamsSchema,
        produces: ['application/pdf'],
        response: { 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await ownOrder(signedInUser(request).id, request.params.id);
      await fastify.invoices.send(request.params.id, request.params.invoiceId, reply);
    },
  );
};

export default invoiceRoutes;
