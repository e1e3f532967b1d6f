import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileResponseSchema, type ProfileUpdate } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
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
