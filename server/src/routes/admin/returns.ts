import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  grievanceAnswerSchema,
  grievanceListQuerySchema,
  grievanceListSchema,
  grievanceOfficerResponseSchema,
  grievanceOfficerSchema,
  grievanceResponseSchema,
  returnListSchema,
  returnResponseSchema,
  returnTransitionSchema,
} from '../../../../src/contract/returns.js';
import type { Role } from '../../../../src/contract/roles.js';
import { recordAudit } from '../../lib/audit.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/**
 * Returns and grievances in the back office: shop managers move a return on (approve or reject, book the pick-up,
 * receive, refund or replace); complaints are listed by the clock due first and acknowledged and resolved with words
 * to the complainant (personal-data requests by admins); the grievance officer's details are staff settings.
 */
const returnAdminRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { returnRepository } = fastify;
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/orders/:id/returns',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('orders', 'The returns of an order, with each step', 'shop managers'),
        params: idParamsSchema,
        response: { 200: returnListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({ data: await returnRepository.listReturns(fastify.db, request.params.id, null) }),
  );

  fastify.post(
    '/returns/:id/transition',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'orders',
          'Move a return on: requested → approved or rejected (words required) → pickup_scheduled (courier, tracking ' +
            'ID, date) → received (restock: true puts the items back in stock) → refunded (through the order’s ' +
            'refund, at most what remains of its total) or replaced. Any other move is 409. The shopper is told.',
          'shop managers',
          true,
        ),
        params: idParamsSchema,
        body: returnTransitionSchema,
        response: {
          200: returnResponseSchema,
          ...adminErrorResponses,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await returnRepository.transitionReturn(tx, request.params.id, request.body);
        await recordAudit(tx, request, {
          action: 'transition',
          entity: 'return',
          entityId: after.id,
          before: { status: before.status },
          after: { status: after.status, note: request.body.note ?? null },
        });
        return { data: after };
      });
      // Received items may be back in stock.
      fastify.readCache.catalogChanged();
      return answer;
    },
  );

  fastify.get(
    '/grievances',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'orders',
          'Complaints, the clock due first first (48 hours to acknowledge, a month to resolve); resolved ones last',
          'shop managers',
        ),
        querystring: grievanceListQuerySchema,
        response: { 200: grievanceListSchema, ...adminErrorResponses },
      },
    },
    async (request) => ({
      data: await returnRepository.listGrievances(
        request.query.open === undefined ? undefined : request.query.open === 'true',
        request.user!.role as Role,
      ),
    }),
  );

  for (const step of ['acknowledged', 'resolved'] as const) {
    fastify.post(
      `/grievances/:id/${step === 'acknowledged' ? 'acknowledge' : 'resolve'}`,
      {
        ...managers,
        schema: {
          ...adminRouteSchema(
            'orders',
            step === 'acknowledged'
              ? 'Acknowledge a complaint with words mailed to the complainant'
              : 'Resolve a complaint with words mailed to the complainant',
            'shop managers (personal-data requests: admins)',
            true,
          ),
          params: idParamsSchema,
          body: grievanceAnswerSchema,
          response: {
            200: grievanceResponseSchema,
            ...adminErrorResponses,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) =>
        fastify.runIdempotent(request, reply, async (tx) => {
          const ticket = await returnRepository.answerGrievance(
            tx,
            request.params.id,
            step,
            request.body.note,
            request.user!.role as Role,
          );
          await recordAudit(tx, request, { action: step, entity: 'grievance', entityId: ticket.id });
          return { data: ticket };
        }),
    );
  }

  fastify.get(
    '/grievance-officer',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('settings', 'The grievance officer the site names', 'shop managers'),
        response: { 200: grievanceOfficerResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: await returnRepository.getOfficer() }),
  );

  fastify.put(
    '/grievance-officer',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('settings', 'Change the grievance officer the site names', 'shop managers', true),
        body: grievanceOfficerSchema,
        response: { 200: grievanceOfficerResponseSchema, ...adminErrorResponses },
      },
    },
    async (request, reply) => {
      const answer = await fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await returnRepository.setOfficer(tx, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'grievance-officer', before, after });
        return { data: after };
      });
      fastify.readCache.contentChanged();
      return answer;
    },
  );
};

/** The grievance officer's details, for the public page the footer links to (Rule 4(4)). */
export const grievanceOfficerRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/grievance-officer',
    {
      schema: {
        tags: ['site'],
        summary: 'The grievance officer: name, designation, phone, email and address',
        response: { 200: z.object({ data: grievanceOfficerSchema }) },
      },
    },
    async () => ({ data: await fastify.returnRepository.getOfficer() }),
  );
};

export default returnAdminRoutes;
