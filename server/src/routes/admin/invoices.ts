import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { staffOrderListQuerySchema } from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  invoiceListResponseSchema,
  type ShopLegal,
  shopLegalInputSchema,
  shopLegalResponseSchema,
} from '../../../../src/contract/gst.js';
import type { Database } from '../../db/client.js';
import { shopLegal } from '../../db/schema.js';
import { recordAudit } from '../../lib/audit.js';
import { documentsOfOrder, invoiceRegisterCsv, invoiceSummaryOf } from '../../lib/invoices.js';
import { HttpError } from '../../plugins/error-handler.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

const invoiceParamsSchema = z.object({ ...idParamsSchema.shape, invoiceId: idParamsSchema.shape.id });

/** The days of the register, as the orders' list takes them. */
const registerQuerySchema = z.object({
  from: staffOrderListQuerySchema.shape.from,
  to: staffOrderListQuerySchema.shape.to,
});

async function legalOf(executor: Database): Promise<ShopLegal | null> {
  const [row] = await executor.select().from(shopLegal).where(eq(shopLegal.id, 1));
  return row ? { legal_name: row.legalName, address: row.address, state_code: row.stateCode, gstin: row.gstin } : null;
}

/**
 * The shop's legal details for its tax invoices, the invoices and credit notes of an order, and the register of them
 * for the accountant: for shop managers.
 */
const invoiceRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db } = fastify;
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/shop-legal',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('invoices', 'The legal name, address, state and GSTIN on tax invoices', 'shop managers'),
        response: { 200: shopLegalResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: await legalOf(db) }),
  );

  fastify.put(
    '/shop-legal',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'invoices',
          'Set the legal name, address, state and GSTIN (checked: 15 characters, the state’s code, the check ' +
            'character) printed on tax invoices issued from now on',
          'shop managers',
          true,
        ),
        body: shopLegalInputSchema,
        response: { 200: shopLegalResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const before = await legalOf(tx);
        const values = {
          legalName: request.body.legal_name,
          address: request.body.address,
          stateCode: request.body.state_code,
          gstin: request.body.gstin,
        };
        await tx
          .insert(shopLegal)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: shopLegal.id, set: { ...values, updatedAt: sql`now()` } });
        const after = await legalOf(tx);
        await recordAudit(tx, request, { action: 'update', entity: 'shop_legal', before, after });
        return { data: after };
      }),
  );

  fastify.get(
    '/orders/:id/invoices',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('invoices', 'An order’s tax invoice and credit notes', 'shop managers'),
        params: idParamsSchema,
        response: { 200: invoiceListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ data: (await documentsOfOrder(db, request.params.id)).map(invoiceSummaryOf) }),
  );

  fastify.get(
    '/orders/:id/invoices/:invoiceId/pdf',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('invoices', 'The PDF of an order’s tax invoice or credit note', 'shop managers'),
        params: invoiceParamsSchema,
        produces: ['application/pdf'],
        response: { ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await fastify.invoices.send(request.params.id, request.params.invoiceId, reply);
    },
  );

  fastify.get(
    '/invoices.csv',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'invoices',
          'The register of tax invoices and credit notes issued (days in India, `from` to `to`), a line per document ' +
            'and GST rate with the taxable value and each tax (a credit note’s positive, as GSTR-1 has them): for the ' +
            'accountant',
          'shop managers',
        ),
        querystring: registerQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const { from, to } = request.query;
      if (from && to && from > to) throw new HttpError(400, 'The last day cannot be before the first', 'to');
      const csv = await invoiceRegisterCsv(db, { ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const days = [from, to].filter(Boolean).join('-to-');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="cineverse-invoices${days ? `-${days}` : ''}.csv"`)
        .send(csv);
    },
  );
};

export default invoiceRoutes;
