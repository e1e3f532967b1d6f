import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addressResponseSchema, type AddressInput } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';

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
