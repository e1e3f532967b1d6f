import type { z } from 'zod/mini';
import { ADMIN_API_PATH } from '@/contract/admin';
import { apiRequest, type RequestOptions } from './api-client';

/**
 * A call to the back office's API (`/api/admin/v1`), always with the staff member's token. The server checks the
 * role of every call; the screens only decide what to show.
 */
export function adminRequest<T>(path: string, options: Omit<RequestOptions<T>, 'auth'> & { schema: z.ZodMiniType<T> }) {
  return apiRequest(`${ADMIN_API_PATH}${path}`, { ...options, auth: true });
}

/** Query keys of the back office: all under `admin`, which is never saved on the device (offline/query-persister). */
export const adminKeys = {
  all: ['admin'] as const,
  area: (area: string) => ['admin', area] as const,
  list: (area: string, params: object = {}) => ['admin', area, 'list', params] as const,
  item: (area: string, id: number | string) => ['admin', area, 'item', id] as const,
};
