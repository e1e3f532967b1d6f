import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import type { Role } from '../../../../src/contract/roles.js';
import { type UploadFolder, uploadFolders, uploadResponseSchema } from '../../../../src/contract/uploads.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { acceptImageUploads, readImageUpload, storeImageThen } from '../../lib/image-upload.js';
import { recordAudit } from '../../lib/audit.js';
import { HttpError } from '../../plugins/error-handler.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** Who may upload to each folder (admins to all): the shop's images are the shop managers', the rest the editors'. */
const folderRoles: Record<UploadFolder, Role> = {
  banner: 'editor',
  settings: 'editor',
  inside: 'editor',
  section: 'editor',
  directory: 'editor',
  product: 'shop_manager',
  // Members' own photos come through their profile (`/me/profile/photos`).
  profile: 'admin',
};

const folderParamsSchema = z.object({
  folder: z.enum(uploadFolders, { error: `folder must be one of ${uploadFolders.join(', ')}` }),
});

/** Image uploads: one image per request, checked by its bytes and stored re-encoded (lib/images.ts). */
const uploadRoutes: FastifyPluginAsyncZod = async (fastify) => {
  await acceptImageUploads(fastify);

  fastify.post(
    '/uploads/:folder',
    {
      onRequest: fastify.allowRoles('editor', 'shop_manager'),
      schema: {
        ...adminRouteSchema(
          'uploads',
          'Upload one image (multipart/form-data, field `file`): JPEG, PNG or WebP, at most 5 MB and 40 megapixels',
          'editors (product images: shop managers)',
          true,
        ),
        params: folderParamsSchema,
        response: { 201: uploadResponseSchema, ...adminErrorResponses, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { folder } = request.params;
      const role = request.user?.role;
      if (role !== 'admin' && role !== folderRoles[folder]) {
        throw new HttpError(403, 'Your account is not allowed to do this');
      }
      const bytes = await readImageUpload(fastify, request);
      // The one idempotency path fingerprints the body: here, the file's own bytes.
      request.body = { file_sha256: createHash('sha256').update(bytes).digest('hex') };
      reply.code(201);
      return storeImageThen(reply, bytes, fastify.storage.folder(folder), (image) =>
        fastify.runIdempotent(request, reply, async (tx) => {
          await recordAudit(tx, request, { action: 'upload', entity: 'upload', entityId: `${folder}/${image.name}` });
          return { data: { ...image, folder } };
        }),
      );
    },
  );
};

export default uploadRoutes;
