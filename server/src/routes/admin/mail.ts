import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pageQuerySchema } from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { deadLetterListResponseSchema, deadLetterRetryResponseSchema } from '../../../../src/contract/dead-letters.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError } from '../../plugins/error-handler.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/**
 * The mail given up on after its last try (dead letters), for admins, who run the site and its mail server: the
 * mail is of every part of the site (orders, accounts, casting), and a retry is worth doing once the server is fixed.
 */
const mailRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { deadLetters } = fastify;
  const admins = { onRequest: fastify.allowRoles() };

  fastify.get(
    '/mail/dead-letters',
    {
      ...admins,
      schema: {
        ...adminRouteSchema('mail', 'Mail given up on after its last try, most recently tried first', 'admins'),
        querystring: pageQuerySchema,
        response: { 200: deadLetterListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => deadLetters.list(request.query),
  );

  fastify.post(
    '/mail/dead-letters/:id/retry',
    {
      ...admins,
      schema: {
        ...adminRouteSchema('mail', 'Send a dead letter again, with a fresh set of tries', 'admins', true),
        params: idParamsSchema,
        response: { 200: deadLetterRetryResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const retried = await deadLetters.retry(tx, request.params.id);
        if (!retried) throw new HttpError(404, 'There is no such mail waiting for a retry', 'id');
        await recordAudit(tx, request, {
          action: 'retry',
          entity: 'mail',
          entityId: retried.id,
          before: {
            to: retried.to,
            subject: retried.subject,
            kind: retried.kind,
            tries: retried.tries,
            last_error: retried.last_error,
          },
        });
        return { data: { id: retried.id, queued: true } };
      }),
  );
};

export default mailRoutes;
