import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  authResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  registerRequestSchema,
} from '../../../../src/contract/user.js';
import { isCommonPassword } from '../../lib/common-passwords.js';
import { LoginThrottle } from '../../lib/login-throttle.js';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { HttpError } from '../../plugins/error-handler.js';

/** register, login (slowed, then refused, after repeated failures) and logout. */
const accountRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const throttle = new LoginThrottle();
  const { accountRepository } = fastify;

  fastify.post(
    '/register',
    {
      schema: {
        tags: ['account'],
        summary: 'Create an account and sign in',
        body: registerRequestSchema,
        response: { 201: authResponseSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { name, email, password, phone } = request.body;
      if (isCommonPassword(password)) {
        throw new HttpError(400, 'This password is too common; choose one that is harder to guess', 'password');
      }
      const user = await accountRepository.createUser({
        name,
        email,
        phone,
        passwordHash: await hashPassword(password),
      });
      if (!user) throw new HttpError(409, 'An account with this email already exists; log in instead', 'email');
      const token = await accountRepository.issueToken(user.id);
      return reply.code(201).send({ token, user });
    },
  );

  fastify.post(
    '/login',
    {
      schema: {
        tags: ['account'],
        summary: 'Sign in with email and password',
        description: 'Repeated failures for one email or address are slowed, then refused with 429 and Retry-After.',
        body: loginRequestSchema,
        response: {
          200: authResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const keys = [`email:${email}`, `ip:${request.ip}`];
      const verdict = throttle.check(keys);
      if (!verdict.allowed) {
        reply.header('retry-after', String(verdict.retryAfterSeconds));
        const minutes = Math.ceil(verdict.retryAfterSeconds / 60);
        throw new HttpError(429, `Too many failed logins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
      if (verdict.delayMs > 0) await sleep(verdict.delayMs);
      const user = await accountRepository.findByEmail(email);
      const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
      if (!user || !valid) {
        throttle.recordFailure(keys);
        throw new HttpError(401, 'Email or password is incorrect', 'password');
      }
      throttle.clear(`email:${email}`);
      const token = await accountRepository.issueToken(user.id);
      return { token, user: { id: user.id, name: user.name, email: user.email, phone: user.phone, role: user.role } };
    },
  );

  fastify.post(
    '/logout',
    {
      onRequest: fastify.authenticate,
      schema: {
        tags: ['account'],
        summary: 'Revoke the bearer token of this request',
        security: [{ bearerAuth: [] }],
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      if (request.authTokenId !== null) await accountRepository.revokeToken(request.authTokenId);
      return { message: 'You have logged out' };
    },
  );
};

export default accountRoutes;
