import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { User } from '../../../../src/contract/user.js';
import { HttpError } from '../../plugins/error-handler.js';

/** The signed-in viewer when the request carries a valid token; anyone else reads as the public. */
export async function viewerOf(
  fastify: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<User | null> {
  if (!request.headers.authorization) return null;
  try {
    await fastify.authenticate(request, reply);
    return request.user;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return null;
    throw error;
  }
}
