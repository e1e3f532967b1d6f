import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { createJsonCache, type JsonCache } from '../lib/json-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialized answers of the public reads: the home data, and the product list and product pages. */
    readCache: {
      content: JsonCache;
      /** Cleared whenever stock changes (an order placed or cancelled). */
      catalog: JsonCache;
    };
  }
}

export interface ReadCacheOptions {
  /** Off in tests that edit rows directly and read them back at once. */
  enabled: boolean;
}

/** Site content changes only by editing the database; an edit shows within a minute. */
export const CONTENT_CACHE_TTL_MS = 60_000;
/**
 * Products: this process clears its copy on every stock change; the TTL bounds how long another server process on
 * the same PostgreSQL database, or a price edited in the database, can lag behind.
 */
export const CATALOG_CACHE_TTL_MS = 10_000;
/** Distinct product lists kept (each search is its own key); the oldest goes first. */
const CATALOG_CACHE_ENTRIES = 500;

/** The route's own serializer: validates `value` against the response schema once, when it is cached. */
export function jsonSerializer<S extends z.ZodType>(schema: S, url: string): (value: z.input<S>) => Buffer {
  const serialize = serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' });
  return (value) => Buffer.from(serialize(value));
}

/** Sends serialized JSON as it is; Fastify does not serialize a Buffer again. */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

export default fp<ReadCacheOptions>(
  async (fastify, options) => {
    const ttl = (ms: number) => (options.enabled ? ms : 0);
    fastify.decorate('readCache', {
      content: createJsonCache({ ttlMs: ttl(CONTENT_CACHE_TTL_MS), maxEntries: 1 }),
      catalog: createJsonCache({ ttlMs: ttl(CATALOG_CACHE_TTL_MS), maxEntries: CATALOG_CACHE_ENTRIES }),
    });
  },
  { name: 'read-cache' },
);
