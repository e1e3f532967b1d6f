import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import {
  addressInputSchema,
  addressResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  profileUpdateSchema,
} from '../../../../src/contract/user.js';
import { checkAddressPin } from '../../lib/pin-directory.js';
import { HttpError } from '../../plugins/error-handler.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** The signed-in user's details and saved addresses. */
const profileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { accountRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };

  fastify.get(
    '/profile',
    {
      ...auth,
      schema: {
        ...userRouteSchema('profile', 'The signed-in user and their saved addresses'),
        response: { 200: profileResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await accountRepository.getProfile(signedInUser(request).id) }),
  );

  fastify.put(
    '/profile',
    {
      ...auth,
      schema: {
        ...userRouteSchema('profile', 'Change name and phone'),
        body: profileUpdateSchema,
        response: { 200: profileResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await accountRepository.updateProfile(signedInUser(request).id, request.body) }),
  );

  fastify.post(
    '/addresses',
    {
      ...auth,
      schema: {
        ...userRouteSchema('profile', 'Save a delivery address', true),
        body: addressInputSchema,
        response: {
          201: addressResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      const body = checkAddressPin(request.body);
      return fastify.runIdempotent(request, reply, async (tx) => ({
        data: await accountRepository.addAddress(tx, signedInUser(request).id, body),
      }));
    },
  );

  fastify.put(
    '/addresses/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('profile', 'Change a saved address'),
        params: idParamsSchema,
        body: addressInputSchema,
        response: {
          200: addressResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const body = checkAddressPin(request.body);
      const address = await accountRepository.updateAddress(signedInUser(request).id, request.params.id, body);
      if (!address) throw new HttpError(404, 'There is no such address');
      return { data: address };
    },
  );

  fastify.delete(
    '/addresses/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('profile', 'Remove a saved address', true),
        params: idParamsSchema,
        response: { 200: messageResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const removed = await accountRepository.removeAddress(tx, signedInUser(request).id, request.params.id);
        if (!removed) throw new HttpError(404, 'There is no such address');
        return { message: 'Address removed' };
      }),
  );
};

export default profileRoutes;
