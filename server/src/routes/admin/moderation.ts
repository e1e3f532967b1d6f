import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  handleParamsSchema,
  moderationDecisionSchema,
  moderationQueueQuerySchema,
  moderationQueueResponseSchema,
} from '../../../../src/contract/profiles.js';
import {
  callParamsSchema,
  moderationCallListResponseSchema,
  moderationCallQuerySchema,
  unpublishSchema,
} from '../../../../src/contract/casting.js';
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
  hide: {
    summary:
      'Hide a profile from the public, with a `reason` the member sees: its casting calls go down with it, and their applicants are told',
    answer: 'The profile is hidden',
  },
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
          response: {
            200: messageResponseSchema,
            ...adminErrorResponses,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) => {
        const result = await fastify.runIdempotent(request, reply, async (tx) => {
          const { before, after, profileId } = await moderationRepository.decide(
            tx,
            request.params.handle,
            action,
            request.body.reason,
            request.user!.id,
          );
          // A hidden profile takes its casting calls down with it; its applicants are told.
          const callsWithdrawn =
            action === 'hide'
              ? await fastify.castingRepository.withdrawCallsOf(
                  tx,
                  profileId,
                  `Its poster’s profile was hidden by a moderator: ${request.body.reason}`,
                )
              : 0;
          await recordAudit(tx, request, {
            action,
            entity: 'profile',
            entityId: request.params.handle,
            before,
            after: {
              ...after,
              reason: request.body.reason,
              ...(action === 'hide' ? { calls_withdrawn: callsWithdrawn } : {}),
            },
          });
          return { message: answer };
        });
        // The home page's tiles count the listed profiles.
        fastify.readCache.contentChanged();
        return result;
      },
    );
  }

  fastify.get(
    '/moderation/casting-calls',
    {
      ...moderators,
      schema: {
        ...adminRouteSchema(
          'moderation',
          'Casting calls waiting to be published (`queue=pending`), or published with open reports (`queue=reported`)',
          'moderators',
        ),
        querystring: moderationCallQuerySchema,
        response: { 200: moderationCallListResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => fastify.castingRepository.moderationQueue(request.query),
  );

  for (const action of ['publish', 'unpublish'] as const) {
    fastify.post(
      `/moderation/casting-calls/:id/${action}`,
      {
        ...moderators,
        schema: {
          ...adminRouteSchema(
            'moderation',
            action === 'publish'
              ? 'Publish a pending (or unpublished) casting call'
              : 'Unpublish a casting call, with a `reason` its poster sees',
            'moderators',
            true,
          ),
          params: callParamsSchema,
          ...(action === 'unpublish' ? { body: unpublishSchema } : {}),
          response: {
            200: messageResponseSchema,
            ...adminErrorResponses,
            404: errorResponseSchema,
            409: errorResponseSchema,
          },
        },
      },
      async (request, reply) =>
        fastify.runIdempotent(request, reply, async (tx) => {
          const reason = action === 'unpublish' ? (request.body as { reason: string }).reason : null;
          const { before, after } = await fastify.castingRepository.moderate(
            tx,
            request.params.id,
            action,
            reason,
            request.user!.id,
          );
          await recordAudit(tx, request, {
            action,
            entity: 'casting_call',
            entityId: request.params.id,
            before,
            // The reason the poster was given, in the record as well as in the call.
            after: reason === null ? after : { ...after, reason },
          });
          return { message: action === 'publish' ? 'The call is published' : 'The call is unpublished' };
        }),
    );
  }
};

export default moderationRoutes;
