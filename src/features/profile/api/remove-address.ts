import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { accountKeys } from '@/lib/shop-query-keys';

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
