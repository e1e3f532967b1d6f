import type { z } from 'zod/mini';
import { API_BASE, NetworkError, readAnswer } from './api-client';
import { loadRefusalWords } from './refusals';
import { getAccessToken } from './session';
import { shrinkImage } from './shrink-image';

export interface ImageUploadOptions<T> {
  schema: z.ZodMiniType<T>;
  idempotencyKey: string;
  /** Told the share of the photo sent so far, 0-100, as the bytes leave the device. */
  onProgress: (percent: number) => void;
  /** Told once the photo is shrunk and its upload starts. */
  onSending?: () => void;
}

/**
 * Shrinks a photo (lib/shrink-image.ts) and sends it as `file` of a multipart form to the API `path`, with the
 * member's token, reporting how much of it has been sent. XMLHttpRequest and not fetch: fetch reports nothing of an
 * upload, and at 400 kbps a photo of 700 KB takes a quarter of a minute that a spinner alone does not explain.
 * Throws ImageRefusal before anything is sent, then ApiError or NetworkError as apiRequest does.
 */
export async function uploadImage<T>(path: string, file: File, options: ImageUploadOptions<T>): Promise<T> {
  const shrunk = await shrinkImage(file);
  const body = new FormData();
  body.append('file', shrunk);
  const sentToken = getAccessToken();
  options.onSending?.();
  options.onProgress(0);
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}${path}`);
    request.setRequestHeader('accept', 'application/json');
    request.setRequestHeader('idempotency-key', options.idempotencyKey);
    if (sentToken) request.setRequestHeader('authorization', `Bearer ${sentToken}`);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => resolve({ status: request.status, body: request.responseText }));
    request.addEventListener('error', () => reject(new NetworkError(new Error('The upload did not reach the server'))));
    request.addEventListener('abort', () => reject(new NetworkError(new Error('The upload was stopped'))));
    request.addEventListener('timeout', () => reject(new NetworkError(new Error('The upload timed out'))));
    request.send(body);
  });
  options.onProgress(100);
  if (answer.status >= 400) await loadRefusalWords();
  return readAnswer(answer.status, answer.body, sentToken, { schema: options.schema });
}
