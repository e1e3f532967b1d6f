import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type BannerInput, staffBannerListResponseSchema, staffBannerResponseSchema } from '@/contract/admin';
import { messageResponseSchema } from '@/contract/user';
import { adminKeys, adminRequest } from '@/lib/admin-api';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { siteKeys } from '@/lib/site-query-keys';

export const bannersQuery = queryOptions({
  queryKey: adminKeys.area('banners'),
  queryFn: ({ signal }) => adminRequest('/banners', { schema: staffBannerListResponseSchema, signal }),
  select: (answer) => answer.data,
});

/** Every banner change: the list is read again, and so is this device's copy of the public home page. */
function useBannerMutation<TInput, TResult>(send: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.area('banners') });
      void queryClient.invalidateQueries({ queryKey: siteKeys.homeData() });
    },
  });
}

export function useSaveBanner() {
  return useBannerMutation(async ({ id, input, key }: { id: number | null; input: BannerInput; key: string }) =>
    adminRequest(id === null ? '/banners' : `/banners/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: input,
      idempotencyKey: key,
      schema: staffBannerResponseSchema,
    }),
  );
}

export function useDeleteBanner() {
  return useBannerMutation(async (id: number) =>
    adminRequest(`/banners/${id}`, {
      method: 'DELETE',
      idempotencyKey: newIdempotencyKey(),
      schema: messageResponseSchema,
    }),
  );
}
