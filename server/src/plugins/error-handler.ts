import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** An error whose message is safe to show the client, with an optional field name. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

function fieldOf(context: string | undefined, instancePath: string, params: unknown): string {
  const fromPath = instancePath.replace(/^\//, '').split('/').filter(Boolean).join('.');
  if (fromPath) return fromPath;
  // A missing required key is reported on its parent; zod puts the key in params when it knows it.
  const missing = (params as { missingProperty?: unknown } | undefined)?.missingProperty;
  if (typeof missing === 'string') return missing;
  return context ?? 'body';
}

/**
 * One JSON shape for every error: `{ message, field? }`. Client errors keep their message; server errors hide
 * theirs (it may hold SQL or paths) and are logged instead.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first ? fieldOf(error.validationContext, first.instancePath, first.params) : 'body';
        // A message written for people ("Name is required") already names its field; a generic one gets it prefixed.
        // Compared without spaces and underscores, so "PIN code" names pincode and "Product id" names product_id.
        const squash = (text: string) => text.toLowerCase().replace(/[\s_]/g, '');
        const namesField = squash(first?.message ?? '').includes(squash(field.split('.').pop() ?? field));
        const message = first ? (namesField ? first.message : `${field}: ${first.message}`) : 'Invalid request';
        return reply.code(400).send({ message, field });
      }
      if (error instanceof HttpError) {
        return reply
          .code(error.statusCode)
          .send(error.field ? { message: error.message, field: error.field } : { message: error.message });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Internal Server Error' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.code(400).send({ message: 'The request body is not valid JSON', field: 'body' });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ message: 'The request body is larger than 1 MB' });
      }
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: 'error-handler' },
);
