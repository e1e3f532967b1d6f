import { queryOptions } from '@tanstack/react-query';
import { tapeResponseSchema } from '@/contract/tapes';
import { API_BASE, apiRequest } from '@/lib/api-client';

/** A tape's query key: never kept on the device (its addresses expire; src/offline/query-persister.ts). */
export const tapeKey = (id: number) => ['tapes', id] as const;

/**
 * A self-tape for the poster (or its owner, or staff), with its renditions at addresses that work for 15 minutes:
 * asked again after 10, and whenever the player finds its address expired.
 */
export function tapeQueryOptions(id: number) {
  return queryOptions({
    queryKey: tapeKey(id),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/v1/tapes/${id}`, { schema: tapeResponseSchema, auth: true, signal })).data,
    staleTime: 10 * 60 * 1000,
    refetchOnWindowFocus: false,
  });
}

/** The address of a tape's file as the browser fetches it (the server gives it under the API base). */
export const tapeFileUrl = (path: string) => `${API_BASE}${path}`;
