import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  GUARDIAN_RESEND_MINUTES,
  guardianConsentResponseSchema,
  guardianReplyInputSchema,
  guardianThreadResponseSchema,
  guardianTokenSchema,
  replyInputSchema,
} from '../../../../src/contract/profiles.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { shopErrorResponses, signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** Tokens are 256 bits: guessing is hopeless, but a page that is hammered is still slowed, per address. */
const GUARDIAN_RATE_LIMIT = { max: 60, timeWindow: 15 * 60 * 1000 } as const; // 15 minutes

/**
 * What a guardian does without an account, by the token of a link mailed to them: confirm or withdraw consent to a
 * minor's profile, read and answer a poster's messages. The token goes in the body, never in an address (logs).
 */
export const guardianRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { guardianConsentRepository, guardianMessageRepository } = fastify;
  const config = { rateLimit: GUARDIAN_RATE_LIMIT };
  const errors = {
    400: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    429: errorResponseSchema,
  };

  fastify.post(
    '/guardian/consent',
    {
      config,
      schema: {
        tags: ['network'],
        summary: 'A guardian’s consent, by the token of its link: whose profile, and whether it is confirmed',
        body: guardianTokenSchema,
        response: { 200: guardianConsentResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await guardianConsentRepository.get(request.body.token) }),
  );

  for (const action of ['confirm', 'withdraw'] as const) {
    fastify.post(
      `/guardian/consent/${action}`,
      {
        config,
        schema: {
          tags: ['network'],
          summary:
            action === 'confirm'
              ? 'The guardian confirms the minor’s profile (consent is recorded now)'
              : 'The guardian withdraws consent: the profile is hidden and its applications withdrawn',
          body: guardianTokenSchema,
          response: { 200: guardianConsentResponseSchema, ...errors },
        },
      },
      async (request) => ({
        data: await fastify.db.transaction((tx) => guardianConsentRepository[action](tx, request.body.token)),
      }),
    );
  }

  fastify.post(
    '/guardian/messages/read',
    {
      config,
      schema: {
        tags: ['network'],
        summary: 'The messages about a minor’s application, by the token of the link mailed to the guardian',
        body: guardianTokenSchema,
        response: { 200: guardianThreadResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await guardianMessageRepository.forGuardian(request.body.token) }),
  );

  fastify.post(
    '/guardian/messages',
    {
      config,
      schema: {
        tags: ['network'],
        summary: 'The guardian answers the poster (told in their account and by mail)',
        body: guardianReplyInputSchema,
        response: { 201: guardianThreadResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, message } = request.body;
      await fastify.db.transaction((tx) => guardianMessageRepository.reply(tx, token, message));
      return reply.code(201).send({ data: await guardianMessageRepository.forGuardian(token) });
    },
  );
};

/** What a signed-in member does about a guardian: ask for the confirmation mail again; a poster's messages. */
export const memberGuardianRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { guardianConsentRepository, guardianMessageRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };

  fastify.post(
    '/me/profile/guardian/resend',
    {
      onRequest: fastify.requireConfirmedEmail,
      schema: {
        ...userRouteSchema(
          'network',
          `A member under 18 asks for the guardian’s confirmation mail again (once per ${GUARDIAN_RESEND_MINUTES} minutes, else 429 with Retry-After)`,
        ),
        response: { 200: messageResponseSchema, 429: errorResponseSchema, ...shopErrorResponses },
      },
    },
    async (request) => {
      await fastify.db.transaction((tx) => guardianConsentRepository.resend(tx, signedInUser(request).id));
      return { message: 'The mail is on its way to your guardian' };
    },
  );

  fastify.get(
    '/applications/:id/guardian-messages',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The poster’s messages with an applicant’s guardian (an applicant under 18)'),
        params: idParamsSchema,
        response: { 200: guardianThreadResponseSchema, ...shopErrorResponses },
      },
    },
    async (request) => ({
      data: await guardianMessageRepository.forPoster(signedInUser(request).id, request.params.id),
    }),
  );

  fastify.post(
    '/applications/:id/guardian-messages',
    {
      ...auth,
      onRequest: fastify.requireConfirmedEmail,
      schema: {
        ...userRouteSchema(
          'casting',
          'The poster writes about an application of a member under 18: mailed to the confirmed guardian, never to the member',
          true,
        ),
        params: idParamsSchema,
        body: replyInputSchema,
        response: { 201: guardianThreadResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        await guardianMessageRepository.write(tx, userId, request.params.id, request.body.message);
        return { data: await guardianMessageRepository.forPoster(userId, request.params.id, tx) };
      });
    },
  );
};
