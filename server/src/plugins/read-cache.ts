import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod/mini';
import { brotliOptions, COMPRESS_FROM_BYTES } from '../lib/compression.js';
import { createJsonCache, type JsonCache } from '../lib/json-cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Serialized answers of the public reads: the home data, and the product list and product pages. */
    readCache: {
      content: JsonCache;
      /** Cleared whenever stock changes (an order placed or cancelled). */
      catalog: JsonCache;
      /** The network's index (`GET /profiles`), each search its own key: cleared with the site content. */
      directory: JsonCache;
      /** Server-rendered pages, by address (see page-rendering.ts). */
      pages: JsonCache;
      /**
       * Drops every copy made from site content, home data, the network's index and rendered pages: after a
       * back-office edit or a profile change.
       */
      contentChanged(): void;
      /** Drops the product lists and pages and the rendered pages: after staff change a product or its stock. */
      catalogChanged(): void;
    };
  }
}

export interface ReadCacheOptions {
  /** Off in tests that edit rows directly and read them back at once. */
  enabled: boolean;
  /** How long a copy is kept while change notices arrive (default LISTENING_CACHE_TTL_MS). */
  listeningTtlMs?: number;
  /** How long a copy is kept without them (default CONTENT_CACHE_TTL_MS): the embedded database, a lost listener. */
  fallbackTtlMs?: number;
}

/**
 * How long an edit made through another server process on the same PostgreSQL database may take to show here while
 * change notices do not arrive (plugins/change-notices.ts: a lost listener): this process clears its own copies at
 * once (contentChanged, catalogChanged), and every copy expires in half of this. A rendered page is made from cached
 * reads, so a page of a read at most half this old lives at most half this long. While notices arrive, a change
 * anywhere drops the copies it affects within a second, and the reads' copies are kept LISTENING_CACHE_TTL_MS.
 */
export const OTHER_PROCESS_LAG_MS = 10_000;
/**
 * 60 s: the reads' copies while change notices arrive. Every table they are made from sends a notice (migration
 * 0032_change_notices); the expiry only bounds what a missed notice could cost. Rendered pages keep their short
 * expiry: they show rows of more tables than send notices.
 */
export const LISTENING_CACHE_TTL_MS = 60_000;
/** The home data: site settings, banners, insider videos, sections. */
export const CONTENT_CACHE_TTL_MS = OTHER_PROCESS_LAG_MS / 2;
/** Product lists and pages: also cleared here on every stock change (an order placed or cancelled). */
export const CATALOG_CACHE_TTL_MS = OTHER_PROCESS_LAG_MS / 2;
/** Distinct product lists kept (each search is its own key); the oldest goes first. */
const CATALOG_CACHE_ENTRIES = 500;
/** Rendered pages kept per address. */
const PAGE_CACHE_TTL_MS = OTHER_PROCESS_LAG_MS / 2;
/** Distinct addresses kept (each search of the shop is its own); the oldest goes first. */
const PAGE_CACHE_ENTRIES = 200;

/** The route's own serializer: validates `value` against the response schema once, when it is cached. */
export function jsonSerializer<S extends z.ZodMiniType>(schema: S, url: string): (value: z.input<S>) => Buffer {
  const serialize = serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' });
  return (value) => Buffer.from(serialize(value));
}

type Encoding = 'br' | 'gzip';
/** Compressed copies of each cached answer, made once per answer instead of once per request; freed with it. */
const compressedCopies = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/** br when the client takes it, else gzip, else none; an encoding with q=0 is refused. */
function parseAcceptEncoding(acceptEncoding: string | string[]): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of [acceptEncoding].flat().join(',').split(',')) {
    const [name = '', ...params] = part.split(';').map((item) => item.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** Browsers send a handful of Accept-Encoding values, each read once: the busiest reads skip parsing it again. */
const encodingOfHeader = new Map<string, Encoding | undefined>();
const MAX_REMEMBERED_HEADERS = 64;

export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  if (typeof acceptEncoding !== 'string') return parseAcceptEncoding(acceptEncoding);
  if (encodingOfHeader.has(acceptEncoding)) return encodingOfHeader.get(acceptEncoding);
  const encoding = parseAcceptEncoding(acceptEncoding);
  if (encodingOfHeader.size < MAX_REMEMBERED_HEADERS) encodingOfHeader.set(acceptEncoding, encoding);
  return encoding;
}

function compressedCopy(body: Buffer, encoding: Encoding): Buffer {
  const copies = compressedCopies.get(body) ?? {};
  compressedCopies.set(body, copies);
  copies[encoding] ??= encoding === 'br' ? brotliCompressSync(body, brotliOptions(true)) : gzipSync(body);
  return copies[encoding];
}

/**
 * Sends serialized JSON as it is (Fastify does not serialize a Buffer again), compressed for clients that accept it
 * from a copy made once per cached answer; the compression plugin leaves an encoded body alone.
 */
export function sendJson(reply: FastifyReply, body: Buffer): FastifyReply {
  reply.type('application/json; charset=utf-8');
  const encoding = body.length >= COMPRESS_FROM_BYTES && preferredEncoding(reply.request.headers['accept-encoding']);
  if (!encoding) return reply.send(body);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .send(compressedCopy(body, encoding));
}

export default fp<ReadCacheOptions>(
  async (fastify, options) => {
    const notices = fastify.changeNotices;
    const listeningTtl = options.listeningTtlMs ?? LISTENING_CACHE_TTL_MS;
    const fallbackTtl = options.fallbackTtlMs ?? CONTENT_CACHE_TTL_MS;
    const ttl = () => (!options.enabled ? 0 : notices.state === 'listening' ? listeningTtl : fallbackTtl);
    const content = createJsonCache({ ttlMs: ttl, maxEntries: 1 });
    const catalog = createJsonCache({ ttlMs: ttl, maxEntries: CATALOG_CACHE_ENTRIES });
    const pages = createJsonCache({ ttlMs: Math.min(PAGE_CACHE_TTL_MS, fallbackTtl), maxEntries: PAGE_CACHE_ENTRIES });
    const directory = createJsonCache({ ttlMs: ttl, maxEntries: CATALOG_CACHE_ENTRIES });
    const readCache = {
      content,
      catalog,
      directory,
      pages,
      contentChanged() {
        content.clear();
        directory.clear();
        pages.clear();
      },
      catalogChanged() {
        catalog.clear();
        pages.clear();
      },
    };
    fastify.decorate('readCache', readCache);
    // A change committed by any process (this one included) drops the copies made from its rows.
    notices.on('content', () => readCache.contentChanged());
    notices.on('profiles', () => readCache.contentChanged());
    notices.on('catalog', () => readCache.catalogChanged());
    notices.on('casting', () => pages.clear());
  },
  { name: 'read-cache', dependencies: ['change-notices'] },
);
