import { errorResponseSchema } from '../../../../src/contract/common.js';

/** Tags, summary and bearer security of a back-office call; `idempotent` documents the Idempotency-Key header. */
export function adminRouteSchema(tag: string, summary: string, roles: string, idempotent = false) {
  return {
    tags: [`admin: ${tag}`],
    summary,
    description:
      `For ${roles} (and admins); 401 without a token, 403 for another role.` +
      (idempotent
        ? ' Accepts an `Idempotency-Key` header: the same key with the same body within 24 hours answers the first ' +
          'response again without repeating the change.'
        : ''),
    security: [{ bearerAuth: [] }],
  };
}

/** What every back-office call may answer besides its own result. */
export const adminErrorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};
