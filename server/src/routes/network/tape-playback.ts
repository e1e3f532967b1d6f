import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { type Tape, tapeResponseSchema } from '../../../../src/contract/tapes.js';
import { castingCalls, castingRoles, profiles, selfTapes, users } from '../../db/schema.js';
import { readsIn } from '../../lib/language.js';
import { RangeNotSatisfiableError } from '../../lib/storage.js';
import { canSeeTape } from '../../lib/tape-access.js';
import { TAPE_ADDRESS_SECONDS, tapeFileNames, tapeSigner, type TapeFileName } from '../../lib/tape-addresses.js';
import { TAPE_HEIGHTS, tapeFolder } from '../../lib/tape-transcode.js';
import { type TapeFailure, tapeFailureWords } from '../../lib/templates.js';
import { HttpError } from '../../plugins/error-handler.js';
import { rangeOf } from '../../plugins/upload-files.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';

const NO_SUCH_TAPE = 'There is no such tape';

const tapeParamsSchema = z.object({
  id: z.coerce
    .number({ error: NO_SUCH_TAPE })
    .check(z.int(NO_SUCH_TAPE), z.gte(1, NO_SUCH_TAPE), z.lte(2_147_483_647, NO_SUCH_TAPE)),
});

const fileParamsSchema = z.object({ id: tapeParamsSchema.shape.id, name: z.string() });
const fileQuerySchema = z.object({ expires: z.optional(z.string()), signature: z.optional(z.string()) });

/** The path of a tape's file under the API base, with its signed query. */
const filePath = (id: number, name: TapeFileName, query: string) => `/v1/tapes/${id}/files/${name}?${query}`;

/**
 * A tape for whoever may see it (`GET /v1/tapes/:id`, under the API base) and its files at short-lived signed
 * addresses (`/v1/tapes/:id/files/<720.mp4|480.mp4|poster.jpg>?expires=…&signature=…`), served from the store with
 * range requests, so a `<video>` seeks without downloading the whole tape. See docs/operations/tape-transcode.md.
 */
export const tapePlaybackRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const signer = tapeSigner(fastify.storage);

  fastify.get(
    '/v1/tapes/:id',
    {
      onRequest: [fastify.authenticate, fastify.noStore],
      schema: {
        ...userRouteSchema(
          'tapes',
          'A self-tape, for its owner, the poster of its call and staff: its status, and once ready its renditions ' +
            '(720p first) and poster frame at signed addresses that work for 15 minutes',
        ),
        params: tapeParamsSchema,
        response: { 200: tapeResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const viewer = signedInUser(request);
      const [found] = await fastify.db
        .select({
          tape: selfTapes,
          maxSeconds: castingRoles.selfTapeMaxSeconds,
          posterUserId: profiles.userId,
        })
        .from(selfTapes)
        .innerJoin(castingRoles, eq(castingRoles.id, selfTapes.roleId))
        .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
        .leftJoin(profiles, eq(profiles.id, castingCalls.posterId))
        .where(eq(selfTapes.id, request.params.id));
      if (
        !found ||
        !canSeeTape(
          { ownerId: found.tape.userId, posterUserId: found.posterUserId, applicationId: found.tape.applicationId },
          viewer,
        )
      ) {
        throw new HttpError(404, NO_SUCH_TAPE);
      }
      const { tape } = found;
      const ready = tape.status === 'ready';
      let failure: string | null = null;
      if (tape.status === 'failed') {
        const [reader] = await fastify.db
          .select({ language: users.language })
          .from(users)
          .where(eq(users.id, viewer.id));
        failure = tapeFailureWords((tape.failure ?? 'not_processed') as TapeFailure, found.maxSeconds)[
          readsIn(reader?.language)
        ];
      }
      const data: Tape = {
        id: tape.id,
        role_id: tape.roleId,
        application_id: tape.applicationId,
        status: tape.status,
        failure,
        size: tape.size,
        received: tape.received,
        duration_seconds: tape.durationSeconds,
        poster_url: ready ? filePath(tape.id, 'poster.jpg', await signer.sign(tape.id, 'poster.jpg')) : null,
        sources: ready
          ? await Promise.all(
              TAPE_HEIGHTS.map(async (height) => {
                const name = `${height}.mp4` as const;
                return { height, url: filePath(tape.id, name, await signer.sign(tape.id, name)) };
              }),
            )
          : [],
        created_at: tape.createdAt.toISOString(),
      };
      return { data };
    },
  );

  fastify.get(
    '/v1/tapes/:id/files/:name',
    {
      schema: {
        tags: ['tapes'],
        summary:
          'A file of a ready tape at the signed address `GET /v1/tapes/:id` gave (no sign-in: the address is the ' +
          'permission); takes a `Range` (206)',
        params: fileParamsSchema,
        querystring: fileQuerySchema,
      },
    },
    async (request, reply) => {
      const { id, name } = request.params;
      const expires = Number(request.query.expires);
      if (
        !tapeFileNames.includes(name as TapeFileName) ||
        !(await signer.verify(id, name, expires, request.query.signature ?? ''))
      ) {
        // A wrong, copied-and-changed or expired address: the same 404 as a tape that is not there.
        throw new HttpError(404, NO_SUCH_TAPE);
      }
      let file;
      try {
        file = await fastify.storage.read(`${tapeFolder(id)}/${name}`, rangeOf(request));
      } catch (error) {
        if (error instanceof RangeNotSatisfiableError) {
          return reply.code(416).header('content-range', `bytes */${error.size}`).send();
        }
        request.log.error({ err: error, tapeId: id }, 'The file store did not answer');
        throw new HttpError(503, 'Tapes cannot be fetched just now: try again in a minute', undefined, 30);
      }
      if (!file) throw new HttpError(404, NO_SUCH_TAPE);
      // Kept by the browser only, and no longer than its address works.
      const left = Math.max(0, Math.min(TAPE_ADDRESS_SECONDS, expires - Math.floor(Date.now() / 1000)));
      reply.header('cache-control', `private, max-age=${left}`).header('accept-ranges', 'bytes');
      if (file.etag) reply.header('etag', file.etag);
      if (file.lastModified) reply.header('last-modified', file.lastModified.toUTCString());
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
    },
  );
};
