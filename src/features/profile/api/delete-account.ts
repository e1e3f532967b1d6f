import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { forgetMemberOnDevice } from '@/offline/forget-member';

/**
 * Deletes the member's account (`DELETE /me`, the password again): on success nothing of theirs stays on the device,
 * as at logout; the server has already ended every session.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const signOut = useAppStore((state) => state.signOut);
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(apiPaths.userApi('/me'), {
        method: 'DELETE',
        body: { password },
        auth: true,
        schema: messageResponseSchema,
      }),
    onSuccess: async () => {
      if (userId !== null) await forgetMemberOnDevice(userId);
      signOut();
      queryClient.removeQueries({ queryKey: accountKeys.all() });
    },
    networkMode: 'always',
  });
}
