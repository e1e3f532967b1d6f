import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { LOGIN_WINDOW_MS, loginVerdict } from '../../lib/login-throttle.js';
import { verifyPassword } from '../../lib/passwords.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

const passwordBodySchema = z.object({
  /** An account with a password confirms with it. */
  password: z.optional(z.string({ error: 'Enter your password' }).check(z.minLength(1, 'Enter your password'))),
  /** An account that signs in by phone confirms with a code sent to it (`POST /phone/code`). */
  code: z.optional(z.string().check(z.maxLength(20))),
});

/**
 * A member's own data: a copy of all of it, and deleting the account. Both ask for the password again, or, from an
 * account that signs in by phone and has no password, a code sent to its phone (asked for as any code, with its limits).
 */
const privacyRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accountRepository, attempts, memberData } = fastify;
  const auth = { onRequest: fastify.authenticate };

  /**
   * The password again; wrong ones are throttled as logins are, on a count of their own: failed logins tried by
   * others never refuse the signed-in owner.
   */
  async function confirmPassword(
    { email, phone }: { email: string | null; phone: string | null },
    password: string | undefined,
    code: string | undefined,
  ) {
    if (email === null) {
      // An account without an email is one made by phone: its confirmed number is how it signs in.
      if (!code || !phone || !fastify.phoneSignInOffered) {
        throw new HttpError(403, 'Enter the code we sent to your phone', 'code');
      }
      const check = await fastify.phoneCodes.check(phone, code.replace(/\s/g, ''));
      if (!check.ok) {
        throw new HttpError(
          403,
          check.reason === 'wrong' && check.triesLeft > 0
            ? `That code is not right. ${check.triesLeft} ${check.triesLeft === 1 ? 'try' : 'tries'} left.`
            : 'This code no longer works. Ask for a new code.',
          'code',
        );
      }
      return;
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
          'The password goes in the `X-Password` header: a copy of all of a member’s data asks for it again. An ' +
          'account made by phone sends the code sent to its phone in `X-Phone-Code` instead.',
        headers: z.object({ 'x-password': z.optional(z.string()), 'x-phone-code': z.optional(z.string()) }),
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
      await confirmPassword(user, request.headers['x-password'], request.headers['x-phone-code']);
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
        ...userRouteSchema(
          'privacy',
          'Delete the caller’s account (the password again in the body, or `code` for an account made by phone)',
        ),
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
      await confirmPassword(user, request.body.password, request.body.code);
      await memberData.deleteAccount(user.id);
      fastify.readCache.contentChanged();
      return { message: 'Your account has been deleted' };
    },
  );
};

export default privacyRoutes;
