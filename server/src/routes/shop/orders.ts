import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { appliedCouponSchema, applyCouponRequestSchema, couponListSchema } from '../../../../src/contract/coupons.js';
import {
  completeOrderRequestSchema,
  getOrdersRequestSchema,
  orderListSchema,
  orderResponseSchema,
  orderSaving,
  orderTotals,
} from '../../../../src/contract/orders.js';
import { refuseCashOnDelivery } from '../../lib/delivery-settings.js';
import { checkAddressPin } from '../../lib/pin-directory.js';
import { HttpError } from '../../plugins/error-handler.js';
import { shopErrorResponses as errors, signedInUser, userRouteSchema } from './route-helpers.js';

/** Coupons, checkout and orders. Every amount is computed here from the database; the body only chooses. */
const orderRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { cartRepository, couponRepository, orderRepository, db } = fastify;
  const auth = { onRequest: fastify.authenticate };

  /** Stock moved (or may have): cached product answers go once the transaction has committed or failed. */
  async function changingStock<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } finally {
      fastify.readCache.catalog.clear();
    }
  }

  fastify.get(
    '/coupons',
    {
      ...auth,
      schema: {
        ...userRouteSchema('coupons', 'Coupons the user can use today, with what each saves on their cart'),
        response: { 200: couponListSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const userId = signedInUser(request).id;
      const { subtotal } = await cartRepository.getCart(db, userId);
      return { data: await couponRepository.listUsable(userId, subtotal), subtotal };
    },
  );

  fastify.post(
    '/applyCoupon',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'coupons',
          'Check a coupon against the current cart: the discount, or a 422 saying why not. With `current` (the ' +
            'coupon applied now), the one of the two the shopper pays less with, with the other beside it',
          true,
        ),
        body: applyCouponRequestSchema,
        response: { 200: appliedCouponSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const userId = signedInUser(request).id;
        const cart = await cartRepository.getCart(tx, userId);
        const { code, current } = request.body;
        const coupon = await couponRepository.evaluate(tx, { userId, code, subtotal: cart.subtotal, field: 'code' });
        // A second code never silently replaces a better first one: the better stays, the other is named beside it.
        const kept =
          current && current !== coupon.code
            ? await couponRepository
                .evaluate(tx, { userId, code: current, subtotal: cart.subtotal, field: 'current' })
                .catch((error: unknown) => {
                  // The applied coupon no longer applies (the cart or the coupon changed): the new one is all there is.
                  if (error instanceof HttpError && error.statusCode === 422) return null;
                  throw error;
                })
            : null;
        // What the shopper pays decides, not the discount: free shipping from ₹499 after the discount means a bigger
        // discount can cost more.
        const pays = (discount: number) => orderTotals(cart.subtotal, discount).total;
        const [chosen, other] = kept && pays(kept.discount) <= pays(coupon.discount) ? [kept, coupon] : [coupon, kept];
        return {
          data: {
            code: chosen.code,
            description: chosen.description,
            ...orderTotals(cart.subtotal, chosen.discount),
            saving: orderSaving(cart.subtotal, chosen.discount),
            ...(other
              ? {
                  other: {
                    code: other.code,
                    description: other.description,
                    discount: other.discount,
                    saving: orderSaving(cart.subtotal, other.discount),
                  },
                }
              : {}),
          },
        };
      }),
  );

  fastify.post(
    '/completeOrder',
    {
      ...auth,
      schema: {
        ...userRouteSchema('orders', 'Place an order for the whole cart, cash on delivery', true),
        body: completeOrderRequestSchema,
        response: { 201: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const address = checkAddressPin(request.body.address, 'address.');
      return changingStock(
        fastify.runIdempotent(request, reply, async (tx) => {
          const order = await orderRepository.placeOrder(tx, signedInUser(request).id, {
            address,
            paymentMethod: request.body.payment_method,
            couponCode: request.body.coupon_code,
            expectedTotal: request.body.expected_total,
            saveAddress: request.body.save_address ?? false,
          });
          // Refused after the total is known: throwing here rolls the whole order back (stock, coupon, cart, mail).
          if (order.payment_method === 'cod') await refuseCashOnDelivery(tx, order.address.pincode, order.total);
          return { data: order };
        }),
      );
    },
  );

  fastify.post(
    '/getOrders',
    {
      ...auth,
      schema: {
        ...userRouteSchema('orders', 'A page of the user\u2019s orders, newest first, optionally of one status'),
        body: getOrdersRequestSchema,
        response: { 200: orderListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => orderRepository.listOrders(signedInUser(request).id, request.body),
  );

  fastify.get(
    '/orders/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('orders', 'One order with its items, address and whether it can be cancelled'),
        params: idParamsSchema,
        response: {
          200: orderResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const order = await orderRepository.getOrder(db, signedInUser(request).id, request.params.id);
      if (!order) throw new HttpError(404, 'There is no such order');
      return { data: order };
    },
  );

  fastify.post(
    '/orders/:id/cancel',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'orders',
          'Cancel an order: within 30 days, before it ships, without perishable items',
          true,
        ),
        params: idParamsSchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      changingStock(
        fastify.runIdempotent(request, reply, async (tx) => ({
          data: await orderRepository.cancelOrder(tx, signedInUser(request).id, request.params.id),
        })),
      ),
  );
};

export default orderRoutes;
