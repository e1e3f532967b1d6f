import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  addressResponseSchema,
  messageResponseSchema,
  profileResponseSchema,
  type AddressInput,
  type ProfileUpdate,
} from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ProfileUpdate) =>
      (
        await apiRequest(apiPaths.userApi('/profile'), {
          method: 'PUT',
          auth: true,
          body: input,
          schema: profileResponseSchema,
        })
      ).data,
    onSuccess: (profile) => queryClient.setQueryData(accountKeys.profile(), profile),
  });
}

/** Adds a new address (no id) or changes a saved one. */
export function useSaveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, address }: { id: number | null; address: AddressInput }) =>
      apiRequest(apiPaths.userApi(id === null ? '/addresses' : `/addresses/${id}`), {
        method: id === null ? 'POST' : 'PUT',
        auth: true,
        body: address,
        idempotencyKey: id === null ? newIdempotencyKey() : undefined,
        schema: addressResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
}

export function useRemoveAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(apiPaths.userApi(`/addresses/${id}`), {
        method: 'DELETE',
        auth: true,
        idempotencyKey: newIdempotencyKey(),
        schema: messageResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.profile() }),
  });
}
