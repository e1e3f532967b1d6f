import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES } from '../../../src/contract/uploads.js';
import { HttpError } from '../plugins/error-handler.js';

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
