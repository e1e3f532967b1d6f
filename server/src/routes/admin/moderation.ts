import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  handleParamsSchema,
  moderationDecisionSchema,
  moderationQueueQuerySchema,
  moderationQueueResponseSchema,
} from '../../../../src/contract/profiles.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { recordAudit } from '../../lib/audit.js';
import type { ModerationAction } from '../../plugins/moderation-repository.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

const decisions: Record<ModerationAction, { summary: string; answer: string }> = {
  verify: { summary: 'Verify a profile: the badge shows `reason`', answer: 'The profile is verified' },
  refuse: {
    summary: 'Refuse a verification request with a `reason` the member sees',
    answer: 'The request is refused',
  },
  hide: { summary: 'Hide a profile from the public, with a `reason` the member sees', answer: 'The profile is hidden' },
};

/** The member network's moderation, for moderators: the queue of requests and reports, and the decisions. */
const moderationRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { moderationRepository } = fastify;
  const moderators = { onRequest: fastify.allowRoles('moderator') };

  fastify.get(
    '/moderation/queue',
    {
      ...moderators,
      schema: {
        ...adminRouteSchema('moderation', 'Open verification requests and reports, oldest first', 'moderators'),
        querystring: moderationQueueQuerySchema,
        response: { 200: moderationQueueResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => moderationRepository.queue(request.query),
  );

  for (const [action, { summary, answer }] of Object.entries(decisions) as [
    ModerationAction,
    (typeof decisions)[ModerationAction],
  ][]) {
    fastify.post(
      `/moderation/profiles/:handle/${action}`,
      {
        ...moderators,
        schema: {
          ...adminRouteSchema('moderation', summary, 'moderators', true),
          params: handleParamsSchema,
          body: moderationDecisionSchema,
          response: { 200: messageResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const result = await fastify.runIdempotent(request, reply, async (tx) => {
          const { before, after } = await moderationRepository.decide(
            tx,
            request.params.handle,
            action,
            request.body.reason,
          );
          await recordAudit(tx, request, { action, entity: 'profile', entityId: request.params.handle, before, after });
          return { message: answer };
        });
        // The home page's tiles count the listed profiles.
        fastify.readCache.contentChanged();
        return result;
      },
    );
  }
};

export default moderationRoutes;
