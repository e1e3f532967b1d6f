import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { contactMessageCreatedSchema, contactMessageSchema } from '../../../../src/contract/contact.js';
import { HttpError } from '../../plugins/error-handler.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';

/** Messages one address may send per window: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 } as const; // 15 minutes

export const CONTACT_SUCCESS_MESSAGE = "Message sent successfully! We'll get back to you within 24 hours";

/**
 * The member who sends a message to the team while signed in, or null: anyone may write, and a token that no longer
 * works is taken as no sign-in rather than refused.
 */
async function signedInSender(request: FastifyRequest, reply: FastifyReply): Promise<number | null> {
  if (!request.headers.authorization) return null;
  try {
    await request.server.authenticate(request, reply);
    return request.user?.id ?? null;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return null;
    throw error;
  }
}

/** The contact page's form: validated with the page's own rules and stored for the team to answer. */
const contactRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/contact',
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, `Too many messages from this address. Please try again in ${context.after}.`),
        },
      },
      schema: {
        tags: ['site'],
        summary: 'Send a message to the team (5 per address every 15 minutes)',
        description:
          'With an `Idempotency-Key`, a message sent again (a retry from the offline outbox) is stored once. Sent ' +
          'with a bearer token, it counts toward the member’s messages an hour and a day (429 with Retry-After).',
        body: contactMessageSchema,
        response: { 201: contactMessageCreatedSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      const id = await fastify.contactRepository.createMessage({
        ...request.body,
        ipAddress: request.ip,
        idempotencyKey: key,
        senderId: await signedInSender(request, reply),
      });
      request.log.info({ contactMessageId: id }, 'contact message stored');
      return reply.code(201).send({ id, message: CONTACT_SUCCESS_MESSAGE });
    },
  );
};

export default contactRoutes;
