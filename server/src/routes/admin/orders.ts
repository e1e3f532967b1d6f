import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  orderTransitionSchema,
  staffOrderListQuerySchema,
  staffOrderListResponseSchema,
  staffOrderResponseSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { HttpError } from '../../plugins/error-handler.js';
import { recordAudit } from '../../lib/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** Order fulfilment, for shop managers: find an order, confirm it, ship it with tracking, deliver or cancel it. */
const orderRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { orderRepository } = fastify;
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/orders',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('orders', 'Orders, newest first, by status, order number, email or phone', 'shop managers'),
        querystring: staffOrderListQuerySchema,
        response: { 200: staffOrderListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => orderRepository.listStaffOrders(request.query),
  );

  fastify.get(
    '/orders.csv',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'orders',
          'The same orders as a CSV file (every page, one line an order, money in rupees), for the accounts',
          'shop managers',
        ),
        querystring: staffOrderListQuerySchema,
        produces: ['text/csv'],
        // The file is text (its rows are the CSV's); errors are JSON, like every other call's.
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { page: _page, per_page: _perPage, ...filters } = request.query;
      const csv = await orderRepository.staffOrdersCsv(filters);
      const days = [filters.from, filters.to].filter(Boolean).join('-to-');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cineverse-orders${days ? `-${days}` : ''}.csv"`)
        .send(csv);
    },
  );

  fastify.get(
    '/orders/:id',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('orders', 'One order, with its shopper, tracking and history', 'shop managers'),
        params: idParamsSchema,
        response: { 200: staffOrderResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const order = await orderRepository.getStaffOrder(fastify.db, request.params.id);
      if (!order) throw new HttpError(404, 'There is no such order');
      return { data: order };
    },
  );

  fastify.post(
    '/orders/:id/transition',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'orders',
          'Move an order on: placed → confirmed → shipped (courier and tracking ID required) → delivered; placed or ' +
            'confirmed → cancelled (stock and coupon use given back). Any other move is 409 with the reason. The ' +
            'shopper is mailed.',
          'shop managers',
          true,
        ),
        params: idParamsSchema,
        body: orderTransitionSchema,
        response: {
          200: staffOrderResponseSchema,
          ...adminErrorResponses,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await orderRepository.transitionOrder(tx, request.params.id, request.body);
        await recordAudit(tx, request, {
          action: 'transition',
          entity: 'order',
          entityId: after.id,
          before: { status: before.status, tracking: before.tracking },
          after: { status: after.status, tracking: after.tracking, note: request.body.note ?? null },
        });
        return { data: after };
      });
      // Stock may have come back; the shop's lists and pages show it at once. The mail is a worker's job, queued with
      // the change.
      fastify.readCache.catalogChanged();
      return answer;
    },
  );
};

export default orderRoutes;
