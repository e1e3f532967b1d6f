import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { LOGIN_WINDOW_MS, loginVerdict } from '../../lib/login-throttle.js';
import { verifyPassword } from '../../lib/passwords.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

const passwordBodySchema = z.object({
  password: z.string({ error: 'Enter your password' }).check(z.minLength(1, 'Enter your password')),
});

/** A member's own data: a copy of all of it, and deleting the account. Both ask for the password again. */
const privacyRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accountRepository, attempts, memberData } = fastify;
  const auth = { onRequest: fastify.authenticate };

  /**
   * The password again; wrong ones are throttled as logins are, on a count of their own: failed logins tried by
   * others never refuse the signed-in owner.
   */
  async function confirmPassword(email: string | null, password: string | undefined) {
    if (email === null) {
      throw new HttpError(
        403,
        'Your account signs in with a code by SMS and has no password; write to us to have your data sent or deleted',
        'password',
      );
    }
    const key = `password-confirm:${email}`;
    const verdict = loginVerdict(await attempts.count([key], LOGIN_WINDOW_MS));
    if (!verdict.allowed) {
      throw new HttpError(429, 'Too many wrong passwords. Try again later.', 'password', verdict.retryAfterSeconds);
    }
    const user = await accountRepository.findByEmail(email);
    if (!password || !user || !(await verifyPassword(password, user.passwordHash))) {
      // 403, not 401: the session is good, only the confirmation failed; a 401 would end the session on a typo.
      throw new HttpError(403, 'That password is not right', 'password');
    }
    await attempts.forget(key);
  }

  fastify.get(
    '/me/export',
    {
      ...auth,
      schema: {
        ...userRouteSchema('privacy', 'Everything CineVerse holds about the caller, as JSON (a file to download)'),
        description:
          'The password goes in the `X-Password` header: a copy of all of a member’s data asks for it again.',
        headers: z.object({ 'x-password': z.optional(z.string()) }),
        response: {
          200: z.record(z.string(), z.unknown()),
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      await confirmPassword(user.email, request.headers['x-password']);
      reply.header('content-disposition', 'attachment; filename="cineverse-my-data.json"');
      // Dates and every other value as JSON writes them.
      return JSON.parse(JSON.stringify(await memberData.exportAll(user.id))) as Record<string, unknown>;
    },
  );

  fastify.delete(
    '/me',
    {
      ...auth,
      schema: {
        ...userRouteSchema('privacy', 'Delete the caller’s account (the password again in the body)'),
        description:
          'The profile, photos, addresses, cart and wishlist go at once and every token stops working; ' +
          'orders stay for tax records under "Deleted member", with only the city, state and PIN code. ' +
          'What others wrote stays: contact messages with the team, conversations with the other member.',
        body: passwordBodySchema,
        response: {
          200: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      await confirmPassword(user.email, request.body.password);
      await memberData.deleteAccount(user.id);
      fastify.readCache.contentChanged();
      return { message: 'Your account has been deleted' };
    },
  );
};

export default privacyRoutes;
