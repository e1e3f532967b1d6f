import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  couponInputSchema,
  staffCouponListResponseSchema,
  staffCouponResponseSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { recordAudit } from '../../lib/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** Coupons, for shop managers: every rule the shop applies; a used coupon is switched off, never deleted. */
const couponRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { couponRepository } = fastify;
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/coupons',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('coupons', 'Every coupon, by code, with its uses', 'shop managers'),
        response: { 200: staffCouponListResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: await couponRepository.listStaffCoupons() }),
  );

  fastify.post(
    '/coupons',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('coupons', 'Add a coupon', 'shop managers', true),
        body: couponInputSchema,
        response: { 201: staffCouponResponseSchema, ...adminErrorResponses, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        const coupon = await couponRepository.createCoupon(tx, request.body);
        await recordAudit(tx, request, { action: 'create', entity: 'coupon', entityId: coupon.id, after: coupon });
        return { data: coupon };
      });
    },
  );

  fastify.put(
    '/coupons/:id',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('coupons', 'Change a coupon, or switch it off (`active: false`)', 'shop managers', true),
        params: idParamsSchema,
        body: couponInputSchema,
        response: {
          200: staffCouponResponseSchema,
          ...adminErrorResponses,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await couponRepository.updateCoupon(tx, request.params.id, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'coupon', entityId: after.id, before, after });
        return { data: after };
      }),
  );
};

export default couponRoutes;
