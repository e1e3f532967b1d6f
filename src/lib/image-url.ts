import { API_BASE } from './api-client';
import { type UploadFolder, uploadSrcSet } from '@/contract/uploads';

/** The upload folders the server serves images from. */
export type ImageKind = UploadFolder;

/** The backend base is the API base without its trailing /api: /backend/api -> /backend. */
export const BACKEND_BASE = API_BASE.replace(/\/api$/, '');

/** {backend}/uploads/{folder}/{file}; an empty file name gives an empty address (no image). */
export function imageUrl(fileName: string, kind: ImageKind): string {
  if (!fileName) return '';
  return `${BACKEND_BASE}/uploads/${kind}/${encodeURIComponent(fileName)}`;
}

/**
 * The `srcset` of an image uploaded through the back office (stored in every width of UPLOAD_WIDTHS), so that a
 * phone downloads the small file; undefined for a seeded image, which has one file.
 */
export function imageSrcSet(fileName: string, kind: ImageKind): string | undefined {
  return uploadSrcSet(fileName, (file) => imageUrl(file, kind));
}

/**
 * The `srcset` of an image by its address (`…/uploads/<folder>/<name>`), when it was uploaded in every width of
 * UPLOAD_WIDTHS; undefined for any other address (a seeded image, a drawing), which has one file.
 */
export function srcSetOfUrl(url: string): string | undefined {
  const slash = url.lastIndexOf('/');
  let name: string;
  try {
    name = decodeURIComponent(url.slice(slash + 1));
  } catch {
    return undefined;
  }
  return uploadSrcSet(name, (file) => `${url.slice(0, slash + 1)}${encodeURIComponent(file)}`);
}
