import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { CONTACT_CLAIM_HOURS, contactClaimedSchema, contactClaimSchema } from '../../../../src/contract/contact.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { mailAddress } from '../../lib/tell.js';
import { accountMail } from '../../lib/templates.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

const HOUR_MS = 60 * 60 * 1000;
/** Claim links one account may ask for in an hour: enough to ask again, too few to fill an inbox. */
export const CONTACT_CLAIM_LIMIT = 3;

export interface ContactClaimRoutesOptions {
  publicUrl: string;
}

/**
 * Contact messages sent while signed out belong to nobody until the owner of their email claims them: the link goes
 * to the account's own address, so only the person who reads that inbox can attach what was sent from it.
 */
const contactClaimRoutes: FastifyPluginAsyncZod<ContactClaimRoutesOptions> = async (fastify, options) => {
  const { attempts, contactRepository } = fastify;

  fastify.post(
    '/me/contact-messages/claim',
    {
      onRequest: [fastify.requireConfirmedEmail, fastify.noStore],
      schema: {
        ...userRouteSchema(
          'privacy',
          'Mail a link that attaches the contact messages sent from my email while signed out',
        ),
        description: `The link goes to the account's email and works once, within ${CONTACT_CLAIM_HOURS} hours. ${CONTACT_CLAIM_LIMIT} an hour (429 with Retry-After).`,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { email } = user;
      // Only contact messages sent from the account's own email can be claimed; a phone account has none.
      if (email === null) throw new HttpError(400, 'Your account has no email to claim messages from', 'email');
      // An account let in by its confirmed phone may hold an email it never proved: nothing is mailed there that
      // would attach another person's messages to this account.
      if (!user.email_confirmed) {
        throw new HttpError(
          403,
          `Confirm your email first: open the link we sent to ${email}, or ask for a new one.`,
          'email',
          undefined,
          'email_not_confirmed',
        );
      }
      const [counted] = await attempts.count([`contact-claim:${user.id}`], HOUR_MS);
      if (counted && counted.attempts > CONTACT_CLAIM_LIMIT) {
        throw new HttpError(
          429,
          'You have asked for several links this hour: use the latest one, or try again later.',
          undefined,
          counted.retryAfterSeconds,
        );
      }
      await fastify.db.transaction(async (tx) => {
        const token = await contactRepository.createClaimToken(tx, { ...user, email }, CONTACT_CLAIM_HOURS);
        const link = new URL(`/contact-claim?token=${encodeURIComponent(token)}`, options.publicUrl).toString();
        await mailAddress(
          tx,
          email,
          'contact-claim',
          accountMail.contactClaim(user, link, CONTACT_CLAIM_HOURS),
          user.id,
        );
      });
      return reply.code(202).send({
        message: `A link is on its way to ${email}. It works once, within ${CONTACT_CLAIM_HOURS} hours.`,
      });
    },
  );

  fastify.post(
    '/contact-claims',
    {
      onRequest: fastify.noStore,
      schema: {
        tags: ['privacy'],
        summary: 'Follow a claim link: its contact messages join the account that asked for it',
        description: 'The token is the link’s; it works once. No sign-in: the link itself proves the address.',
        body: contactClaimSchema,
        response: { 200: contactClaimedSchema, 400: errorResponseSchema },
      },
    },
    async (request) => {
      const claimed = await contactRepository.claim(request.body.token);
      if (claimed === null) {
        throw new HttpError(
          400,
          'This link has expired or was already used; ask for a new one under Your data on your profile page',
          'token',
        );
      }
      return {
        claimed,
        message:
          claimed === 0
            ? 'There were no other messages from your address: your account already holds everything you sent us.'
            : `${claimed === 1 ? '1 message' : `${claimed} messages`} you sent us now ${claimed === 1 ? 'belongs' : 'belong'} to your account.`,
      };
    },
  );
};

export default contactClaimRoutes;
