import { API_BASE } from './api-client';

/** The upload folders the server serves images from. */
export type ImageKind = 'banner' | 'settings' | 'inside' | 'section' | 'product' | 'directory';

/** The backend base is the API base without its trailing /api: /backend/api -> /backend. */
export const BACKEND_BASE = API_BASE.replace(/\/api$/, '');

/** {backend}/uploads/{folder}/{file}; an empty file name gives an empty address (no image). */
export function imageUrl(fileName: string, kind: ImageKind): string {
  if (!fileName) return '';
  return `${BACKEND_BASE}/uploads/${kind}/${encodeURIComponent(fileName)}`;
}
