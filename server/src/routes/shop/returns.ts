import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  dataRequestResponseSchema,
  dataRequestSchema,
  returnListSchema,
  returnPhotoResponseSchema,
  returnRequestSchema,
  returnResponseSchema,
} from '../../../../src/contract/returns.js';
import { acceptImageUploads, readImageUpload, storeImageThen } from '../../lib/image-upload.js';
import { HttpError } from '../../plugins/error-handler.js';
import { RETURN_PHOTOS_FOLDER, returnPhotoUrl } from '../../plugins/return-repository.js';
import { shopErrorResponses as errors, signedInUser, userRouteSchema } from './route-helpers.js';

/** What a data-protection request asks for, as its ticket's subject. */
const dataRequestSubjects = {
  export: 'A copy of my personal data',
  correction: 'Correct my personal data',
  deletion: 'Delete my personal data',
} as const;

/**
 * Returns of a delivered order's items (or a problem reported with them), by their shopper, and a member's requests
 * about their personal data: each a grievance ticket, acknowledged by mail.
 */
const returnRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { db, returnRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };

  fastify.get(
    '/orders/:id/returns',
    {
      ...auth,
      schema: {
        ...userRouteSchema('orders', 'The returns of one of the caller’s orders, with each step'),
        params: idParamsSchema,
        response: { 200: returnListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await returnRepository.listReturns(db, request.params.id, signedInUser(request).id),
    }),
  );

  fastify.post(
    '/orders/:id/returns',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'orders',
          'Return items of a delivered order, or report a problem with them, within 30 days of delivery: the ' +
            'items and how many, what is wrong, photos (uploaded first), a refund or a replacement',
          true,
        ),
        params: idParamsSchema,
        body: returnRequestSchema,
        response: { 201: returnResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => ({
        data: await returnRepository.requestReturn(tx, signedInUser(request).id, request.params.id, request.body),
      }));
    },
  );

  fastify.post(
    '/me/data-requests',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'privacy',
          'Ask for a copy, a correction or the deletion of one’s personal data: a grievance ticket, acknowledged by mail',
          true,
        ),
        body: dataRequestSchema,
        response: { 201: dataRequestResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        const details = request.body.details ? `: ${request.body.details}` : '';
        const ticket = await returnRepository.openGrievance(tx, {
          kind: 'data_request',
          userId: user.id,
          name: user.name,
          email: user.email,
          about: `${dataRequestSubjects[request.body.kind]}${details}`,
        });
        return { data: { ticket } };
      });
    },
  );
};

/** A shopper's photos of what is wrong: uploaded one at a time, then named by the return; private to them and staff. */
export const returnPhotoRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await acceptImageUploads(fastify);
  const { returnRepository, storage } = fastify;
  const folder = storage.folder(RETURN_PHOTOS_FOLDER);

  fastify.post(
    '/returns/photos',
    {
      onRequest: fastify.authenticate,
      schema: {
        ...userRouteSchema(
          'orders',
          'Upload one photo for a return (multipart/form-data, field `file`): JPEG, PNG or WebP, at most 5 MB',
          true,
        ),
        response: { 201: returnPhotoResponseSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const bytes = await readImageUpload(fastify, request);
      request.body = { file_sha256: createHash('sha256').update(bytes).digest('hex') };
      reply.code(201);
      return storeImageThen(reply, bytes, folder, (image) =>
        fastify.runIdempotent(request, reply, async (tx) => {
          await returnRepository.keepPhoto(tx, user.id, image.name);
          return { data: { name: image.name, url: returnPhotoUrl(image.name) } };
        }),
      );
    },
  );

  fastify.get(
    '/returns/photos/:name',
    {
      onRequest: fastify.authenticate,
      schema: {
        ...userRouteSchema('orders', 'A return photo, to the shopper who sent it and to shop managers'),
        params: z.object({ name: z.string().check(z.regex(/^[0-9a-f]{32}\.webp$/, 'There is no such photo')) }),
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const { name } = request.params;
      if (!(await returnRepository.maySeePhoto(name, user))) throw new HttpError(404, 'There is no such photo');
      const file = await folder.read(name);
      if (!file) throw new HttpError(404, 'There is no such photo');
      return reply.type('image/webp').header('cache-control', 'private, max-age=3600').send(file.body);
    },
  );
};

export default returnRoutes;
