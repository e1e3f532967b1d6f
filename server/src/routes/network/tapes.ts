import { Server } from '@tus/server';
import { ERRORS } from '@tus/utils';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { callParamsSchema } from '../../../../src/contract/casting.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { MAX_TAPE_BYTES, TAPE_UPLOADS_PATH, tapeRequestInputSchema } from '../../../../src/contract/tapes.js';
import { inIndia } from '../../lib/casting-calls.js';
import { tapeRequests } from '../../lib/tape-uploads.js';
import { codeOf, HttpError } from '../../plugins/error-handler.js';
import { shopErrorResponses, signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** A refusal as the tus server writes it: the status and the API's JSON `{ message, field?, code? }`. */
function tusRefusal(status: number, message: string, field?: string) {
  return {
    status_code: status,
    body: JSON.stringify({ message, ...(field ? { field } : {}), ...codeOf(message) }),
  };
}

/**
 * The tus 1.0.0 endpoint of self-tape uploads (`TAPE_UPLOADS_PATH`; docs/operations/tape-upload.md): a signed-in
 * member with a confirmed email or phone creates an upload (POST, with `Upload-Length` at most 500 MB and the
 * metadata `role_id`, or `application_id` answering the poster's request), sends its bytes (PATCH, from the offset
 * HEAD gives, through any process), or ends it (DELETE). An upload is its creator's: to anyone else it is 404.
 */
export const tapeUploadRoutes: FastifyPluginAsyncZod<{ prefix: string }> = async (fastify, options) => {
  const { tapeRepository } = fastify;
  const path = `${options.prefix}${TAPE_UPLOADS_PATH}`;
  const tus = new Server({
    path,
    datastore: tapeRepository.store,
    locker: tapeRepository.locker,
    maxSize: MAX_TAPE_BYTES,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    async onIncomingRequest(request, uploadId) {
      if (request.method === 'POST') return;
      const member = tapeRequests.getStore();
      if (!member || !(await tapeRepository.ownsUpload(member.userId, uploadId))) throw ERRORS.FILE_NOT_FOUND;
    },
    async onUploadCreate(_request, upload) {
      const member = tapeRequests.getStore()!;
      const owner = await tapeRepository.checkNewUpload(member.userId, upload.metadata ?? {}, upload.size ?? 0);
      tapeRepository.store.owners.set(upload, owner);
      return {};
    },
    onResponseError(_request, error) {
      if (error instanceof HttpError) return tusRefusal(error.statusCode, error.message, error.field);
      if (error === ERRORS.ERR_MAX_SIZE_EXCEEDED)
        return tusRefusal(413, 'A tape can be at most 500 MB', 'Upload-Length');
      // Another request (in any process) still receives this upload's bytes: 423, which tus clients try again.
      if (error === ERRORS.ERR_LOCK_TIMEOUT) {
        return tusRefusal(423, 'This tape is still arriving through another connection: trying again shortly');
      }
      if (error instanceof Error) fastify.log.error({ err: error }, 'tape upload failed');
      return undefined;
    },
  });

  // The bytes are the tus server's to read, as they arrive: Fastify must not gather the body.
  fastify.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    await tapeRequests.run({ userId: signedInUser(request).id }, () => tus.handle(request.raw, reply.raw));
  }
  const route = {
    method: ['POST', 'HEAD', 'PATCH', 'DELETE'] as ('POST' | 'HEAD' | 'PATCH' | 'DELETE')[],
    onRequest: fastify.requireConfirmedEmail,
    schema: { hide: true },
    handler: handle,
  };
  fastify.route({ ...route, url: TAPE_UPLOADS_PATH });
  fastify.route({ ...route, url: `${TAPE_UPLOADS_PATH}/:uploadId` });
  // OPTIONS tells any client the protocol's version, extensions and largest size: no account needed to learn that.
  fastify.route({
    method: 'OPTIONS',
    url: TAPE_UPLOADS_PATH,
    schema: { hide: true },
    async handler(request, reply) {
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    },
  });
};

/** The poster's request for tapes from chosen applicants of their call. */
export const tapeRequestRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { tapeRepository } = fastify;

  fastify.post(
    '/casting-calls/:id/tape-requests',
    {
      onRequest: fastify.requireConfirmedEmail,
      schema: {
        ...userRouteSchema(
          'casting',
          'Ask chosen applicants of the caller’s call for a self-tape by a deadline (a date, India time); each is told',
          true,
        ),
        params: callParamsSchema,
        body: tapeRequestInputSchema,
        response: {
          200: z.object({ data: z.object({ requested: z.int(), deadline: z.string() }) }),
          ...shopErrorResponses,
          403: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => {
        const done = await tapeRepository.requestTapes(tx, signedInUser(request).id, request.params.id, request.body);
        return { data: { requested: done.requested, deadline: inIndia(done.deadline) } };
      }),
  );
};
