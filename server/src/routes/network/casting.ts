import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  applicantListQuerySchema,
  applicantListResponseSchema,
  applicationInputSchema,
  applicationResponseSchema,
  bulkTransitionResponseSchema,
  bulkTransitionSchema,
  callCardSchema,
  callInputSchema,
  callListQuerySchema,
  callListResponseSchema,
  callParamsSchema,
  callReportSchema,
  callResponseSchema,
  myApplicationListResponseSchema,
  myCallListResponseSchema,
  posterNoteSchema,
  roleParamsSchema,
  transitionInputSchema,
  undoDecisionSchema,
} from '../../../../src/contract/casting.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { shopErrorResponses, signedInUser, userRouteSchema } from '../shop/route-helpers.js';
import { viewerOf } from './viewer.js';

/** Casting calls as everyone reads them: the open calls, and a call's page. */
export const publicCastingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { castingRepository } = fastify;

  fastify.get(
    '/casting-calls',
    {
      schema: {
        tags: ['casting'],
        summary: 'Open casting calls: published, before their deadline, with an open role matching the filters',
        description:
          'Newest first; with `closing_soon=true`, the calls closing within 7 days, soonest first. A city filter ' +
          'also finds remote calls.',
        querystring: callListQuerySchema,
        response: { 200: callListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request) => castingRepository.list(request.query),
  );

  fastify.get(
    '/casting-calls/:id',
    {
      schema: {
        tags: ['casting'],
        summary: 'A casting call with its roles (pending or unpublished: its poster and staff only)',
        params: callParamsSchema,
        response: { 200: callResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(fastify, request, reply);
      return { data: await castingRepository.get(request.params.id, viewer) };
    },
  );
};

const withCall = { 200: callResponseSchema, ...shopErrorResponses, 403: errorResponseSchema };

/** What signed-in members do: post and manage calls, apply, and follow their applications. */
export const memberCastingRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { applicationRepository, castingRepository, savedCallRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };
  // Posting and applying reach other people: only with a confirmed email.
  const confirmed = { onRequest: fastify.requireConfirmedEmail };

  fastify.post(
    '/casting-calls',
    {
      ...confirmed,
      schema: {
        ...userRouteSchema(
          'casting',
          'Post a casting call (a production house, a studio or a casting director): published at once for a verified poster, otherwise after a moderator',
          true,
        ),
        body: callInputSchema,
        response: { ...withCall, 201: callResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => ({
        data: await castingRepository.create(tx, signedInUser(request).id, request.body),
      }));
    },
  );

  fastify.put(
    '/casting-calls/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Edit one of the caller’s calls (roles keep their id; a role with applications is closed, not removed)',
          true,
        ),
        params: callParamsSchema,
        body: callInputSchema,
        response: withCall,
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await castingRepository.update(tx, signedInUser(request).id, request.params.id, request.body),
      })),
  );

  fastify.get(
    '/me/casting-calls',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The caller’s calls, newest first, with their applications counted'),
        response: { 200: myCallListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await castingRepository.mine(signedInUser(request).id) }),
  );

  fastify.post(
    '/casting-calls/:id/roles/:roleId/close',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Close a role of the caller’s call: every applicant not selected is told "not selected" at once',
          true,
        ),
        params: roleParamsSchema,
        response: withCall,
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await castingRepository.closeRole(tx, signedInUser(request).id, request.params.id, request.params.roleId),
      })),
  );

  fastify.post(
    '/casting-calls/:id/roles/:roleId/applications',
    {
      ...confirmed,
      schema: {
        ...userRouteSchema(
          'casting',
          'Apply to a role from the caller’s profile (a name, a city and a main photo): one application per role (409), none after the deadline (422)',
          true,
        ),
        params: roleParamsSchema,
        body: applicationInputSchema,
        response: { 201: applicationResponseSchema, ...shopErrorResponses, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => ({
        data: await applicationRepository.apply(
          tx,
          signedInUser(request).id,
          request.params.id,
          request.params.roleId,
          request.body,
        ),
      }));
    },
  );

  fastify.get(
    '/me/applications',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The caller’s applications, the latest change first'),
        response: { 200: myApplicationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await applicationRepository.myApplications(signedInUser(request).id) }),
  );

  fastify.post(
    '/applications/:id/withdraw',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'Withdraw one of the caller’s applications (until a decision is made)', true),
        params: idParamsSchema,
        response: { 200: applicationResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await applicationRepository.withdraw(tx, signedInUser(request).id, request.params.id),
      })),
  );

  fastify.get(
    '/casting-calls/:id/applications',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The applicants of the caller’s call: by role and status, filtered and sorted'),
        params: callParamsSchema,
        querystring: applicantListQuerySchema,
        response: {
          200: applicantListResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => applicationRepository.applicants(signedInUser(request).id, request.params.id, request.query),
  );

  fastify.get(
    '/casting-calls/:id/applications.csv',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'The call’s applicants as one CSV file for a spreadsheet (every role, with a Role column; UTF-8 with a byte-order mark; times in India as `28 Nov 2026 11:09`), named after the call and the day',
        ),
        params: callParamsSchema,
        querystring: applicantListQuerySchema,
        produces: ['text/csv'],
        // The file is text (its rows are the CSV's); errors are JSON, like every other call's.
        response: { 200: z.string(), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, csv } = await applicationRepository.applicantsCsv(
        signedInUser(request).id,
        request.params.id,
        request.query,
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(csv);
    },
  );

  fastify.post(
    '/applications/:id/transition',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'The poster moves an application (`to`: viewed, shortlisted, callback with `callback_at` and `callback_place`, selected, not_selected; the applicant is told of selected and not_selected 10 s later, and may be undone until then); the applicant answers a callback (`callback_answer`)',
          true,
        ),
        params: idParamsSchema,
        body: transitionInputSchema,
        response: { 200: applicationResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await applicationRepository.transition(tx, signedInUser(request).id, request.params.id, request.body),
      })),
  );

  fastify.post(
    '/casting-calls/:id/applications/transition',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Move several applications of the caller’s call at once (all or none): their applicants are told at `undo_until`, 10 s later, and the move may be undone until then',
          true,
        ),
        params: callParamsSchema,
        body: bulkTransitionSchema,
        response: { 200: bulkTransitionResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        applicationRepository.bulkTransition(
          tx,
          signedInUser(request).id,
          request.params.id,
          request.body.ids,
          request.body.to,
        ),
      ),
  );

  fastify.post(
    '/casting-calls/:id/applications/undo',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Undo decisions on applications of the caller’s call before their applicants are told (all or none; 409 once told)',
          true,
        ),
        params: callParamsSchema,
        body: undoDecisionSchema,
        response: { 200: z.object({ undone: z.int() }), ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        applicationRepository.undoDecisions(tx, signedInUser(request).id, request.params.id, request.body.ids),
      ),
  );

  fastify.put(
    '/applications/:id/poster-note',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'The poster’s private note on an application (the applicant never sees it)',
          true,
        ),
        params: idParamsSchema,
        body: posterNoteSchema,
        response: { 200: messageResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        await applicationRepository.setPosterNote(tx, signedInUser(request).id, request.params.id, request.body.note);
        return { message: 'Note saved' };
      }),
  );

  fastify.get(
    '/me/saved-calls',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The calls the caller saved, the latest first'),
        response: { 200: z.object({ data: z.array(callCardSchema) }), 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await savedCallRepository.saved(signedInUser(request).id) }),
  );

  for (const [method, saved] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    fastify.route({
      method,
      url: '/me/saved-calls/:id',
      ...auth,
      schema: {
        ...userRouteSchema('casting', saved ? 'Save a call for later' : 'Forget a saved call', true),
        params: callParamsSchema,
        response: { 200: messageResponseSchema, ...shopErrorResponses },
      },
      handler: async (request, reply) =>
        fastify.runIdempotent(request, reply, async (tx) => {
          await savedCallRepository.save(tx, signedInUser(request).id, request.params.id, saved);
          return { message: saved ? 'Saved' : 'Removed from your saved calls' };
        }),
    });
  }

  fastify.post(
    '/casting-calls/:id/report',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'Report a call (it asks for money, it is fake, it is inappropriate)', true),
        params: callParamsSchema,
        body: callReportSchema,
        response: { 201: messageResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        await savedCallRepository.report(tx, signedInUser(request).id, request.params.id, request.body);
        return { message: 'Thank you: a moderator will look at this call' };
      });
    },
  );
};
