import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '@/contract/user';
import { apiPaths, apiRequest } from '@/lib/api-client';
import { useAppStore } from '@/lib/app-store';
import { accountKeys } from '@/lib/shop-query-keys';
import { forgetMemberOnDevice } from '@/offline/forget-member';
import type { Proof } from './download-my-data';

/**
 * Deletes the member's account (`DELETE /me`, the password again, or a code sent to the phone): on success nothing of theirs stays on the device,
 * as at logout; the server has already ended every session.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const signOut = useAppStore((state) => state.signOut);
  const userId = useAppStore((state) => state.userProfile?.id ?? null);
  return useMutation({
    mutationFn: (proof: Proof) =>
      apiRequest(apiPaths.userApi('/me'), {
        method: 'DELETE',
        body: proof,
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
