import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  savedSearchListResponseSchema,
  savedSearchResponseSchema,
  type SavedSearchFilters,
} from '@/contract/roles-for-you';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { myCastingKeys } from './casting-keys';

/** The member's kept filters (removed with the rest of their data at logout, as `myCastingKeys` are). */
const rolesForYouKey = () => [...myCastingKeys.all(), 'roles-for-you'] as const;

export function savedSearchesQueryOptions() {
  return queryOptions({
    queryKey: rolesForYouKey(),
    queryFn: async ({ signal }) =>
      (
        await apiRequest(apiPaths.userApi('/me/roles-for-you'), {
          schema: savedSearchListResponseSchema,
          auth: true,
          signal,
        })
      ).data,
  });
}

/** Keeps the filters; answers whether they were kept already (the server answers the same set then). */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (filters: SavedSearchFilters) => {
      const known = queryClient.getQueryData(savedSearchesQueryOptions().queryKey) ?? [];
      const { data } = await apiRequest(apiPaths.userApi('/me/roles-for-you'), {
        method: 'POST',
        body: filters,
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: savedSearchResponseSchema,
      });
      return { search: data, already: known.some((item) => item.id === data.id) };
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesForYouKey() }),
    networkMode: 'always',
  });
}

export function useDeleteSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(apiPaths.userApi(`/me/roles-for-you/${id}`), {
        method: 'DELETE',
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: messageResponseSchema,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rolesForYouKey() }),
    networkMode: 'always',
  });
}
