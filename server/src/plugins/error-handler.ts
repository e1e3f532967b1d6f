import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorParams, findErrorCode, issueCode, type IssueLike } from '../../../src/contract/error-codes.js';
import { QueueFullError } from '../lib/work-queue.js';

/** An error whose message is safe to show the client, with an optional field name. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** Sent as Retry-After (429, 503). */
    readonly retryAfterSeconds?: number,
    /** A reason the client acts on (`EMAIL_NOT_CONFIRMED`), sent as `code`. */
    readonly code?: string,
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

/** Codes of a database that is away: the connection closed or refused, or the server shutting down or starting. */
const DATABASE_AWAY_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
]);

/** True when the error, or one it was caused by, says the database is unreachable for now. */
export function isDatabaseAway(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (DATABASE_AWAY_CODES.has(code) || code.startsWith('08'))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The path (`address.line1`, `items.0`) of the first string holding a NUL character, or null. */
export function fieldWithNul(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const found = fieldWithNul(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The `code` and `params` of a refusal (src/contract/error-codes.ts): a code given where it was thrown wins, with the
 * params its English carries; else the code whose template the English fills. Nothing for a text no template fills.
 */
export function codeOf(message: string, given?: string): { code?: string; params?: ErrorParams } {
  const found = findErrorCode(message);
  if (given) return found?.params ? { code: given, params: found.params } : { code: given };
  return found ?? {};
}

/**
 * One JSON shape for every error: `{ message, field?, code?, params? }`. Client errors keep their message; server
 * errors hide theirs (it may hold SQL or paths) and are logged instead.
 */
export default fp(
  async (fastify: FastifyInstance) => {
    // PostgreSQL's text cannot hold a NUL character: refused before any route sees it, naming the field.
    fastify.addHook('preValidation', async (request) => {
      const field = fieldWithNul(request.query) ?? fieldWithNul(request.params) ?? fieldWithNul(request.body);
      if (field) throw new HttpError(400, `${field} must not contain a NUL character`, field);
    });
    fastify.setErrorHandler((error: FastifyError, request, reply) => {
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first ? fieldOf(error.validationContext, first.instancePath, first.params) : 'body';
        // A message written for people ("Name is required") already names its field; a generic one gets it prefixed.
        // Compared without spaces and underscores, so "PIN code" names pincode and "Product id" names product_id.
        const squash = (text: string) => text.toLowerCase().replace(/[\s_]/g, '');
        const namesField = squash(first?.message ?? '').includes(squash(field.split('.').pop() ?? field));
        const message = first ? (namesField ? first.message : `${field}: ${first.message}`) : 'Invalid request';
        // The contract's texts and Zod's own English name their code; a default Zod text in another form, its kind.
        const coded = first
          ? (findErrorCode(first.message ?? '') ?? issueCode({ ...first.params, code: first.keyword } as IssueLike))
          : codeOf('Invalid request');
        return reply.code(400).send({ message, field, ...coded });
      }
      if (error instanceof QueueFullError) {
        return reply.code(503).header('retry-after', String(error.retryAfterSeconds)).send({ message: error.message });
      }
      if (error instanceof HttpError) {
        if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
        return reply.code(error.statusCode).send({
          message: error.message,
          ...(error.field ? { field: error.field } : {}),
          ...codeOf(error.message, error.code),
        });
      }
      if (isDatabaseAway(error)) {
        // A restart or failover of the database: the client may try again shortly; the pool reconnects by itself.
        request.log.warn({ err: error }, 'the database is unreachable');
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({ message: 'The service is briefly unavailable; please try again in a moment' });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.code(status).send({ message: 'Internal Server Error' });
      }
      if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
        return reply.code(400).send({ message: 'The request body is not valid JSON', field: 'body', code: 'not_json' });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        return reply.code(413).send({ message: 'The request body is larger than 1 MB', code: 'body_too_large' });
      }
      return reply.code(status).send({ message: error.message });
    });
  },
  { name: 'error-handler' },
);
