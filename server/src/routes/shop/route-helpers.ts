import type { FastifyRequest } from 'fastify';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import type { User } from '../../../../src/contract/user.js';
import { HttpError } from '../../plugins/error-handler.js';

/** The user `authenticate` put on the request; its absence is a wiring mistake, answered as "log in". */
export function signedInUser(request: FastifyRequest): User {
  if (!request.user) throw new HttpError(401, 'Please log in to continue');
  return request.user;
}

/** The refusals a shop change can answer: invalid, not signed in, not found (or not yours), conflict, rule broken. */
export const shopErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  422: errorResponseSchema,
};

const IDEMPOTENCY_NOTE =
  'Accepts an `Idempotency-Key` header: the same key with the same body within 24 hours answers the first ' +
  'response again (with `Idempotent-Replayed: true`) without repeating the effect; with another body, 422.';

/** Tags, summary and bearer security of a signed-in user's call; `idempotent` documents the header. */
export function userRouteSchema(tag: string, summary: string, idempotent = false) {
  return {
    tags: [tag],
    summary,
    security: [{ bearerAuth: [] }],
    ...(idempotent ? { description: IDEMPOTENCY_NOTE } : {}),
  };
}
