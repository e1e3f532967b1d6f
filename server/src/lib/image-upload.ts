import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../../src/contract/uploads.js';
import { HttpError } from '../plugins/error-handler.js';
import { removeImage, storeImage, type StoredImage } from './images.js';
import type { Storage } from './storage.js';

/** Registers multipart parsing for one image per request (in the calling plugin's scope only). */
export async function acceptImageUploads(fastify: FastifyInstance): Promise<void> {
  await fastify.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, fieldNameSize: 100 },
  });
}

/**
 * The bytes of the one file of a multipart request (field `file`): 400 when there is none or the request is not
 * multipart, 413 over 5 MB. What the bytes are is for lib/images.ts to judge.
 */
export async function readImageUpload(fastify: FastifyInstance, request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) {
    throw new HttpError(400, 'Send the image as multipart/form-data in a field named file', 'file');
  }
  try {
    const file = await request.file();
    if (!file) throw new HttpError(400, 'Choose an image', 'file');
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof fastify.multipartErrors.RequestFileTooLargeError) {
      throw new HttpError(413, 'The image is larger than 5 MB: make it smaller and upload it again', 'file');
    }
    throw new HttpError(400, 'Send the image as multipart/form-data in a field named file', 'file');
  }
}

/**
 * Stores the upload's image, then runs `write` (its keyed write, given the stored image). The image is encoded before
 * the write's transaction, never inside it, so it is encoded once whatever happens to the transaction; its files are
 * removed when the write is refused or fails, or is answered by the replay of an earlier request (which stored its
 * own), so they never outlive the rows that name them.
 */
export async function storeImageThen<T>(
  reply: FastifyReply,
  bytes: Buffer,
  folder: Storage,
  write: (image: StoredImage) => Promise<T>,
): Promise<T> {
  const image = await storeImage(bytes, folder);
  let kept = false;
  try {
    const result = await write(image);
    kept = reply.getHeader('idempotent-replayed') !== 'true';
    return result;
  } finally {
    if (!kept) await removeImage(folder, image.name);
  }
}
