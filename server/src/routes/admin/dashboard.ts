import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema, LOW_STOCK_THRESHOLD } from '../../../../src/contract/admin.js';
import { contactMessages, orders, products } from '../../db/schema.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The first page of the back office for the shop's team: what waits for them now. */
const dashboardRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/dashboard',
    {
      onRequest: fastify.allowRoles('shop_manager'),
      schema: {
        ...adminRouteSchema(
          'dashboard',
          'Orders waiting at each step, low stock, new messages, today’s orders',
          'shop managers',
        ),
        response: { 200: dashboardResponseSchema, ...adminErrorResponses },
      },
    },
    async () => {
      const { db } = fastify;
      // Midnight of today in India, whatever the server's own time zone.
      const startOfToday = sql`date_trunc('day', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata'`;
      const [waiting, lowStock, messages, today] = await Promise.all([
        db
          .select({ status: orders.status, count: sql<number>`count(*)::int` })
          .from(orders)
          .where(sql`${orders.status} in ('placed', 'confirmed', 'shipped')`)
          .groupBy(orders.status),
        db
          .select({ id: products.id, name: products.name, stock: products.stock })
          .from(products)
          .where(and(eq(products.active, true), lte(products.stock, LOW_STOCK_THRESHOLD)))
          .orderBy(asc(products.stock), asc(products.name))
          .limit(20),
        db
          .select({ count: sql<number>`count(*)::int` })
          .from(contactMessages)
          .where(eq(contactMessages.status, 'new')),
        db
          .select({ count: sql<number>`count(*)::int`, total: sql<number>`coalesce(sum(${orders.total}), 0)::int` })
          .from(orders)
          .where(
            and(
              gte(orders.createdAt, startOfToday),
              sql`${orders.status} not in ('cancelled', 'awaiting_payment', 'expired')`,
            ),
          ),
      ]);
      const countOf = (status: string) => waiting.find((row) => row.status === status)?.count ?? 0;
      return {
        data: {
          orders_waiting: { placed: countOf('placed'), confirmed: countOf('confirmed'), shipped: countOf('shipped') },
          low_stock: lowStock,
          new_messages: messages[0]?.count ?? 0,
          today_orders: today[0]?.count ?? 0,
          today_total: today[0]?.total ?? 0,
        },
      };
    },
  );
};

export default dashboardRoutes;
