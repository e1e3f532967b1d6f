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
  publishSchema,
  unpublishSchema,
} from '../../../../src/contract/casting.js';
import {
  moderationCountsSchema,
  moderationHistoryQuerySchema,
  moderationHistoryResponseSchema,
} from '../../../../src/contract/moderation.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError } from '../../plugins/error-handler.js';
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
  approve: {
    summary: 'List a new organisation held for review (its words looked like a scam’s), with a `reason`',
    answer: 'The profile is listed',
  },
};

/** The reason sent with a call's publication or unpublication (already checked for an unpublication), or null. */
function reasonOf(action: 'publish' | 'unpublish', body: unknown): string | null {
  if (action === 'unpublish') return (body as { reason: string }).reason;
  const checked = publishSchema.safeParse(body ?? {});
  if (!checked.success) throw new HttpError(400, checked.error.issues[0]?.message ?? 'Check the reason', 'reason');
  return checked.data.reason || null;
}

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

  fastify.get(
    '/moderation/counts',
    {
      ...moderators,
      schema: {
        ...adminRouteSchema('moderation', 'How many items wait in each tab of the queue', 'moderators'),
        response: { 200: moderationCountsSchema, ...adminErrorResponses },
      },
    },
    async () => moderationRepository.counts(),
  );

  fastify.get(
    '/moderation/history',
    {
      ...moderators,
      schema: {
        ...adminRouteSchema('moderation', 'Moderators’ decisions, newest first, each with its reason', 'moderators'),
        querystring: moderationHistoryQuerySchema,
        response: { 200: moderationHistoryResponseSchema, ...adminErrorResponses },
      },
    },
    async (request) => moderationRepository.history(request.query),
  );

  fastify.post(
    '/moderation/reports/:id/dismiss',
    {
      ...moderators,
      schema: {
        ...adminRouteSchema(
          'moderation',
          'Dismiss a report of a profile, with a `reason` the queue’s history shows',
          'moderators',
          true,
        ),
        params: idParamsSchema,
        body: moderationDecisionSchema,
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
        const { before, after, handle } = await moderationRepository.dismiss(
          tx,
          request.params.id,
          request.body.reason,
          request.user!.id,
        );
        await recordAudit(tx, request, {
          action: 'dismiss',
          entity: 'profile_report',
          entityId: request.params.id,
          before: { ...before, handle },
          after: { ...after, handle, reason: request.body.reason },
        });
        return { message: 'The report is dismissed' };
      }),
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
          const withdrawnReason = `Its poster’s profile was hidden by a moderator: ${request.body.reason}`;
          const withdrawn =
            action === 'hide' ? await fastify.moderationRepository.withdrawCallsOf(tx, profileId, withdrawnReason) : [];
          // Each call taken down is an unpublishing of its own, with its reason, as a moderator's own would be.
          for (const call of withdrawn) {
            await recordAudit(tx, request, {
              action: 'unpublish',
              entity: 'casting_call',
              entityId: call.id,
              after: { title: call.title, status: 'unpublished', reason: withdrawnReason },
            });
          }
          await recordAudit(tx, request, {
            action,
            entity: 'profile',
            entityId: request.params.handle,
            before,
            after: {
              ...after,
              reason: request.body.reason,
              ...(action === 'hide' ? { calls_withdrawn: withdrawn.length } : {}),
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

  fastify.post(
    '/moderation/casting-calls/:id/dismiss-reports',
    {
      ...moderators,
      schema: {
        ...adminRouteSchema(
          'moderation',
          'Dismiss the open reports of a casting call, with a `reason` the queue’s history shows: the call stays',
          'moderators',
          true,
        ),
        params: callParamsSchema,
        body: moderationDecisionSchema,
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
        const { title, closed } = await fastify.moderationRepository.dismissReports(
          tx,
          request.params.id,
          request.user!.id,
        );
        await recordAudit(tx, request, {
          action: 'dismiss',
          entity: 'call_reports',
          entityId: request.params.id,
          before: { title, open_reports: closed },
          after: { title, open_reports: 0, reason: request.body.reason },
        });
        return { message: closed === 1 ? 'The report is dismissed' : 'The reports are dismissed' };
      }),
  );

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
    async (request) => fastify.moderationRepository.moderationQueue(request.query),
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
              ? 'Publish a pending (or unpublished) casting call; an optional `reason` is kept in the audit log'
              : 'Unpublish a casting call, with a `reason` its poster sees',
            'moderators',
            true,
          ),
          params: callParamsSchema,
          // Publishing may come with no body at all; its optional reason is checked in the handler.
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
          // Unpublishing needs a reason (the poster reads it); publishing keeps one when the moderator gives it.
          const reason = reasonOf(action, request.body);
          const { before, after } = await fastify.moderationRepository.moderate(
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
            after: { ...after, reason },
          });
          return { message: action === 'publish' ? 'The call is published' : 'The call is unpublished' };
        }),
    );
  }
};

export default moderationRoutes;
