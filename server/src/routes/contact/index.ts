import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { contactMessageCreatedSchema, contactMessageSchema } from '../../../../src/contract/contact.js';
import { HttpError } from '../../plugins/error-handler.js';
import { idempotencyKeyOf } from '../../plugins/idempotency.js';
import { viewerOf } from '../network/viewer.js';

/** Messages one address may send per window: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: 15 * 60 * 1000 } as const; // 15 minutes

export const CONTACT_SUCCESS_MESSAGE = "Message sent successfully! We'll get back to you within 24 hours";

export interface ContactRoutesOptions {
  /** Messages one address may send per window (CONTACT_RATE_LIMIT's 5; the end-to-end tests send many from one). */
  contactLimit: number;
}

/** The contact page's form: validated with the page's own rules and stored for the team to answer. */
const contactRoutes: FastifyPluginAsyncZod<ContactRoutesOptions> = async (fastify, options) => {
  fastify.post(
    '/contact',
    {
      config: {
        rateLimit: {
          ...CONTACT_RATE_LIMIT,
          max: options.contactLimit,
          errorResponseBuilder: (_request, context) =>
            new HttpError(429, `Too many messages from this address. Please try again in ${context.after}.`),
        },
      },
      schema: {
        tags: ['site'],
        summary: 'Send a message to the team (5 per address every 15 minutes)',
        description:
          'With an `Idempotency-Key`, a message sent again (a retry from the offline outbox) is stored once and ' +
          'answered with the first one’s id; the key of another message answers 422. ' +
          'Sent with a valid bearer token, the message belongs to that account (its data export holds it) and counts ' +
          'toward the member’s messages an hour and a day (429 with Retry-After); without one it belongs to nobody ' +
          'until the owner of its email claims it by a mailed link.',
        body: contactMessageSchema,
        response: {
          201: contactMessageCreatedSchema,
          400: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const key = idempotencyKeyOf(request);
      // Anyone may write; a signed-in sender's message is theirs, whatever email the form holds.
      const viewer = await viewerOf(fastify, request, reply);
      const id = await fastify.contactRepository.createMessage({
        ...request.body,
        ipAddress: request.ip,
        idempotencyKey: key,
        userId: viewer?.id ?? null,
      });
      request.log.info({ contactMessageId: id }, 'contact message stored');
      return reply.code(201).send({ id, message: CONTACT_SUCCESS_MESSAGE });
    },
  );
};

export default contactRoutes;
