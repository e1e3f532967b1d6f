import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { uploadFolders } from '../../../src/contract/uploads.js';
import { type ByteRange, isStorageKey, RangeNotSatisfiableError } from '../lib/storage.js';
import { HttpError } from './error-handler.js';

export interface UploadFilesOptions {
  /** Where the uploads are served (`/backend/uploads/`). */
  prefix: string;
  /** Sent as Cache-Control with every file. */
  cacheControl: string;
}

/**
 * The key a request asks for: `<folder>/<name>` of a public upload folder, else null. Taken from the address as
 * sent: an encoded slash or backslash (`..%2F`) is refused before decoding, a `.`/`..` part or hidden file after.
 * Only the image folders are served: files stored later under other folders (self-tapes, invoices) are not public.
 */
function keyOf(request: FastifyRequest, prefix: string): string | null {
  const raw = (request.raw.url ?? '').split('?')[0]!.slice(prefix.length);
  if (/%(2f|5c|00)/i.test(raw)) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const [folder, name, ...rest] = decoded.split('/');
  if (rest.length > 0 || !name || !uploadFolders.some((known) => known === folder)) return null;
  const key = `${folder}/${name}`;
  return isStorageKey(key) ? key : null;
}

/** The one range of a `Range: bytes=a-b` or `bytes=a-` header; anything else (several, a suffix) is the whole file. */
export function rangeOf(request: FastifyRequest): ByteRange | undefined {
  // A conditional range is answered whole: cheaper than comparing validators, and always correct.
  if (request.headers['if-range']) return undefined;
  const match = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end !== undefined && end < start ? undefined : { start, ...(end !== undefined ? { end } : {}) };
}

/**
 * Serves the uploads from the store (fastify.storage: the data folder, or the bucket every process shares) at the
 * same addresses whichever it is, streamed through this process: see docs/decisions/2026-11-28-object-store.md.
 * A missing file is the not-found handler's JSON 404.
 */
export default fp<UploadFilesOptions>(
  async (fastify, options) => {
    async function serve(request: FastifyRequest, reply: FastifyReply) {
      const key = keyOf(request, options.prefix);
      if (!key) return reply.callNotFound();
      let file;
      try {
        file = await fastify.storage.read(key, rangeOf(request));
      } catch (error) {
        if (error instanceof RangeNotSatisfiableError) {
          return reply.code(416).header('content-range', `bytes */${error.size}`).send();
        }
        request.log.error({ err: error, key }, 'The file store did not answer');
        throw new HttpError(503, 'Images cannot be fetched just now: try again in a minute', undefined, 30);
      }
      if (!file) return reply.callNotFound();
      reply.header('cache-control', options.cacheControl).header('accept-ranges', 'bytes');
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
      if (file.etag && request.headers['if-none-match'] === file.etag) {
        file.body.destroy();
        return reply.code(304).send();
      }
      reply.type(file.contentType);
      if (file.range) {
        reply
          .code(206)
          .header('content-range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
          .header('content-length', file.range.end - file.range.start + 1);
      } else {
        reply.header('content-length', file.size);
      }
      return reply.send(file.body);
    }

    fastify.get(`${options.prefix}*`, { schema: { hide: true } }, serve);
  },
  { name: 'upload-files', dependencies: ['storage'] },
);
