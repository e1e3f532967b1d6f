import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ConfirmEmailRequest, messageResponseSchema, type Profile } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { accountKeys } from '@/lib/shop-query-keys';

export function useConfirmEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ConfirmEmailRequest) =>
      apiRequest(apiPaths.userApi('/confirm-email'), { method: 'POST', body: input, schema: messageResponseSchema }),
    // A signed-in member on this device sees at once that their email is confirmed.
    onSuccess: () => {
      queryClient.setQueryData<Profile>(accountKeys.profile(), (profile) =>
        profile ? { ...profile, email_confirmed: true } : profile,
      );
      return queryClient.invalidateQueries({ queryKey: accountKeys.profile() });
    },
  });
}
